// /prepress/outsource-staging: items at a trade printer, with the printer, when the job was sent
// and is expected (its purchase order), and the tracking of the boxes on their way; late ones
// first in red. ?vendor_id= in the URL narrows to one printer.
import { Empty, Select, Table, Tag, Typography } from "antd";
import { Link, useSearchParams } from "react-router";
import { type OutsourcedItem, trackingUrl } from "./queue-logic";
import { OrderLink, QueueFrame, useQueue } from "./queue-page";

const today = () => new Date().toLocaleDateString("en-CA");

export default function OutsourcePage() {
  const [params, setParams] = useSearchParams();
  const vendorId = Number(params.get("vendor_id")) || undefined;
  const queue = useQueue<OutsourcedItem>("outsourced");
  const vendors = [...new Map(queue.rows.map((r) => [r.vendor_id, r.vendor])).entries()];
  const rows = queue.rows.filter((r) => vendorId === undefined || r.vendor_id === vendorId);
  return (
    <QueueFrame
      title="Outsource staging"
      intro="Items a trade printer produces for us, until their boxes arrive and join their orders in staging."
      loading={queue.query.isLoading}
      error={queue.query.isError ? String(queue.query.error?.message ?? "") : null}
      message={queue.message}
      onCloseMessage={queue.clearMessage}
      extra={
        <Select
          allowClear
          aria-label="Trade printer"
          placeholder="All trade printers"
          style={{ minWidth: 220 }}
          value={vendorId}
          options={vendors.map(([value, label]) => ({ value, label }))}
          onChange={(value) => setParams(value ? { vendor_id: String(value) } : {}, { replace: true })}
        />
      }
    >
      {rows.length === 0 ? (
        <Empty description="No item at a trade printer" />
      ) : (
        <Table<OutsourcedItem>
          rowKey="id"
          size="middle"
          pagination={{ pageSize: 50, hideOnSinglePage: true }}
          scroll={{ x: 900 }}
          dataSource={rows}
          columns={[
            {
              title: "Order",
              key: "order",
              render: (_, r) => <OrderLink id={r.order_id} number={r.order_number} />,
            },
            {
              title: "Item",
              key: "item",
              render: (_, r) => `${r.quantity.toLocaleString("en-US")} × ${r.description}`,
            },
            { title: "Customer", dataIndex: "customer" },
            {
              title: "Trade printer",
              key: "vendor",
              render: (_, r) => <Link to={`/vendors/${r.vendor_id}`}>{r.vendor}</Link>,
            },
            {
              title: "Sent",
              key: "sent",
              render: (_, r) =>
                r.po_id ? (
                  <span>
                    {r.sent_on ?? "—"} ·{" "}
                    {/* Underlined: within a line of text, a link is told from it by more than its colour. */}
                    <Link to={`/purchase-orders/${r.po_id}`} style={{ textDecoration: "underline" }}>
                      {r.po_number}
                    </Link>
                  </span>
                ) : (
                  <Typography.Text type="secondary">Not sent</Typography.Text>
                ),
            },
            {
              title: "Expected",
              key: "expected",
              render: (_, r) =>
                r.expected_on ? (
                  <Tag
                    color={r.expected_on < today() ? "red" : r.expected_on === today() ? "orange" : "green"}
                  >
                    {r.expected_on < today() ? "Late " : ""}
                    {r.expected_on}
                  </Tag>
                ) : (
                  "—"
                ),
            },
            {
              title: "Tracking",
              key: "tracking",
              render: (_, r) => {
                const url = trackingUrl(r.tracking_number);
                if (!r.tracking_number)
                  return <Typography.Text type="secondary">Not shipped yet</Typography.Text>;
                return url ? (
                  <a href={url} target="_blank" rel="noreferrer">
                    {r.tracking_number}
                  </a>
                ) : (
                  r.tracking_number
                );
              },
            },
            { title: "Due", dataIndex: "due" },
          ]}
        />
      )}
    </QueueFrame>
  );
}
