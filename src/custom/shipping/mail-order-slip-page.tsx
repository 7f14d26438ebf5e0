// /mail-orders/{id}/packing-slip (PackingSlip Update, issue 19): a mail order's drops and the packing
// slips that take them to the entry office. "Make packing slip" lists the drops not on a slip yet,
// one line each, on a draft slip of the mail order's order (POST mail-orders/{id}/packing-slip), then
// opens it to pack, ship and print.
import type { HttpError } from "@refinedev/core";
import { Alert, Button, Descriptions, Empty, Flex, Result, Space, Spin, Table, Tag, Typography } from "antd";
import { useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { EMPTY, formatDate, formatDateTime, formatNumber } from "../../components/fields/format";
import { useFetched } from "../../providers/use-fetched";
import { errorText, useDeskCall } from "../orders/use-desk-call";
import type { MailDrop, MailOrderSlipAnswer } from "./mail-order-slip-data";

export default function MailOrderSlipPage() {
  const { id = "" } = useParams();
  const navigate = useNavigate();
  const { data, query } = useFetched<MailOrderSlipAnswer>({
    url: `mail-orders/${id}/packing-slip`,
    queryOptions: { queryKey: ["mail-order-slip", id], retry: false },
    errorNotification: false,
  });
  const { call, pending } = useDeskCall();
  const [error, setError] = useState<string | null>(null);
  if (query.isError) {
    const missing = (query.error as HttpError | null)?.statusCode === 404;
    return (
      <Result
        status={missing ? "404" : "warning"}
        title={missing ? "This mail order does not exist" : "This mail order could not be loaded"}
        extra={<Link to="/mail-orders">Back to mail orders</Link>}
      />
    );
  }
  if (!data) return <Spin size="large" style={{ display: "block", margin: "64px auto" }} />;
  const waiting = data.drops.filter((d) => d.slip === null && d.status !== "cancelled");
  const make = async () => {
    setError(null);
    try {
      const slip = await call<{ id: number }>(`mail-orders/${data.id}/packing-slip`);
      navigate(`/packing-slips/${slip.id}`);
    } catch (e) {
      setError(errorText(e));
    }
  };
  return (
    <>
      <Flex justify="space-between" align="flex-start" wrap gap={12} style={{ marginBottom: 16 }}>
        <Space direction="vertical" size={4}>
          <Link to={`/mail-orders/${data.id}`}>← Mail order {data.mail_order_number}</Link>
          <Typography.Title level={3} style={{ margin: 0 }}>
            Packing slip for the drops of {data.mail_order_number}
          </Typography.Title>
        </Space>
        <Button type="primary" loading={pending} disabled={waiting.length === 0} onClick={make}>
          Make packing slip ({waiting.length} drop{waiting.length === 1 ? "" : "s"})
        </Button>
      </Flex>
      {error && <Alert type="error" showIcon message={error} role="alert" style={{ marginBottom: 16 }} />}
      <Descriptions
        size="small"
        bordered
        column={{ xs: 1, sm: 2, lg: 3 }}
        items={[
          { key: "customer", label: "Customer", children: data.customer ?? EMPTY },
          {
            key: "order",
            label: "Order",
            children: data.order ? (
              <Link to={`/orders/${data.order.id}`}>{data.order.number}</Link>
            ) : (
              "No order"
            ),
          },
          { key: "facility", label: "Entry facility", children: data.entry_facility ?? EMPTY },
          { key: "status", label: "Status", children: data.status ?? EMPTY },
          {
            key: "item",
            label: "Printing item",
            children: data.item
              ? `Item ${data.item.number}: ${data.item.description} (${formatNumber(data.item.quantity)})`
              : "None: the order has no item of the mail order's product",
          },
        ]}
      />
      <Typography.Title level={4} style={{ marginTop: 24 }}>
        Drops
      </Typography.Title>
      <Table<MailDrop>
        rowKey="id"
        size="small"
        pagination={false}
        scroll={{ x: true }}
        dataSource={data.drops}
        locale={{ emptyText: <Empty description="No drops scheduled" /> }}
        columns={[
          { key: "no", title: "Drop", render: (_, d) => d.drop_no },
          { key: "date", title: "Scheduled", render: (_, d) => formatDate(d.scheduled_date) },
          { key: "qty", title: "Pieces", align: "right", render: (_, d) => formatNumber(d.quantity) },
          { key: "status", title: "Status", render: (_, d) => <Tag>{d.status.replace("_", " ")}</Tag> },
          { key: "mailed", title: "Mailed", render: (_, d) => formatDateTime(d.mailed_at) },
          {
            key: "slip",
            title: "Packing slip",
            render: (_, d) =>
              d.slip ? <Link to={`/packing-slips/${d.slip.id}`}>{d.slip.slip_number}</Link> : "Not on a slip",
          },
        ]}
      />
    </>
  );
}
