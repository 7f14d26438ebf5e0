// /orders/manage-mail-drops/{order_id} (issue 19, Order UpdateAny): the drops of the order's mail
// orders, as a list per mail order and on a calendar (USPS holidays marked), with add, split and
// reschedule. The server decides every rule (server/orders/mail-drops.ts and the mail-order hook):
// a refusal is shown in the dialog where the user acted, with the server's sentence.
import { useSubscription } from "@refinedev/core";
import {
  Alert,
  Badge,
  Button,
  Calendar,
  Card,
  Empty,
  Flex,
  Form,
  Grid,
  Input,
  InputNumber,
  Modal,
  Segmented,
  Space,
  Spin,
  Table,
  Tag,
  Typography,
} from "antd";
import dayjs, { type Dayjs } from "dayjs";
import { useState } from "react";
import { Link, useParams, useSearchParams } from "react-router";
import { DateInput } from "../../components/fields/date-input";
import { formatDate, formatNumber } from "../../components/fields/format";
import { useFetched } from "../../providers/use-fetched";
import { type CalendarDrop, type DropRow, dropsByDate, halfOf } from "./mail-drop-plan";
import { OrderLoadError } from "./order-load-error";
import { StatusTag } from "./status-tag";
import { errorText, useDeskCall } from "./use-desk-call";

interface MailOrderDrops {
  id: number;
  version: number;
  mail_order_number: string;
  mail_class: string | null;
  piece_count: number | null;
  status: { name: string; color: string | null } | null;
  drops: (DropRow & { id: number })[];
}

interface MailDropsAnswer {
  order: { id: number; order_number: string };
  mail_orders: MailOrderDrops[];
  holidays: { date: string; name: string }[];
  max_span_days: number;
}

type Dialog =
  | { kind: "add"; mailOrder: MailOrderDrops }
  | { kind: "split" | "reschedule"; mailOrder: MailOrderDrops; drop: DropRow & { id: number } };

const STATUS_COLORS: Record<string, string> = {
  scheduled: "blue",
  in_production: "orange",
  mailed: "green",
  cancelled: "red",
};
const statusLabel = (status: string) => status.charAt(0).toUpperCase() + status.slice(1).replace("_", " ");
const weekdayOf = (date: string) => dayjs(date).format("dddd");

