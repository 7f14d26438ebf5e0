// /refund-approvals (RefundApproval Update, issue 19): the refund requests a manager decides on, oldest
// first, with the order, amount, reason and remedy. Approve and Reject (with a reason) go to the
// server (POST refund-approvals/{id}/approve | reject), which moves each along the declared steps and
// records who decided and when. An approved card refund is sent to Stripe; while card payments are not
// configured, or after Stripe refused it, it stays approved and the page says so (and offers to send it
// again once configured). The filter lives in the URL (?status=).
import { Alert, Button, Form, Input, Modal, Popconfirm, Select, Space, Table, Tag, Typography } from "antd";
import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { FieldValue } from "../../components/fields/field-value";
import { EMPTY, formatDateTime, formatMoney } from "../../components/fields/format";
import { type Notice, NoticeAlert } from "../../components/notice-alert";
import { useFetched } from "../../providers/use-fetched";
import { fieldOf } from "../../resource-engine/field-of";
import refundApprovals from "../../resources/refund-approvals";
import userPayments from "../../resources/user-payments";
import { type DecisionAnswer, QUEUE_FILTERS, type QueueEntry, type QueueFilter } from "./refund-queue-data";
import { errorText, useDeskCall } from "./use-desk-call";

const field = (name: string, value: unknown) => (
  <FieldValue field={fieldOf(refundApprovals, name)} value={value} />
);

function RejectDialog({
  entry,
  onClose,
  onDone,
}: {
  entry: QueueEntry;
  onClose: () => void;
  onDone: (text: string) => void;
}) {
  const { call, pending } = useDeskCall();
  const [error, setError] = useState<string | null>(null);
  const submit = async ({ reason }: { reason: string }) => {
    setError(null);
    try {
      const answer = await call<DecisionAnswer>(`refund-approvals/${entry.id}/reject`, {
        version: entry.version,
        reason: reason.trim(),
      });
      onDone(answer.message);
    } catch (e) {
      setError(errorText(e));
    }
  };
  return (
    <Modal
      open
      title={`Reject the refund request on ${entry.order.number}`}
      okText="Reject"
      okButtonProps={{ danger: true, loading: pending, htmlType: "submit", form: "reject-refund" }}
      cancelText="Back"
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph>
        {formatMoney(entry.amount)} · {entry.remedy} · requested by {entry.requested_by ?? "someone"}
      </Typography.Paragraph>
      <Form id="reject-refund" layout="vertical" onFinish={submit}>
        <Form.Item
          name="reason"
          label="Why is it rejected?"
          rules={[{ required: true, whitespace: true, message: "Say why the refund is rejected" }]}
        >
          <Input.TextArea rows={3} maxLength={500} showCount />
        </Form.Item>
      </Form>
      {error && <Alert type="error" showIcon message={error} role="alert" />}
    </Modal>
  );
}

