// /inkjet-queue (issue 18, MailOrder Read): inkjet-addressed mail orders at the press (ready for
// addressing), on the inkjet, or held there, with their open drops (pieces, mail class, drop dates),
// from GET inkjet-queue. Start, complete, hold and release addressing are the server's
// (POST mail-orders/{id}/addressing/{action}, with the version read): a refused move shows the
// server's sentence. Offered to whoever may update mail orders; refreshed when mail orders change.
import { useCustomMutation } from "@refinedev/core";
import {
  Alert,
  Badge,
  Button,
  Card,
  Empty,
  Flex,
  Form,
  Input,
  Modal,
  Space,
  Spin,
  Table,
  Tag,
  Typography,
} from "antd";
import { useMemo, useState, useSyncExternalStore } from "react";
import { Link } from "react-router";
import { can } from "../../access/permissions";
import { getMergedPermissions, onPermissionsChange } from "../../providers/access-control";
import { useFetched } from "../../providers/use-fetched";
import { textColourOn } from "../../theme/contrast";
import {
  ACTION_LABELS,
  byStage,
  type InkjetAction,
  type InkjetAnswer,
  type InkjetRow,
  type InkjetStage,
  inkjetActions,
  mailClassLabel,
  STAGE_TITLES,
} from "./inkjet-logic";
import { LiveRefetch } from "./live-refetch";

const LIVE_KINDS = ["MailOrder", "Status"];
const count = (n: number) => n.toLocaleString("en-US");
const STAGES: InkjetStage[] = ["ready", "addressing", "held"];

function HoldModal(props: {
  row: InkjetRow | null;
  busy: boolean;
  onCancel: () => void;
  onSubmit: (reason: string) => void;
}) {
  const { row, busy, onCancel, onSubmit } = props;
  const [form] = Form.useForm<{ reason: string }>();
  if (!row) return null;
  return (
    <Modal
      open
      title={`Hold addressing of ${row.mail_order_number}`}
      okText="Hold"
      confirmLoading={busy}
      onCancel={onCancel}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={(values) => onSubmit(values.reason)}>
        <Form.Item
          name="reason"
          label="Reason"
          rules={[{ required: true, whitespace: true, message: "Say why" }]}
        >
          <Input autoFocus maxLength={500} />
        </Form.Item>
        <button type="submit" hidden aria-hidden />
      </Form>
    </Modal>
  );
}

function QueueTable(props: {
  stage: InkjetStage;
  rows: InkjetRow[];
  mayAct: boolean;
  busyId: number | null;
  onAction: (row: InkjetRow, action: InkjetAction) => void;
}) {
  const { stage, rows, mayAct, busyId, onAction } = props;
  const pieces = rows.reduce((n, r) => n + r.pieces, 0);
  return (
    <Card
      size="small"
      data-testid={`stage-${stage}`}
      title={
        <Space>
          {STAGE_TITLES[stage]}
          <Badge count={rows.length} showZero color="#595959" />
          <Typography.Text type="secondary">{count(pieces)} pieces</Typography.Text>
        </Space>
      }
    >
      <Table<InkjetRow>
        size="small"
        rowKey="id"
        pagination={false}
        scroll={{ x: 860 }}
        dataSource={rows}
        aria-label={STAGE_TITLES[stage]}
        locale={{ emptyText: <Empty description="Nothing here" image={Empty.PRESENTED_IMAGE_SIMPLE} /> }}
        columns={[
          {
            title: "Mail order",
            dataIndex: "mail_order_number",
            render: (number: string, r) => (
              <Space direction="vertical" size={0}>
                <Link to={`/mail-orders/${r.id}`}>{number}</Link>
                {r.order_number && <Typography.Text type="secondary">{r.order_number}</Typography.Text>}
              </Space>
            ),
          },
          { title: "Customer", dataIndex: "customer" },
          {
            title: "Mail class",
            dataIndex: "mail_class",
            render: (value: string, r) => `${mailClassLabel(value)}, ${r.shape}`,
          },
          { title: "Pieces", dataIndex: "pieces", align: "right", render: count },
          {
            title: "Drops",
            key: "drops",
            render: (_, r) => (
              <Space direction="vertical" size={0}>
                {r.drops.map((d) => (
                  <span key={d.drop_no}>
                    Drop {d.drop_no}: {d.scheduled_date}, {count(d.quantity)}
                    {d.status === "in_production" && (
                      <Tag color="orange" style={{ marginLeft: 4 }}>
                        in production
                      </Tag>
                    )}
                  </span>
                ))}
              </Space>
            ),
          },
          {
            title: "Status",
            key: "status",
            render: (_, r) => (
              <Space direction="vertical" size={0}>
                <Tag color={r.color ?? undefined} style={{ color: textColourOn(r.color ?? undefined) }}>
                  {r.status}
                </Tag>
                {r.held_from && <Typography.Text type="secondary">from {r.held_from}</Typography.Text>}
              </Space>
            ),
          },
          ...(mayAct
            ? [
                {
                  title: "Actions",
                  key: "actions",
                  render: (_: unknown, r: InkjetRow) => (
                    <Space wrap size={4}>
                      {inkjetActions(r.stage).map((action) => (
                        <Button
                          key={action}
                          size="small"
                          type={action === "hold" ? "default" : "primary"}
                          loading={busyId === r.id}
                          aria-label={`${ACTION_LABELS[action]} ${r.mail_order_number}`}
                          onClick={() => onAction(r, action)}
                        >
                          {ACTION_LABELS[action]}
                        </Button>
                      ))}
                    </Space>
                  ),
                },
              ]
            : []),
        ]}
      />
    </Card>
  );
}

