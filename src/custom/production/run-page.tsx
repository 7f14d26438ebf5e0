// /runs/{id}: a run as the floor sees it. Above, the operator actions its station's board offers
// (run-action-ui.tsx; server: GET runs/{id}/floor) and the run's links (job jacket, run spread,
// change log, edit); then what it prints on (stock, sheet, press), its items with their orders and
// slots (GET runs/{id}/print-data, joined for Run Read), and its status history from its change
// log: who moved it where, when, with the reason or the good quantity and waste.
import { ArrowLeftOutlined } from "@ant-design/icons";
import {
  Alert,
  Button,
  Card,
  Descriptions,
  Empty,
  Flex,
  Space,
  Spin,
  Table,
  Tag,
  Timeline,
  Typography,
} from "antd";
import { Link, useNavigate, useParams } from "react-router";
import { RecordActions } from "../../pages/resource/record-show";
import { useFetched } from "../../providers/use-fetched";
import runs from "../../resources/runs";
import { textColourOn } from "../../theme/contrast";
import {
  actionAvailable,
  type BoardCard,
  type BoardStation,
  type BoardStatus,
  DUE_COLOURS,
  dueTone,
} from "./board-logic";
import { boardOfType } from "./boards";
import { useRunPrintData } from "./print/run-print-data";
import { OrderLink } from "./queue-page";
import { useActionContext, useRunActions } from "./run-action-ui";
import { ACTION_LABELS } from "./run-card";
import { useLiveRefetch } from "./use-live-refetch";

const LIVE_KINDS = ["Run"];

interface Floor {
  card: BoardCard | null;
  board: string | null;
  statuses: BoardStatus[];
  stations: BoardStation[];
}

interface LogEntry {
  id: number;
  action: string;
  changed_at: string;
  user: { name: string } | null;
  changes: Record<string, { from: unknown; to: unknown }>;
}

const when = (iso: string | null | undefined) =>
  iso ? new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" }) : "—";
const count = (n: number | undefined | null) =>
  n === undefined || n === null ? "—" : n.toLocaleString("en-US");

/** One history line: what moved (status, station, operator) and the operator's words and figures. */
export function historyLine(
  entry: LogEntry,
  statusName: (id: unknown) => string,
  stationName: (id: unknown) => string,
): string | null {
  const c = entry.changes;
  const parts: string[] = [];
  if (entry.action === "create") parts.push("Created");
  if (c.status_id) parts.push(`${statusName(c.status_id.from)} → ${statusName(c.status_id.to)}`);
  if (c.station_id && c.station_id.from !== null) {
    parts.push(`sent from ${stationName(c.station_id.from)} to ${stationName(c.station_id.to)}`);
  }
  if (c.action?.to === "claim") parts.push("claimed");
  if (c.reason?.to) parts.push(`“${String(c.reason.to)}”`);
  if (c.good_quantity) parts.push(`good ${count(Number(c.good_quantity.to))}`);
  if (c.waste) parts.push(`waste ${count(Number(c.waste.to))}`);
  return parts.length > 0 ? parts.join(" · ") : null;
}

