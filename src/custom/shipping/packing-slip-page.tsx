// /packing-slips/{id} (PackingSlip Update, issue 19): a slip as the shipping desk works it: its lines
// with quantities ordered, shipped and backordered, cartons, weight, carrier and tracking; Save (the
// generic update, with the version read), Mark packed and Mark shipped (POST packing-slips/{id}/pack
// | ship: the slips' rules, and shipping moves the order's fully shipped items to Shipped in the same
// transaction), and the print ticket. The generic form stays at /packing-slips/{id}/edit.
import { type HttpError, useOne, useUpdate } from "@refinedev/core";
import {
  Button,
  Descriptions,
  Flex,
  Form,
  Input,
  InputNumber,
  Result,
  Select,
  Space,
  Spin,
  Table,
  Typography,
} from "antd";
import { useEffect, useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { FieldValue } from "../../components/fields/field-value";
import { formatDateTime, formatNumber } from "../../components/fields/format";
import { type Notice, NoticeAlert } from "../../components/notice-alert";
import { fieldOf } from "../../resource-engine/field-of";
import packingSlips from "../../resources/packing-slips";
import { errorText, useDeskCall } from "../orders/use-desk-call";

interface Line {
  id: number;
  description: string;
  order_item_id: number | null;
  quantity_ordered: number;
  quantity_shipped: number;
  quantity_backordered: number;
}
type Slip = Record<string, unknown> & {
  id: number;
  version: number;
  slip_number: string;
  status: string;
  lines: Line[];
};
interface Values {
  carrier?: string | null;
  service?: string | null;
  tracking_number?: string | null;
  cartons?: number | null;
  quantity_per_carton?: number | null;
  weight?: number | null;
  lines: { quantity_shipped: number; quantity_backordered: number }[];
}

const BOX = ["carrier", "service", "tracking_number", "cartons", "quantity_per_carton", "weight"] as const;
// References by the slips' look-ups: whoever works the slip sees the names it points at.
const show = (name: string, value: unknown) => (
  <FieldValue
    field={fieldOf(packingSlips, name)}
    value={value}
    source={{ resource: packingSlips, field: name }}
  />
);
const carriers = (() => {
  const field = packingSlips.fields.carrier;
  return field.type === "enum" ? field.values.map((v) => ({ value: v.value, label: v.label })) : [];
})();

/** The box's details as a body: empty inputs left out. */
function boxOf(values: Values): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const name of BOX) {
    const v = values[name];
    if (v !== undefined && v !== null && v !== "") body[name] = typeof v === "string" ? v.trim() : v;
  }
  return body;
}