export default function InkjetQueuePage() {
  const { data: answer, query } = useFetched<InkjetAnswer>({
    url: "inkjet-queue",
    queryOptions: { queryKey: ["inkjet-queue"] },
  });
  const stages = useMemo(() => byStage(answer?.rows ?? []), [answer]);
  const merged = useSyncExternalStore(onPermissionsChange, getMergedPermissions, getMergedPermissions);
  const mayUpdate = can(merged, "MailOrder", ["Read", "Update"]);
  const { mutate } = useCustomMutation();
  const [busyId, setBusyId] = useState<number | null>(null);
  const [holding, setHolding] = useState<InkjetRow | null>(null);
  const [message, setMessage] = useState<{ type: "success" | "error"; text: string } | null>(null);

  const send = (row: InkjetRow, action: InkjetAction, reason?: string) => {
    setBusyId(row.id);
    setMessage(null);
    mutate(
      {
        url: `mail-orders/${row.id}/addressing/${action}`,
        method: "post",
        values: { version: row.version, ...(reason ? { reason } : {}) },
        successNotification: false,
        errorNotification: false,
      },
      {
        onSuccess: () => {
          setHolding(null);
          setMessage({
            type: "success",
            text: `${row.mail_order_number}: ${ACTION_LABELS[action].toLowerCase()} done`,
          });
        },
        onError: (error) => {
          setHolding(null);
          setMessage({ type: "error", text: `${row.mail_order_number}: ${error.message}` });
        },
        onSettled: () => {
          setBusyId(null);
          void query.refetch();
        },
      },
    );
  };
  const onAction = (row: InkjetRow, action: InkjetAction) =>
    action === "hold" ? setHolding(row) : send(row, action);

  return (
    <Flex vertical gap={12}>
      <LiveRefetch kinds={LIVE_KINDS} refetch={() => void query.refetch()} throttleMs={1_000} />
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          Inkjet queue
        </Typography.Title>
        <Button onClick={() => void query.refetch()} loading={query.isFetching}>
          Refresh
        </Button>
      </Flex>
      <Typography.Text type="secondary">
        Inkjet-addressed mailings: printed pieces waiting for the addresser, being addressed, or held, with
        the drops still to mail.
      </Typography.Text>
      {message && (
        <Alert
          type={message.type}
          showIcon
          closable
          message={message.text}
          onClose={() => setMessage(null)}
          role={message.type === "error" ? "alert" : "status"}
        />
      )}
      {query.isLoading ? (
        <Flex justify="center" style={{ padding: 48 }}>
          <Spin tip="Loading the queue" />
        </Flex>
      ) : query.isError ? (
        <Alert
          type="error"
          showIcon
          message="The queue could not be loaded"
          description={query.error?.message}
        />
      ) : (
        STAGES.map((stage) => (
          <QueueTable
            key={stage}
            stage={stage}
            rows={stages[stage]}
            mayAct={mayUpdate}
            busyId={busyId}
            onAction={onAction}
          />
        ))
      )}
      <HoldModal
        row={holding}
        busy={busyId !== null}
        onCancel={() => setHolding(null)}
        onSubmit={(reason) => holding && send(holding, "hold", reason)}
      />
    </Flex>
  );
}
