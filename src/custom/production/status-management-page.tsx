// /status-management (issue 18; Status Read to look, Status Update to change): the tenant's workflow
// of each entity, edited on its Status records through the data provider. The statuses are lanes in
// sort order (drag, or keyboard, to reorder: the changed sort orders are written one PATCH each with
// the version read), the allowed next statuses a matrix of checkboxes (from → to: next_status_ids),
// and a drawer edits a status's name, colour, category, customer label, station and flags. The
// server has the last word: its 400 and 409 sentences (a status in use keeps its entity, codes are
// unique, next statuses are of the same entity, a stale version) are shown as they come.
import { type HttpError, useList, useUpdate } from "@refinedev/core";
import {
  Alert,
  Button,
  Card,
  Checkbox,
  ColorPicker,
  Drawer,
  Empty,
  Flex,
  Form,
  Input,
  Select,
  Spin,
  Switch,
  Table,
  Tabs,
  Tooltip,
  Typography,
} from "antd";
import { useEffect, useMemo, useState, useSyncExternalStore } from "react";
import { Link, useSearchParams } from "react-router";
import { can } from "../../access/permissions";
import { getMergedPermissions, onPermissionsChange } from "../../providers/access-control";
import { StatusLanes } from "./status-lanes";
import {
  cellAllowed,
  ENTITIES,
  ENTITY_LABELS,
  type Entity,
  emptyNextMeaning,
  inLaneOrder,
  moved,
  reorderWrites,
  toggledNext,
  type WorkflowStatus,
} from "./status-workflow";

type Feedback = { type: "success" | "error"; text: string } | null;

const CATEGORIES = ["open", "production", "complete", "cancelled"];
const FLAGS = [
  ["show_on_board", "Show on boards"],
  ["notify_customer", "Notify the customer"],
  ["allows_cancellation", "Allows cancellation"],
  ["locks_editing", "Locks editing"],
] as const;
const FORM_FIELDS = new Set([
  "name",
  "category",
  "color",
  "customer_label",
  "station_id",
  "show_on_board",
  "notify_customer",
  "allows_cancellation",
  "locks_editing",
]);

const messageOf = (error: unknown) =>
  (error as HttpError | undefined)?.message ?? "The change could not be saved";

function EditDrawer(props: {
  status: WorkflowStatus | null;
  stations: { id: number; name: string }[];
  onClose: () => void;
  onSaved: (name: string) => void;
}) {
  const { status, stations, onClose, onSaved } = props;
  const [form] = Form.useForm();
  const { mutateAsync, mutation } = useUpdate();
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setError(null);
    if (status) form.setFieldsValue({ ...status, color: status.color ?? undefined });
  }, [status, form]);
  const save = async (values: Record<string, unknown>) => {
    if (!status) return;
    setError(null);
    const color = values.color;
    const hex =
      typeof color === "string"
        ? color
        : color && typeof color === "object" && "toHexString" in color
          ? (color as { toHexString(): string }).toHexString()
          : null;
    try {
      await mutateAsync({
        resource: "Status",
        id: status.id,
        values: {
          ...values,
          color: hex,
          station_id: values.station_id ?? null,
          customer_label: values.customer_label || null,
          version: status.version,
        },
        successNotification: false,
        errorNotification: false,
      });
      onSaved(String(values.name ?? status.name));
    } catch (e) {
      const fields = (e as HttpError).errors as Record<string, string[]> | undefined;
      if (fields) {
        form.setFields(
          Object.entries(fields)
            .filter(([name]) => FORM_FIELDS.has(name))
            .map(([name, errors]) => ({ name, errors })),
        );
      }
      setError(messageOf(e));
    }
  };
  return (
    <Drawer
      open={status !== null}
      onClose={onClose}
      title={status ? `Edit ${status.name}` : ""}
      width={420}
      destroyOnHidden
      extra={
        <Button type="primary" loading={mutation.isPending} onClick={() => form.submit()}>
          Save
        </Button>
      }
    >
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 12 }} role="alert" />}
      <Form form={form} layout="vertical" onFinish={save}>
        <Form.Item name="name" label="Name" rules={[{ required: true, whitespace: true, max: 80 }]}>
          <Input />
        </Form.Item>
        <Form.Item name="category" label="Category" rules={[{ required: true }]}>
          <Select options={CATEGORIES.map((value) => ({ value, label: value }))} />
        </Form.Item>
        <Form.Item name="color" label="Colour">
          <ColorPicker format="hex" showText allowClear />
        </Form.Item>
        <Form.Item
          name="customer_label"
          label="Customer label"
          help="What customers see; the name when empty"
          rules={[{ max: 80 }]}
        >
          <Input allowClear />
        </Form.Item>
        <Form.Item name="station_id" label="Station" help="Where work in this status waits">
          <Select allowClear options={stations.map((s) => ({ value: s.id, label: s.name }))} />
        </Form.Item>
        {FLAGS.map(([name, label]) => (
          <Form.Item key={name} name={name} label={label} valuePropName="checked">
            <Switch />
          </Form.Item>
        ))}
        <button type="submit" hidden aria-hidden />
      </Form>
    </Drawer>
  );
}