function DropDialog({
  dialog,
  orderId,
  onClose,
  onDone,
}: {
  dialog: Dialog;
  orderId: number;
  onClose: () => void;
  onDone: (text: string) => void;
}) {
  const { call, pending } = useDeskCall();
  const [error, setError] = useState<string | null>(null);
  const [form] = Form.useForm();
  const { mailOrder } = dialog;
  const drop = dialog.kind === "add" ? null : dialog.drop;
  const title =
    dialog.kind === "add"
      ? `Add a drop to ${mailOrder.mail_order_number}`
      : `${dialog.kind === "split" ? "Split" : "Reschedule"} drop ${drop?.drop_no} of ${mailOrder.mail_order_number}`;
  const first = mailOrder.drops.find((d) => d.status !== "cancelled");
  const initial =
    dialog.kind === "add"
      ? { quantity: first?.quantity, scheduled_date: null }
      : dialog.kind === "split"
        ? { quantity: halfOf(drop?.quantity ?? 0), scheduled_date: null }
        : { scheduled_date: drop?.scheduled_date };
  const submit = async (values: { scheduled_date: string; quantity?: number; list_segment?: string }) => {
    setError(null);
    const body =
      dialog.kind === "add"
        ? { action: "add", ...values, list_segment: values.list_segment || undefined }
        : dialog.kind === "split"
          ? { action: "split", drop_id: drop?.id, ...values }
          : { action: "reschedule", drop_id: drop?.id, scheduled_date: values.scheduled_date };
    try {
      await call(`orders/${orderId}/mail-drops/${mailOrder.id}`, { version: mailOrder.version, ...body });
      onDone(
        dialog.kind === "add"
          ? `Drop added to ${mailOrder.mail_order_number} on ${formatDate(values.scheduled_date)}`
          : dialog.kind === "split"
            ? `Drop ${drop?.drop_no} split: ${formatNumber(values.quantity)} pieces mail on ${formatDate(values.scheduled_date)}`
            : `Drop ${drop?.drop_no} rescheduled to ${formatDate(values.scheduled_date)}`,
      );
    } catch (e) {
      setError(errorText(e));
    }
  };
  return (
    <Modal
      open
      title={title}
      okText={dialog.kind === "add" ? "Add drop" : dialog.kind === "split" ? "Split drop" : "Reschedule"}
      confirmLoading={pending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      {drop && (
        <Typography.Paragraph type="secondary">
          Drop {drop.drop_no} mails {formatNumber(drop.quantity)} pieces on {weekdayOf(drop.scheduled_date)}{" "}
          {formatDate(drop.scheduled_date)}.
          {dialog.kind === "split" &&
            ` The new drop takes the pieces you enter; drop ${drop.drop_no} keeps the rest.`}
        </Typography.Paragraph>
      )}
      {error && <Alert type="error" showIcon role="alert" message={error} style={{ marginBottom: 16 }} />}
      <Form form={form} layout="vertical" initialValues={initial} onFinish={submit}>
        <Form.Item
          name="scheduled_date"
          label={dialog.kind === "reschedule" ? "New date" : "Date of the new drop"}
          rules={[{ required: true, message: "Choose a date" }]}
        >
          <DateInput />
        </Form.Item>
        {dialog.kind !== "reschedule" && (
          <Form.Item
            name="quantity"
            label={dialog.kind === "split" ? "Pieces the new drop mails" : "Pieces"}
            rules={[{ required: true, message: "Enter a number of pieces" }]}
          >
            <InputNumber min={1} max={10_000_000} precision={0} style={{ width: "100%" }} />
          </Form.Item>
        )}
        {dialog.kind === "add" && (
          <Form.Item name="list_segment" label="List segment">
            <Input maxLength={80} />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}

function DropsTable({
  mailOrder,
  onAct,
}: {
  mailOrder: MailOrderDrops;
  onAct: (kind: "split" | "reschedule", drop: DropRow & { id: number }) => void;
}) {
  return (
    <Table<DropRow & { id: number }>
      rowKey="id"
      size="small"
      pagination={false}
      scroll={{ x: true }}
      dataSource={mailOrder.drops}
      locale={{ emptyText: <Empty description="No drops yet" /> }}
      columns={[
        { key: "no", title: "Drop", render: (_, d) => d.drop_no },
        {
          key: "date",
          title: "Date",
          render: (_, d) => `${weekdayOf(d.scheduled_date).slice(0, 3)} ${formatDate(d.scheduled_date)}`,
        },
        { key: "quantity", title: "Pieces", align: "right", render: (_, d) => formatNumber(d.quantity) },
        { key: "segment", title: "Segment", render: (_, d) => d.list_segment ?? "" },
        {
          key: "status",
          title: "Status",
          render: (_, d) => <Tag color={STATUS_COLORS[d.status]}>{statusLabel(d.status)}</Tag>,
        },
        {
          key: "actions",
          title: "Actions",
          render: (_, d) =>
            d.status === "scheduled" ? (
              <Space size={4} wrap>
                <Button
                  size="small"
                  onClick={() => onAct("reschedule", d)}
                  aria-label={`Reschedule drop ${d.drop_no} of ${mailOrder.mail_order_number}`}
                >
                  Reschedule
                </Button>
                <Button
                  size="small"
                  onClick={() => onAct("split", d)}
                  aria-label={`Split drop ${d.drop_no} of ${mailOrder.mail_order_number}`}
                >
                  Split
                </Button>
              </Space>
            ) : (
              <Typography.Text type="secondary">{statusLabel(d.status)}: stays as it is</Typography.Text>
            ),
        },
      ]}
    />
  );
}

function DropCalendar({ answer }: { answer: MailDropsAnswer }) {
  const byDate = dropsByDate(answer.mail_orders);
  const holidays = new Map(answer.holidays.map((h) => [h.date, h.name]));
  const firstDrop = [...byDate.keys()].sort().find((d) => d >= dayjs().format("YYYY-MM-DD"));
  const [month, setMonth] = useState<Dayjs>(() => dayjs(firstDrop ?? undefined));
  // A phone gets the small calendar (its cells still carry the drops).
  const wide = Grid.useBreakpoint().md !== false;
  const cell = (day: Dayjs) => {
    const key = day.format("YYYY-MM-DD");
    const drops: CalendarDrop[] = byDate.get(key) ?? [];
    const holiday = holidays.get(key);
    return (
      <div>
        {holiday && (
          <Typography.Text type="danger" style={{ fontSize: 12 }}>
            {holiday}
          </Typography.Text>
        )}
        {drops.map((d) => (
          <div key={`${d.mail_order_number}-${d.drop_no}`}>
            <Badge
              color={STATUS_COLORS[d.status] ?? "blue"}
              text={`${d.mail_order_number} #${d.drop_no}: ${formatNumber(d.quantity)}`}
            />
          </div>
        ))}
      </div>
    );
  };
  return (
    <Calendar
      fullscreen={wide}
      value={month}
      onPanelChange={(value) => setMonth(value)}
      onSelect={(value) => setMonth(value)}
      cellRender={(current, info) => (info.type === "date" ? cell(current) : info.originNode)}
    />
  );
}

export default function MailDropsPage() {
  const { order_id = "" } = useParams();
  const [params, setParams] = useSearchParams();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const { data: answer, query } = useFetched<MailDropsAnswer>({
    url: `orders/${order_id}/mail-drops`,
    queryOptions: { queryKey: ["mail-drops", order_id], retry: false },
    errorNotification: false,
  });
  useSubscription({
    channel: "resources/MailOrder",
    types: ["*"],
    params: { subscriptionType: "useList" },
    onLiveEvent: () => void query.refetch(),
  });
  const view = params.get("view") === "calendar" ? "calendar" : "list";

  if (query.isError) return <OrderLoadError error={query.error} title="The mail drops could not be loaded" />;
  if (!answer?.order) return <Spin size="large" style={{ display: "block", margin: "64px auto" }} />;
  const { order } = answer;

  return (
    <>
      <Flex justify="space-between" align="flex-start" wrap gap={12} style={{ marginBottom: 16 }}>
        <Space direction="vertical" size={4}>
          <Link to={`/orders/${order.id}?tab=mail`}>← Order {order.order_number}</Link>
          <Typography.Title level={3} style={{ margin: 0 }}>
            Mail drops of order {order.order_number}
          </Typography.Title>
          <Typography.Text type="secondary">
            Drops mail on weekdays that are not USPS holidays, all within {answer.max_span_days} days of the
            first, in equal quantities adding up to the mail order's piece count.
          </Typography.Text>
        </Space>
        <Segmented
          aria-label="View"
          value={view}
          options={[
            { value: "list", label: "List" },
            { value: "calendar", label: "Calendar" },
          ]}
          onChange={(value) =>
            setParams(
              (previous) => {
                const next = new URLSearchParams(previous);
                if (value === "calendar") next.set("view", "calendar");
                else next.delete("view");
                return next;
              },
              { replace: true },
            )
          }
        />
      </Flex>
      {notice && (
        <Alert
          type="success"
          showIcon
          closable
          role="status"
          message={notice}
          onClose={() => setNotice(null)}
          style={{ marginBottom: 16 }}
        />
      )}
      {answer.mail_orders.length === 0 ? (
        <Empty description="This order has no mail orders" />
      ) : view === "calendar" ? (
        <DropCalendar answer={answer} />
      ) : (
        <Space direction="vertical" size={16} style={{ width: "100%" }}>
          {answer.mail_orders.map((m) => (
            <Card
              key={m.id}
              size="small"
              title={
                <Space wrap>
                  <Link to={`/mail-orders/${m.id}`}>{m.mail_order_number}</Link>
                  <Typography.Text type="secondary">
                    {formatNumber(m.piece_count ?? 0)} pieces
                  </Typography.Text>
                  {m.status && <StatusTag status={m.status} />}
                </Space>
              }
              extra={<Button onClick={() => setDialog({ kind: "add", mailOrder: m })}>Add drop</Button>}
            >
              <DropsTable mailOrder={m} onAct={(kind, drop) => setDialog({ kind, mailOrder: m, drop })} />
            </Card>
          ))}
        </Space>
      )}
      {dialog && (
        <DropDialog
          dialog={dialog}
          orderId={order.id}
          onClose={() => setDialog(null)}
          onDone={(text) => {
            setDialog(null);
            setNotice(text);
            void query.refetch();
          }}
        />
      )}
    </>
  );
}