export default function PackingSlipPage() {
  const { id = "" } = useParams();
  const navigate = useNavigate();
  const { query, result } = useOne<Slip>({ resource: "PackingSlip", id, queryOptions: { retry: false } });
  const slip = result as Slip | undefined;
  const [form] = Form.useForm<Values>();
  const { call, pending } = useDeskCall();
  const { mutateAsync, mutation } = useUpdate();
  const [notice, setNotice] = useState<Notice | null>(null);
  useEffect(() => {
    if (!slip) return;
    form.setFieldsValue({
      ...Object.fromEntries(BOX.map((name) => [name, slip[name] ?? null])),
      lines: slip.lines.map((l) => ({
        quantity_shipped: l.quantity_shipped,
        quantity_backordered: l.quantity_backordered,
      })),
    });
  }, [slip, form]);

  if (query.isError) {
    const missing = (query.error as HttpError | null)?.statusCode === 404;
    return (
      <Result
        status={missing ? "404" : "warning"}
        title={missing ? "This packing slip does not exist" : "This packing slip could not be loaded"}
        extra={<Link to="/packing-slips">Back to packing slips</Link>}
      />
    );
  }
  if (!slip) return <Spin size="large" style={{ display: "block", margin: "64px auto" }} />;
  const draft = slip.status === "draft";
  const open = draft || slip.status === "packed";
  const run = async (work: () => Promise<unknown>, text: string) => {
    setNotice(null);
    try {
      await work();
      setNotice({ type: "success", text });
      await query.refetch();
    } catch (e) {
      setNotice({ type: "error", text: errorText(e) });
    }
  };
  const save = (values: Values) =>
    run(
      () =>
        mutateAsync({
          resource: "PackingSlip",
          id: slip.id,
          values: {
            version: slip.version,
            ...boxOf(values),
            ...(draft ? { lines: slip.lines.map((l, i) => ({ id: l.id, ...values.lines[i] })) } : {}),
          },
          successNotification: false,
          errorNotification: false,
        }),
      `${slip.slip_number} saved`,
    );
  const move = (target: "pack" | "ship") =>
    run(
      () =>
        call(`packing-slips/${slip.id}/${target}`, {
          version: slip.version,
          ...boxOf(form.getFieldsValue()),
        }),
      target === "pack"
        ? `${slip.slip_number} is packed`
        : `${slip.slip_number} is shipped; its order's items are marked shipped`,
    );

  return (
    <>
      <Flex justify="space-between" align="flex-start" wrap gap={12} style={{ marginBottom: 16 }}>
        <Space direction="vertical" size={4}>
          <Link to="/packing-slips">← Packing slips</Link>
          <Space wrap>
            <Typography.Title level={3} style={{ margin: 0 }}>
              Packing slip {slip.slip_number}
            </Typography.Title>
            {show("status", slip.status)}
          </Space>
        </Space>
        <Space wrap>
          {draft && (
            <Button loading={pending} onClick={() => move("pack")}>
              Mark packed
            </Button>
          )}
          {open && (
            <Button type="primary" loading={pending} onClick={() => move("ship")}>
              Mark shipped
            </Button>
          )}
          <Button href={`/packing-slips/${slip.id}/print-ticket`} target="_blank">
            Print ticket
          </Button>
          <Button onClick={() => navigate(`/packing-slips/${slip.id}/edit`)}>Edit all fields</Button>
        </Space>
      </Flex>
      <NoticeAlert notice={notice} onClose={() => setNotice(null)} />
      <Descriptions
        size="small"
        bordered
        column={{ xs: 1, sm: 2, lg: 3 }}
        items={[
          {
            key: "order",
            label: "Order",
            children: show("order_id", slip.order_id),
          },
          { key: "mail", label: "Mail order", children: show("mail_order_id", slip.mail_order_id) },
          { key: "ship_to", label: "Ship to", children: show("ship_to_id", slip.ship_to_id) },
          { key: "from", label: "Ship from", children: show("ship_from_id", slip.ship_from_id) },
          { key: "packed_by", label: "Packed by", children: show("packed_by_id", slip.packed_by_id) },
          { key: "packed_at", label: "Packed", children: formatDateTime(slip.packed_at) },
          { key: "prints", label: "Ticket printed", children: `${formatNumber(slip.print_count)} times` },
        ]}
      />
      <Form<Values> form={form} layout="vertical" onFinish={save} disabled={!open} style={{ marginTop: 24 }}>
        <Typography.Title level={4}>Lines</Typography.Title>
        <Table<Line>
          rowKey="id"
          size="small"
          pagination={false}
          scroll={{ x: true }}
          dataSource={slip.lines}
          columns={[
            { key: "n", title: "#", render: (_, __, i) => i + 1, width: 48 },
            { key: "description", title: "Description", dataIndex: "description" },
            {
              key: "ordered",
              title: "Ordered",
              align: "right",
              render: (_, l) => formatNumber(l.quantity_ordered),
            },
            {
              key: "shipped",
              title: "Shipped",
              render: (_, l, i) => (
                <Form.Item name={["lines", i, "quantity_shipped"]} noStyle>
                  <InputNumber<number>
                    min={0}
                    precision={0}
                    disabled={!draft}
                    aria-label={`Shipped, line ${i + 1}: ${l.description}`}
                  />
                </Form.Item>
              ),
            },
            {
              key: "backordered",
              title: "Backordered",
              render: (_, l, i) => (
                <Form.Item name={["lines", i, "quantity_backordered"]} noStyle>
                  <InputNumber<number>
                    min={0}
                    precision={0}
                    disabled={!draft}
                    aria-label={`Backordered, line ${i + 1}: ${l.description}`}
                  />
                </Form.Item>
              ),
            },
          ]}
        />
        <Typography.Title level={4} style={{ marginTop: 24 }}>
          The box
        </Typography.Title>
        <Flex wrap gap={16}>
          <Form.Item name="carrier" label="Carrier" style={{ minWidth: 180 }}>
            <Select allowClear options={carriers} />
          </Form.Item>
          <Form.Item name="service" label="Service" style={{ minWidth: 200 }}>
            <Input maxLength={60} placeholder="e.g. Ground" />
          </Form.Item>
          <Form.Item name="tracking_number" label="Tracking number" style={{ minWidth: 220 }}>
            <Input maxLength={60} />
          </Form.Item>
          <Form.Item name="cartons" label="Cartons">
            <InputNumber<number> min={0} max={10_000} precision={0} />
          </Form.Item>
          <Form.Item name="quantity_per_carton" label="Per carton">
            <InputNumber<number> min={0} precision={0} />
          </Form.Item>
          <Form.Item name="weight" label="Weight (lb)">
            <InputNumber<number> min={0} precision={1} />
          </Form.Item>
        </Flex>
        {open && (
          <Button htmlType="submit" loading={mutation.isPending}>
            Save
          </Button>
        )}
      </Form>
    </>
  );
}