function NextMatrix(props: {
  lanes: WorkflowStatus[];
  mayEdit: boolean;
  busy: boolean;
  onToggle: (from: WorkflowStatus, to: WorkflowStatus, on: boolean) => void;
}) {
  const { lanes, mayEdit, busy, onToggle } = props;
  return (
    <Table<WorkflowStatus>
      size="small"
      rowKey="id"
      pagination={false}
      scroll={{ x: 200 + lanes.length * 72 }}
      dataSource={lanes}
      aria-label="Allowed next statuses: rows are the status a record is in, columns the status it may take next"
      columns={[
        {
          title: "From \\ to",
          key: "from",
          fixed: "left",
          width: 200,
          render: (_, from) => (
            <Flex vertical>
              <Typography.Text strong>{from.name}</Typography.Text>
              {(from.next_status_ids ?? []).length === 0 && (
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {emptyNextMeaning(from.category)}
                </Typography.Text>
              )}
            </Flex>
          ),
        },
        ...lanes.map((to) => ({
          title: (
            <Tooltip title={to.name}>
              <span style={{ writingMode: "vertical-rl", transform: "rotate(180deg)", whiteSpace: "nowrap" }}>
                {to.name}
              </span>
            </Tooltip>
          ),
          key: `to-${to.id}`,
          width: 72,
          align: "center" as const,
          render: (_: unknown, from: WorkflowStatus) => {
            const allowed = cellAllowed(from, to);
            const checked = (from.next_status_ids ?? []).includes(to.id);
            if (!allowed && !checked) return null;
            return (
              <Checkbox
                aria-label={`${from.name} may move to ${to.name}`}
                checked={checked}
                disabled={!mayEdit || busy}
                onChange={(e) => onToggle(from, to, e.target.checked)}
              />
            );
          },
        })),
      ]}
    />
  );
}

