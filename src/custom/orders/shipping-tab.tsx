// The order's packing slips and mail orders (each list only for users who may read it).
import { Empty, Space, Table, Typography } from "antd";
import { Link } from "react-router";
import { FieldValue } from "../../components/fields/field-value";
import { EMPTY, formatDateTime, formatNumber } from "../../components/fields/format";
import { fieldOf } from "../../resource-engine/field-of";
import mailOrders from "../../resources/mail-orders";
import packingSlips from "../../resources/packing-slips";
import type { DeskAnswer, MailOrderSummary, SlipSummary } from "./desk-answer";

export function SlipsTab({ desk, openSlip }: { desk: DeskAnswer; openSlip: boolean }) {
  if (desk.packing_slips === null) {
    return <Typography.Text type="secondary">You do not have access to packing slips.</Typography.Text>;
  }
  return (
    <Table<SlipSummary>
      rowKey="id"
      size="small"
      pagination={false}
      scroll={{ x: true }}
      dataSource={desk.packing_slips}
      locale={{ emptyText: <Empty description="No packing slips yet" /> }}
      columns={[
        {
          key: "number",
          title: "Slip",
          render: (_, s) =>
            openSlip ? <Link to={`/packing-slips/${s.id}`}>{s.slip_number}</Link> : s.slip_number,
        },
        {
          key: "status",
          title: "Status",
          render: (_, s) => <FieldValue field={fieldOf(packingSlips, "status")} value={s.status} />,
        },
        {
          key: "carrier",
          title: "Carrier",
          render: (_, s) => <FieldValue field={fieldOf(packingSlips, "carrier")} value={s.carrier} />,
        },
        { key: "tracking", title: "Tracking", render: (_, s) => s.tracking_number ?? EMPTY },
        { key: "shipped", title: "Pieces", align: "right", render: (_, s) => formatNumber(s.shipped) },
        { key: "packed", title: "Packed", render: (_, s) => formatDateTime(s.packed_at) },
        {
          key: "print",
          title: "Ticket",
          render: (_, s) => (
            <Space size={4}>
              <Link to={`/packing-slips/${s.id}/print-ticket`} target="_blank">
                Print ticket
              </Link>
              <Typography.Text type="secondary">({s.print_count} printed)</Typography.Text>
            </Space>
          ),
        },
      ]}
    />
  );
}

export function MailOrdersTab({ desk, openSlip }: { desk: DeskAnswer; openSlip: boolean }) {
  if (desk.mail_orders === null) {
    return <Typography.Text type="secondary">You do not have access to mail orders.</Typography.Text>;
  }
  return (
    <Table<MailOrderSummary>
      rowKey="id"
      size="small"
      pagination={false}
      scroll={{ x: true }}
      dataSource={desk.mail_orders}
      locale={{ emptyText: <Empty description="No mail orders for this order" /> }}
      columns={[
        {
          key: "number",
          title: "Mail order",
          render: (_, m) => <Link to={`/mail-orders/${m.id}`}>{m.mail_order_number}</Link>,
        },
        {
          key: "class",
          title: "Mail class",
          render: (_, m) => <FieldValue field={fieldOf(mailOrders, "mail_class")} value={m.mail_class} />,
        },
        { key: "pieces", title: "Pieces", align: "right", render: (_, m) => formatNumber(m.piece_count) },
        { key: "drops", title: "Drops", align: "right", render: (_, m) => m.drops },
        { key: "status", title: "Status", render: (_, m) => m.status ?? EMPTY },
        {
          key: "slip",
          title: "Packing slip",
          render: (_, m) =>
            openSlip ? <Link to={`/mail-orders/${m.id}/packing-slip`}>Drops and slip</Link> : EMPTY,
        },
      ]}
    />
  );
}