export default function RefundQueuePage() {
  const [params, setParams] = useSearchParams();
  const filter = (QUEUE_FILTERS.find((f) => f.value === params.get("status"))?.value ??
    "open") as QueueFilter;
  const order = params.get("order") ?? "";
  const { data: entries, query } = useFetched<QueueEntry[]>({
    url: "refund-approvals/queue",
    config: { query: { status: filter, ...(order ? { order } : {}) } },
    queryOptions: { queryKey: ["refund-queue", filter, order] },
  });
  const setParam = (name: string, value: string) =>
    setParams((previous) => {
      const next = new URLSearchParams(previous);
      if (value) next.set(name, value);
      else next.delete(name);
      return next;
    });
  const rows = entries ?? [];
  const { call, pending } = useDeskCall();
  const [rejecting, setRejecting] = useState<QueueEntry | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const finished = (text: string, type: "success" | "warning" = "success") => {
    setRejecting(null);
    setNotice({ type, text });
    void query.refetch();
  };
  const approve = async (entry: QueueEntry) => {
    setNotice(null);
    try {
      const answer = await call<DecisionAnswer>(`refund-approvals/${entry.id}/approve`, {
        version: entry.version,
      });
      const waits = answer.refund.status === "approved";
      finished(answer.message, waits ? "warning" : "success");
    } catch (e) {
      setNotice({ type: "error", text: errorText(e) });
      void query.refetch();
    }
  };
  const decidable = filter === "open";
  return (
    <>
      <Typography.Title level={3}>Refund approvals</Typography.Title>
      <Space wrap style={{ marginBottom: 16 }}>
        <label htmlFor="refund-filter">Show</label>
        <Select
          id="refund-filter"
          value={filter}
          style={{ minWidth: 220 }}
          options={QUEUE_FILTERS}
          onChange={(v: QueueFilter) => setParam("status", v)}
        />
        <Input.Search
          aria-label="Order number"
          placeholder="Order number"
          allowClear
          defaultValue={order}
          maxLength={40}
          onSearch={(v) => setParam("order", v.trim())}
          style={{ width: 220 }}
        />
      </Space>
      <NoticeAlert notice={notice} onClose={() => setNotice(null)} />
      <Table<QueueEntry>
        rowKey="id"
        loading={query.isLoading}
        dataSource={rows}
        scroll={{ x: true }}
        pagination={{ pageSize: 25, hideOnSinglePage: true }}
        locale={{ emptyText: query.isLoading ? " " : decidable ? "No refund requests to decide" : "None" }}
        columns={[
          {
            key: "requested",
            title: "Requested",
            render: (_, r) => (
              <Space direction="vertical" size={0}>
                {formatDateTime(r.created_at)}
                <Typography.Text type="secondary">{r.requested_by ?? EMPTY}</Typography.Text>
              </Space>
            ),
          },
          {
            key: "order",
            title: "Order",
            render: (_, r) => (
              <Space direction="vertical" size={0}>
                <Link to={`/orders/${r.order.id}`}>{r.order.number}</Link>
                <Typography.Text type="secondary">{r.order.customer ?? ""}</Typography.Text>
              </Space>
            ),
          },
          { key: "amount", title: "Amount", align: "right", render: (_, r) => formatMoney(r.amount) },
          { key: "reason", title: "Reason", render: (_, r) => field("reason", r.reason) },
          { key: "remedy", title: "Remedy", render: (_, r) => field("remedy", r.remedy) },
          {
            key: "payment",
            title: "Payment",
            render: (_, r) =>
              r.payment ? (
                <Space direction="vertical" size={0}>
                  <span>
                    {r.payment.label} · {formatMoney(r.payment.amount)}
                  </span>
                  <FieldValue field={fieldOf(userPayments, "method")} value={r.payment.method} />
                </Space>
              ) : (
                EMPTY
              ),
          },
          {
            key: "status",
            title: "Status",
            render: (_, r) => (
              <Space direction="vertical" size={4}>
                {field("status", r.status)}
                {r.awaiting_card_processor && (
                  <Tag>Card refund: waits for card payments to be configured</Tag>
                )}
                {r.card_resend && (
                  <Popconfirm
                    title={`Send the ${formatMoney(r.amount)} refund on ${r.order.number} to Stripe again?`}
                    okText="Send"
                    onConfirm={() => approve(r)}
                  >
                    <Button size="small" loading={pending}>
                      Send to Stripe again
                    </Button>
                  </Popconfirm>
                )}
                {r.decided_at && (
                  <Typography.Text type="secondary">
                    {formatDateTime(r.decided_at)}
                    {r.approver ? ` · ${r.approver}` : ""}
                  </Typography.Text>
                )}
              </Space>
            ),
          },
          {
            key: "notes",
            title: "Notes",
            render: (_, r) => <span style={{ whiteSpace: "pre-wrap" }}>{r.notes ?? EMPTY}</span>,
          },
          ...(decidable
            ? [
                {
                  key: "decide",
                  title: "Decide",
                  render: (_: unknown, r: QueueEntry) => (
                    <Space>
                      <Popconfirm
                        title={`Approve ${formatMoney(r.amount)} (${r.remedy}) on ${r.order.number}?`}
                        okText="Approve"
                        onConfirm={() => approve(r)}
                      >
                        <Button
                          type="primary"
                          loading={pending}
                          aria-label={`Approve the request on ${r.order.number}`}
                        >
                          Approve
                        </Button>
                      </Popconfirm>
                      <Button
                        danger
                        onClick={() => setRejecting(r)}
                        aria-label={`Reject the request on ${r.order.number}`}
                      >
                        Reject
                      </Button>
                    </Space>
                  ),
                },
              ]
            : []),
        ]}
      />
      {rejecting && (
        <RejectDialog entry={rejecting} onClose={() => setRejecting(null)} onDone={(t) => finished(t)} />
      )}
    </>
  );
}