export default function StatusManagementPage() {
  const [params, setParams] = useSearchParams();
  const entity: Entity = (ENTITIES as readonly string[]).includes(params.get("entity") ?? "")
    ? (params.get("entity") as Entity)
    : "order_item";
  const merged = useSyncExternalStore(onPermissionsChange, getMergedPermissions, getMergedPermissions);
  const mayEdit = can(merged, "Status", ["Read", "Update"]);
  const { result, query } = useList<WorkflowStatus>({
    resource: "Status",
    filters: [{ field: "entity", operator: "in", value: [entity] }],
    sorters: [{ field: "sort_order", order: "asc" }],
    pagination: { currentPage: 1, pageSize: 100 },
  });
  const stationList = useList<{ id: number; name: string }>({
    resource: "ProductionStation",
    pagination: { currentPage: 1, pageSize: 100 },
    sorters: [{ field: "name", order: "asc" }],
    queryOptions: { enabled: can(merged, "ProductionStation", "Read") },
  });
  const stations = useMemo(() => stationList.result?.data ?? [], [stationList.result]);
  const stationNames = useMemo(() => new Map(stations.map((s) => [s.id, s.name])), [stations]);
  const stored = useMemo(() => inLaneOrder(result?.data ?? []), [result]);
  // While a new order or a next status is written, the lanes and the matrix show it.
  const [pending, setPending] = useState<WorkflowStatus[] | null>(null);
  const lanes = pending ?? stored;
  const { mutateAsync } = useUpdate();
  const [busy, setBusy] = useState(false);
  const [feedback, setFeedback] = useState<Feedback>(null);
  const [editing, setEditing] = useState<WorkflowStatus | null>(null);

  const write = async (changes: { id: number; values: Record<string, unknown> }[], done: string) => {
    setBusy(true);
    setFeedback(null);
    let outcome: Feedback = { type: "success", text: done };
    try {
      for (const { id, values } of changes) {
        const version = stored.find((s) => s.id === id)?.version;
        await mutateAsync({
          resource: "Status",
          id,
          values: { ...values, version },
          successNotification: false,
          errorNotification: false,
        });
      }
    } catch (error) {
      outcome = { type: "error", text: messageOf(error) };
    } finally {
      // Told once the lanes show what the server holds and take the next move.
      await query.refetch();
      setPending(null);
      setBusy(false);
      setFeedback(outcome);
    }
  };

  const reorder = (from: number, to: number) => {
    const writes = reorderWrites(lanes, from, to);
    if (writes.length === 0) return;
    setPending(moved(lanes, from, to));
    void write(
      writes.map(({ id, sort_order }) => ({ id, values: { sort_order } })),
      `${lanes[from].name} moved to position ${to + 1}`,
    );
  };
  const toggle = (from: WorkflowStatus, to: WorkflowStatus, on: boolean) => {
    const next = toggledNext(from.next_status_ids, to.id, on, lanes);
    // The box shows the click at once, as the lanes show a move; the server's answer then replaces it.
    setPending(lanes.map((s) => (s.id === from.id ? { ...s, next_status_ids: next } : s)));
    void write(
      [{ id: from.id, values: { next_status_ids: next } }],
      on ? `${from.name} may now move to ${to.name}` : `${from.name} may no longer move to ${to.name}`,
    );
  };

  return (
    <Flex vertical gap={12}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          Status management
        </Typography.Title>
        {can(merged, "Status", "Create") && (
          <Link to="/statuses/create">
            <Button type="primary">Add a status</Button>
          </Link>
        )}
      </Flex>
      <Tabs
        activeKey={entity}
        onChange={(key) => {
          setPending(null);
          setFeedback(null);
          setParams({ entity: key });
        }}
        items={ENTITIES.map((e) => ({ key: e, label: ENTITY_LABELS[e] }))}
      />
      {!mayEdit && (
        <Alert
          type="info"
          showIcon
          message="You may look at the workflows; changing them needs Status Update."
        />
      )}
      {feedback && (
        <Alert
          type={feedback.type}
          showIcon
          closable
          message={feedback.text}
          role={feedback.type === "error" ? "alert" : "status"}
          onClose={() => setFeedback(null)}
        />
      )}
      {query.isLoading ? (
        <Flex justify="center" style={{ padding: 48 }}>
          <Spin tip="Loading the statuses" />
        </Flex>
      ) : query.isError ? (
        <Alert
          type="error"
          showIcon
          message="The statuses could not be loaded"
          description={query.error?.message}
        />
      ) : lanes.length === 0 ? (
        <Empty description={`No statuses for ${ENTITY_LABELS[entity].toLowerCase()} yet`} />
      ) : (
        <>
          <Card size="small" title="Statuses in order" extra={busy ? <Spin size="small" /> : null}>
            <StatusLanes
              lanes={lanes}
              stations={stationNames}
              mayEdit={mayEdit}
              busy={busy}
              onReorder={reorder}
              onEdit={setEditing}
            />
          </Card>
          <Card size="small" title="Allowed next statuses">
            <NextMatrix lanes={lanes} mayEdit={mayEdit} busy={busy} onToggle={toggle} />
          </Card>
        </>
      )}
      <EditDrawer
        status={editing}
        stations={stations}
        onClose={() => setEditing(null)}
        onSaved={(name) => {
          setEditing(null);
          setFeedback({ type: "success", text: `${name} saved` });
          void query.refetch();
        }}
      />
    </Flex>
  );
}
