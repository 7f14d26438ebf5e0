// The order page's header: who, where, when and how much (issue 19), each value in the shop's words.
import { Descriptions, Space, Tag, Typography } from "antd";
import { Link } from "react-router";
import { FieldValue } from "../../components/fields/field-value";
import { EMPTY, formatDate, formatDateTime, formatMoney } from "../../components/fields/format";
import { fieldOf } from "../../resource-engine/field-of";
import orders from "../../resources/orders";
import type { DeskAnswer } from "./desk-answer";
import { StatusTag } from "./status-tag";

const enumValue = (name: string, value: unknown) => (
  <FieldValue field={fieldOf(orders, name)} value={value} />
);

export function OrderHeader({ desk }: { desk: DeskAnswer }) {
  const { order, names } = desk;
  const status = desk.statuses.order.find((s) => s.id === order.status_id);
  const text = (v: string | null) => v ?? EMPTY;
  return (
    <Descriptions
      size="small"
      bordered
      column={{ xs: 1, sm: 2, lg: 3 }}
      items={[
        {
          key: "customer",
          label: "Customer",
          children: names.customer ? (
            <Link to={`/customers/${String(order.customer_id)}`}>{names.customer}</Link>
          ) : (
            EMPTY
          ),
        },
        { key: "site", label: "Site", children: text(names.site) },
        { key: "channel", label: "Channel", children: enumValue("channel", order.channel) },
        { key: "csr", label: "CSR", children: text(names.csr) },
        { key: "rep", label: "Sales rep", children: text(names.sales_rep) },
        { key: "po", label: "Customer PO", children: text((order.customer_po as string | null) ?? null) },
        { key: "ordered", label: "Ordered", children: formatDateTime(order.ordered_at) },
        { key: "proof", label: "Proof due", children: formatDateTime(order.proof_due_at) },
        {
          key: "due",
          label: "Due date",
          children: (
            <Space size={4} wrap>
              {formatDate(order.wanted_by)}
              {enumValue("turnaround", order.turnaround)}
              {order.firm_due_date === true && <Tag color="red">Firm</Tag>}
            </Space>
          ),
        },
        { key: "ship", label: "Ship method", children: enumValue("ship_method", order.ship_method) },
        { key: "ship_to", label: "Ship to", children: text(names.ship_to) },
        { key: "bill_to", label: "Bill to", children: text(names.bill_to) },
        {
          key: "totals",
          label: "Totals",
          children: (
            <Typography.Text>
              {formatMoney(order.subtotal)} − {formatMoney(order.discount ?? 0)} discount +{" "}
              {formatMoney(order.shipping ?? 0)} shipping + {formatMoney(order.tax ?? 0)} tax ={" "}
              <strong>{formatMoney(order.total)}</strong>
            </Typography.Text>
          ),
        },
        {
          key: "due_amount",
          label: "Amount due",
          children: (
            <Space size={4} wrap>
              <strong data-testid="amount-due">{formatMoney(order.amount_due)}</strong>
              {enumValue("payment_status", order.payment_status)}
            </Space>
          ),
        },
        { key: "status", label: "Status", children: <StatusTag status={status} /> },
        ...(names.cost_center ? [{ key: "cc", label: "Cost centre", children: names.cost_center }] : []),
      ]}
    />
  );
}
