// A juggler (/prepress/prepress-juggler: offset gang forms; /prepress/digital-juggler: digital
// sheet batches; and /runs/create): approved items that fit together, grouped by stock, colours
// and coating (server: GET production/jugglers/{kind}), dragged onto a run filling (PATCH runs/{id}
// extends it at once) or onto the new run's draft, created with its items in one POST runs. The
// server's run hooks hold the gang rule (a mismatch comes back as a 400 naming it, shown as it is)
// and commit the stock. Every drag has a keyboard path: the handle takes Space and the arrows
// (from one drop target to the next), and "Add to…" does the same without dragging.
import {
  type Announcements,
  DndContext,
  type DragEndEvent,
  DragOverlay,
  type DragStartEvent,
  type KeyboardCoordinateGetter,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from "@dnd-kit/core";
import { type HttpError, useCustomMutation, useInvalidate } from "@refinedev/core";
import { Alert, Badge, Button, Col, Empty, Flex, Row, Space, Spin, Tag, Typography } from "antd";
import { useMemo, useState } from "react";
import { useNavigate } from "react-router";
import { useFetched } from "../../providers/use-fetched";
import {
  type Gang,
  groupCandidates,
  JUGGLERS,
  type JugglerAnswer,
  type JugglerItem,
  type JugglerKind,
  type JugglerRun,
  mismatch,
  rowsWith,
  slotsOnSheet,
} from "./juggler-logic";
import {
  CandidateChip,
  type DropTarget,
  gangWords,
  RunPanel,
  type RunRowView,
  RunTitle,
} from "./juggler-parts";
import { useLiveRefetch } from "./use-live-refetch";

const DRAFT = "draft";
const LIVE_KINDS = ["Run", "Order"];

/** What the server said: its field messages (the gang rule names the item), else its message. */
function refusalOf(error: HttpError): string {
  const fields = Object.values((error.errors ?? {}) as Record<string, string[] | string>).flat();
  return fields.length > 0 ? fields.join(" ") : error.message;
}

const sizeWords = (w: number | null, h: number | null) => (w && h ? `${w}×${h}` : null);

/** Arrow keys carry a dragged item from one drop target to the next (in reading order). */
const toNextTarget: KeyboardCoordinateGetter = (event, { context }) => {
  const forward = event.code === "ArrowDown" || event.code === "ArrowRight";
  const back = event.code === "ArrowUp" || event.code === "ArrowLeft";
  if (!forward && !back) return undefined;
  event.preventDefault();
  const rects = context.droppableContainers
    .getEnabled()
    .map((c) => ({ id: c.id, rect: context.droppableRects.get(c.id) }))
    .filter((c): c is { id: string; rect: NonNullable<typeof c.rect> } => c.rect !== undefined)
    .sort((a, b) => a.rect.top - b.rect.top || a.rect.left - b.rect.left);
  if (rects.length === 0) return undefined;
  const at = rects.findIndex((c) => c.id === context.over?.id);
  const next =
    rects[at < 0 ? (forward ? 0 : rects.length - 1) : (at + (forward ? 1 : rects.length - 1)) % rects.length];
  const size = context.collisionRect ?? { width: 0, height: 0 };
  return {
    x: next.rect.left + next.rect.width / 2 - size.width / 2,
    y: next.rect.top + Math.min(40, next.rect.height / 2) - size.height / 2,
  };
};

export function JugglerBoard({ kind, afterCreate }: { kind: JugglerKind; afterCreate?: "open" | "stay" }) {
  const juggler = JUGGLERS[kind];
  const navigate = useNavigate();
  const invalidate = useInvalidate();
  const { data: answer, query } = useFetched<JugglerAnswer>({
    url: `production/jugglers/${kind}`,
    queryOptions: { queryKey: ["juggler", kind] },
  });
  useLiveRefetch(LIVE_KINDS, query.refetch);
  const { mutate, mutation } = useCustomMutation();
  const busy = mutation.isPending;
  const [draft, setDraft] = useState<JugglerItem[]>([]);
  const [active, setActive] = useState<JugglerItem | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: toNextTarget }),
  );

  const inDraft = useMemo(() => new Set(draft.map((i) => i.id)), [draft]);
  const groups = useMemo(
    () => groupCandidates((answer?.items ?? []).filter((i) => !inDraft.has(i.id))),
    [answer, inDraft],
  );
  const runs = answer?.runs ?? [];
  const draftGang: Gang | null = draft[0] ?? null;
  const capacity = (w: number | null, h: number | null, pieces: Parameters<typeof slotsOnSheet>[2]) =>
    slotsOnSheet(w, h, pieces, juggler.gripper);
  const draftCapacity = draft[0] ? capacity(draft[0].sheet_width, draft[0].sheet_height, draft) : null;

  const targets: DropTarget[] = [
    { id: DRAFT, label: "New run" },
    ...runs.map((r) => ({ id: `run-${r.id}`, label: `Run ${r.run_number}` })),
  ];
  const done = (message: string) => {
    setRefusal(null);
    setNotice(message);
    void invalidate({ resource: "Run", invalidates: ["all"] });
    void query.refetch();
  };
  const failed = (what: string) => (error: HttpError) => {
    setNotice(null);
    setRefusal(`${what}: ${refusalOf(error)}`);
    void query.refetch();
  };

  const extend = (run: JugglerRun, added: JugglerItem[], removed = new Set<number>()) => {
    const pieces = [...run.items.filter((r) => !removed.has(r.order_item_id)), ...added];
    const rows = rowsWith(run.items, added, capacity(run.sheet_width, run.sheet_height, pieces), removed);
    mutate(
      {
        url: `runs/${run.id}`,
        method: "patch",
        values: { version: run.version, items: rows },
        successNotification: false,
        errorNotification: false,
      },
      {
        onSuccess: () =>
          done(
            added.length > 0
              ? `Item ${added[0].id} of ${added[0].order_number} is on run ${run.run_number}`
              : `Taken off run ${run.run_number}: back with the candidates`,
          ),
        onError: failed(`Run ${run.run_number}`),
      },
    );
  };

  const addTo = (item: JugglerItem, target: string) => {
    setNotice(null);
    if (target === DRAFT) {
      const why = draftGang
        ? mismatch(item, draftGang)
        : item.stock_id === null
          ? `Item ${item.id} has no stock set`
          : null;
      if (why) {
        setRefusal(`New run: ${why}`);
        return;
      }
      setRefusal(null);
      setDraft((d) => [...d, item]);
      return;
    }
    const run = runs.find((r) => `run-${r.id}` === target);
    if (run) extend(run, [item]);
  };

  const createRun = () => {
    const first = draft[0];
    if (!first) return;
    mutate(
      {
        url: "runs",
        method: "post",
        values: {
          run_type: juggler.runTypes[0],
          stock_id: first.stock_id,
          color_spec: first.color_spec,
          coating: first.coating,
          sheet_width: first.sheet_width,
          sheet_height: first.sheet_height,
          station_id: answer?.station_id ?? null,
          items: rowsWith([], draft, draftCapacity),
        },
        successNotification: false,
        errorNotification: false,
      },
      {
        onSuccess: (response) => {
          const run = response.data as { id?: number; run_number?: string };
          setDraft([]);
          done(
            `Run ${run.run_number ?? ""} created with ${draft.length} item${draft.length === 1 ? "" : "s"}; its paper is committed`,
          );
          if (afterCreate === "open" && run.id) navigate(`/runs/${run.id}`);
        },
        onError: failed("New run"),
      },
    );
  };

  const onDragStart = (event: DragStartEvent) => {
    setActive((event.active.data.current?.item as JugglerItem | undefined) ?? null);
  };
  const onDragEnd = (event: DragEndEvent) => {
    setActive(null);
    const item = event.active.data.current?.item as JugglerItem | undefined;
    if (item && event.over) addTo(item, String(event.over.id));
  };
  const label = (id: unknown) => targets.find((t) => t.id === id)?.label ?? String(id);
  const itemLabel = (id: unknown) => `Item ${String(id).replace("item-", "")}`;
  const announcements: Announcements = {
    onDragStart: ({ active: a }) =>
      `Picked up ${itemLabel(a.id)}. Arrow keys move it between runs; Space drops it.`,
    onDragOver: ({ active: a, over }) => (over ? `${itemLabel(a.id)} is over ${label(over.id)}` : undefined),
    onDragEnd: ({ active: a, over }) =>
      over ? `${itemLabel(a.id)} dropped on ${label(over.id)}` : `${itemLabel(a.id)} put back`,
    onDragCancel: ({ active: a }) => `${itemLabel(a.id)} put back`,
  };

  const preview = (gang: Gang | null) => (active ? (gang ? mismatch(active, gang) : null) : undefined);
  const draftRows: RunRowView[] = rowsWith([], draft, draftCapacity).map((row, i) => ({
    ...row,
    order_number: draft[i].order_number,
    product: draft[i].product,
    width: draft[i].width,
    height: draft[i].height,
    bleed: draft[i].bleed,
  }));

  if (query.isLoading) {
    return (
      <Flex justify="center" style={{ padding: 48 }}>
        <Spin tip="Loading the candidates" />
      </Flex>
    );
  }
  if (query.isError) {
    return (
      <Alert
        type="error"
        showIcon
        message="The juggler could not be loaded"
        description={query.error?.message}
      />
    );
  }
  return (
    <DndContext
      sensors={sensors}
      onDragStart={onDragStart}
      onDragEnd={onDragEnd}
      onDragCancel={() => setActive(null)}
      accessibility={{ announcements }}
    >
      <Flex vertical gap={12}>
        {refusal && (
          <Alert
            type="error"
            showIcon
            closable
            message={refusal}
            onClose={() => setRefusal(null)}
            role="alert"
          />
        )}
        {notice && (
          <Alert type="success" showIcon closable message={notice} onClose={() => setNotice(null)} />
        )}
        <Row gutter={[16, 16]}>
          <Col xs={24} lg={12}>
            <Typography.Title level={4} style={{ marginTop: 0 }}>
              Candidates{" "}
              <Badge count={answer?.items.length ?? 0} showZero color="#595959" overflowCount={999} />
            </Typography.Title>
            {groups.length === 0 ? (
              <Empty description="No approved items waiting for this juggler" />
            ) : (
              <Flex vertical gap={12}>
                {groups.map((group) => (
                  <section key={group.key} aria-label={gangWords(group)}>
                    <Space size={4} wrap style={{ marginBottom: 6 }}>
                      <Typography.Text strong>{gangWords(group)}</Typography.Text>
                      <Tag>{group.items.length}</Tag>
                    </Space>
                    <ul style={{ margin: 0, padding: 0, display: "flex", flexDirection: "column", gap: 6 }}>
                      {group.items.map((item) => (
                        <CandidateChip
                          key={item.id}
                          item={item}
                          targets={targets}
                          onAdd={addTo}
                          busy={busy}
                        />
                      ))}
                    </ul>
                  </section>
                ))}
              </Flex>
            )}
          </Col>
          <Col xs={24} lg={12}>
            <Flex vertical gap={12}>
              <Typography.Title level={4} style={{ margin: 0 }}>
                Runs
              </Typography.Title>
              <RunPanel
                id={DRAFT}
                title="New run"
                gang={draftGang}
                rows={draftRows}
                capacity={draftCapacity}
                sheetSize={draft[0] ? sizeWords(draft[0].sheet_width, draft[0].sheet_height) : null}
                refusal={preview(draftGang)}
                onRemove={(id) => setDraft((d) => d.filter((i) => i.id !== id))}
                busy={busy}
                actions={
                  <Space>
                    <Button disabled={draft.length === 0 || busy} onClick={() => setDraft([])}>
                      Clear
                    </Button>
                    <Button type="primary" disabled={draft.length === 0} loading={busy} onClick={createRun}>
                      Create run
                    </Button>
                  </Space>
                }
              />
              {runs.map((run) => (
                <RunPanel
                  key={run.id}
                  id={`run-${run.id}`}
                  title={<RunTitle id={run.id} number={run.run_number} />}
                  gang={run}
                  rows={run.items}
                  capacity={capacity(run.sheet_width, run.sheet_height, run.items)}
                  sheetSize={sizeWords(run.sheet_width, run.sheet_height)}
                  refusal={preview(run)}
                  onRemove={(id) => extend(run, [], new Set([id]))}
                  busy={busy}
                />
              ))}
              {runs.length === 0 && (
                <Typography.Text type="secondary">
                  No {juggler.title.toLowerCase()} run is filling.
                </Typography.Text>
              )}
            </Flex>
          </Col>
        </Row>
      </Flex>
      <DragOverlay>
        {active ? (
          <div
            style={{ padding: "6px 10px", background: "#fff", border: "1px solid #1677ff", borderRadius: 6 }}
          >
            {active.order_number} · item {active.id} · {active.quantity.toLocaleString("en-US")}
          </div>
        ) : null}
      </DragOverlay>
    </DndContext>
  );
}