export default function RunPage() {
  const { id } = useParams();
  const navigate = useNavigate();
  const print = useRunPrintData(id);
  const { data: floor, query: floorQuery } = useFetched<Floor>({
    url: `runs/${id}/floor`,
    queryOptions: { queryKey: ["run-floor", id], retry: false },
    errorNotification: false,
  });
  const { data: logEntries, query: logsQuery } = useFetched<LogEntry[]>({
    url: `runs/${id}/change-logs`,
    config: { query: { limit: 100 } },
    queryOptions: { queryKey: ["run-history", id], retry: false },
    errorNotification: false,
  });
  // Station names for the history (the run's look-up answers whoever reads runs).
  const { data: stationList = [] } = useFetched<{ id: number; title: string }[]>({
    url: "runs/lookups/station_id",
    config: { query: { limit: 100 } },
    queryOptions: { queryKey: ["run-stations"], staleTime: 300_000 },
    errorNotification: false,
  });
  useLiveRefetch(LIVE_KINDS, () => Promise.all([floorQuery.refetch(), logsQuery.refetch()]));
  const board = floor?.board ? boardOfType(floor.board) : undefined;
  const ctx = useActionContext(board, floor?.statuses, floor?.stations);
  const actions = useRunActions(() => {
    void floorQuery.refetch();
    void logsQuery.refetch();
  });

  if ("error" in print) {
    return <Alert type="error" showIcon message="This run could not be loaded" />;
  }
  if ("loading" in print || floorQuery.isLoading) {
    return (
      <Flex justify="center" style={{ padding: 48 }}>
        <Spin tip="Loading the run" />
      </Flex>
    );
  }
  const run = print.run;
  const card = floor?.card ?? null;
  const statuses = floor?.statuses ?? [];
  const status = statuses.find((s) => s.id === card?.status_id);
  const statusName = (sid: unknown) => statuses.find((s) => s.id === sid)?.name ?? "no status";
  const stationName = (sid: unknown) =>
    stationList.find((s) => s.id === sid)?.title ?? `station ${String(sid)}`;
  const offered = card && ctx ? ctx.board.actions.filter((a) => actionAvailable(a, card, ctx)) : [];
  const tone = dueTone(run.dueAt ?? null, new Date());
  const logs = (logEntries ?? [])
    .map((entry) => ({ entry, line: historyLine(entry, statusName, stationName) }))
    .filter((h): h is { entry: LogEntry; line: string } => h.line !== null);

  return (
    <Flex vertical gap={16}>
      <Link to="/runs">
        <ArrowLeftOutlined /> Runs
      </Link>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Space size={8} wrap>
          <Typography.Title level={3} style={{ margin: 0 }}>
            Run {run.runNumber}
          </Typography.Title>
          {status && (
            <Tag color={status.color ?? undefined} style={{ color: textColourOn(status.color ?? undefined) }}>
              {status.name}
            </Tag>
          )}
          {card?.rush && <Tag color="red">Rush</Tag>}
        </Space>
        {id && <RecordActions resource={runs} id={id} onDeleted={() => navigate("/runs")} />}
      </Flex>
      {card && (
        <Card size="small" title={`At ${card.station}`}>
          <Flex justify="space-between" align="center" wrap gap={8}>
            <Typography.Text>
              Operator: {card.holder ?? "unclaimed"}
              {card.next_station ? ` · next: ${card.next_station}` : ""}
            </Typography.Text>
            <Space wrap>
              {offered.map((action) => (
                <Button
                  key={action}
                  type={action === "complete" || action === "start" ? "primary" : "default"}
                  disabled={actions.busy}
                  onClick={() => actions.request(card, action)}
                >
                  {action === "move" ? `Send to ${card.next_station}` : ACTION_LABELS[action]}
                </Button>
              ))}
              {offered.length === 0 && (
                <Typography.Text type="secondary">No action for you here now</Typography.Text>
              )}
            </Space>
          </Flex>
        </Card>
      )}
      {actions.conflict && (
        <Alert
          type="error"
          showIcon
          closable
          role="alert"
          message={actions.conflict}
          onClose={actions.clearConflict}
        />
      )}
      <Card size="small">
        <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }}>
          <Descriptions.Item label="Type">{run.runType.replaceAll("_", " ")}</Descriptions.Item>
          <Descriptions.Item label="Press">{run.press ?? "—"}</Descriptions.Item>
          <Descriptions.Item label="Due">
            <Tag color={DUE_COLOURS[tone]}>{when(run.dueAt)}</Tag>
          </Descriptions.Item>
          <Descriptions.Item label="Stock">{run.stock ?? "—"}</Descriptions.Item>
          <Descriptions.Item label="Sheet">
            {run.sheetWidth && run.sheetHeight ? `${run.sheetWidth} × ${run.sheetHeight} in` : "—"}
          </Descriptions.Item>
          <Descriptions.Item label="Colours · coating">
            {run.colours ?? "—"} ·{" "}
            {run.coating && run.coating !== "none" ? run.coating.toUpperCase() : "no coating"}
          </Descriptions.Item>
          <Descriptions.Item label="Sheets">
            {count(run.sheets)}
            {run.overs ? ` + ${count(run.overs)} overs` : ""}
          </Descriptions.Item>
          <Descriptions.Item label="Plates">{count(run.plates)}</Descriptions.Item>
          <Descriptions.Item label="Notes">{run.notes ?? "—"}</Descriptions.Item>
        </Descriptions>
      </Card>
      <Card size="small" title={`Items (${run.items.length})`}>
        <Table
          rowKey="itemId"
          size="small"
          pagination={false}
          scroll={{ x: 720 }}
          dataSource={run.items}
          columns={[
            { title: "Slot", dataIndex: "slot", width: 60 },
            {
              title: "Order",
              key: "order",
              render: (_, item) =>
                item.orderNumber ? <OrderLink id={item.orderId} number={item.orderNumber} /> : "—",
            },
            {
              title: "Item",
              key: "item",
              render: (_, item) => `${item.itemId} · ${item.product ?? item.description ?? ""}`,
            },
            { title: "Customer", dataIndex: "customer" },
            { title: "Up", dataIndex: "numberUp", align: "right" },
            {
              title: "To print",
              key: "required",
              align: "right",
              render: (_, item) => count(item.quantityRequired),
            },
            {
              title: "Produced",
              key: "produced",
              align: "right",
              render: (_, item) => count(item.quantityProduced),
            },
            { title: "Due", key: "due", render: (_, item) => when(item.dueAt) },
          ]}
        />
      </Card>
      <Card size="small" title="Status history">
        {logs.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No history yet" />
        ) : (
          <Timeline
            items={logs.map(({ entry, line }) => ({
              key: entry.id,
              children: (
                <span>
                  <Typography.Text>{line}</Typography.Text>
                  <br />
                  <Typography.Text type="secondary">
                    {entry.user?.name ?? "The server"} · {when(entry.changed_at)}
                  </Typography.Text>
                </span>
              ),
            }))}
          />
        )}
      </Card>
      {actions.modal}
    </Flex>
  );
}
