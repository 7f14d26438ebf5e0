// The order's payments and refund requests (each list only for users who may read it).
import { Empty, Space, Table, Typography } from "antd";
import { FieldValue } from "../../components/fields/field-value";
import { EMPTY, formatDateTime, formatMoney } from "../../components/fields/format";
import { fieldOf } from "../../resource-engine/field-of";
import refundApprovals from "../../resources/refund-approvals";
import userPayments from "../../resources/user-payments";
import type { DeskAnswer, Rec, RefundSummary } from "./desk-answer";

const pay = (name: string, value: unknown) => (
  <FieldValue field={fieldOf(userPayments, name)} value={value} />
);
const ref = (name: string, value: unknown) => (
  <FieldValue field={fieldOf(refundApprovals, name)} value={value} />
);

export function MoneyTab({ desk }: { desk: DeskAnswer }) {
  return (
    <Space direction="vertical" size="large" style={{ width: "100%" }}>
      <section aria-labelledby="payments-title">
        <Typography.Title level={5} id="payments-title">
          Payments
        </Typography.Title>
        {desk.payments === null ? (
          <Typography.Text type="secondary">You do not have access to payments.</Typography.Text>
        ) : (
          <Table<Rec>
            rowKey="id"
            size="small"
            pagination={false}
            scroll={{ x: true }}
            dataSource={desk.payments}
            locale={{ emptyText: <Empty description="No payments yet" /> }}
            columns={[
              { key: "at", title: "Paid", render: (_, p) => formatDateTime(p.paid_at) },
              { key: "method", title: "Method", render: (_, p) => pay("method", p.method) },
              {
                key: "ref",
                title: "Reference",
                render: (_, p) => String(p.transaction_id ?? p.check_number ?? EMPTY),
              },
              { key: "amount", title: "Amount", align: "right", render: (_, p) => formatMoney(p.amount) },
              { key: "status", title: "Status", render: (_, p) => pay("status", p.status) },
            ]}
          />
        )}
      </section>
      <section aria-labelledby="refunds-title">
        <Typography.Title level={5} id="refunds-title">
          Refund requests
        </Typography.Title>
        {desk.refunds === null ? (
          <Typography.Text type="secondary">You do not have access to refund requests.</Typography.Text>
        ) : (
          <Table<RefundSummary>
            rowKey="id"
            size="small"
            pagination={false}
            scroll={{ x: true }}
            dataSource={desk.refunds}
            locale={{ emptyText: <Empty description="No refund requests" /> }}
            columns={[
              {
                key: "at",
                title: "Requested",
                render: (_, r) =>
                  `${formatDateTime(r.created_at)}${r.requested_by ? ` · ${r.requested_by}` : ""}`,
              },
              { key: "amount", title: "Amount", align: "right", render: (_, r) => formatMoney(r.amount) },
              { key: "reason", title: "Reason", render: (_, r) => ref("reason", r.reason) },
              { key: "remedy", title: "Remedy", render: (_, r) => ref("remedy", r.remedy) },
              { key: "payment", title: "Payment", render: (_, r) => r.payment ?? EMPTY },
              { key: "status", title: "Status", render: (_, r) => ref("status", r.status) },
              {
                key: "decided",
                title: "Decided",
                render: (_, r) =>
                  r.decided_at
                    ? `${formatDateTime(r.decided_at)}${r.approver ? ` · ${r.approver}` : ""}`
                    : EMPTY,
              },
            ]}
          />
        )}
      </section>
    </Space>
  );
}
