// The one station board behind the seven /production/*-dashboard routes, driven by its
// declaration (boards.ts): the runs at its stations in columns by status (server:
// GET production/boards/{type}), filters by station and facility in the URL, and the operator
// actions (POST runs/{id}/actions/{action}). Refine's useCustom / useCustomMutation go through the
// data provider, so a live provider refreshes the board. A scanner types digits and Enter: the
// card of that run (or order) number is focused, and its buttons take the keyboard from there.
import { useCustom, useCustomMutation, useInvalidate } from "@refinedev/core";
import {
  Alert,
  Badge,
  Button,
  Card,
  Empty,
  Flex,
  Form,
  Input,
  InputNumber,
  Modal,
  Select,
  Space,
  Spin,
  Tag,
  Typography,
} from "antd";
import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from "react";
import { useSearchParams } from "react-router";
import { can } from "../../access/permissions";
import { useProfile } from "../../auth/use-profile";
import { getMergedPermissions, onPermissionsChange } from "../../providers/access-control";
import {
  type ActionContext,
  actionAvailable,
  type BoardAnswer,
  type BoardCard,
  columnsOf,
  DUE_COLOURS,
  dueTone,
  elapsedMinutes,
  formatMinutes,
  scannedCard,
  sortCards,
} from "./board-logic";
import { type BoardDeclaration, type CardField, NEEDS_REASON, type OperatorAction } from "./boards";

const ACTION_LABELS: Record<OperatorAction, string> = {
  claim: "Claim",
  start: "Start",
  pause: "Pause",
  complete: "Complete",
  hold: "Hold",
  release: "Release",
};

const DUE_WORDS = { late: "Late", today: "Due today", later: "Due", none: "No due date" } as const;

interface Pending {
  card: BoardCard;
  action: OperatorAction;
}

function useNow(intervalMs = 60_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

function fieldLine(field: CardField, card: BoardCard, now: Date): [string, string] | null {
  const more = (n: number) => (n > 1 ? ` +${n - 1}` : "");
  switch (field) {
    case "customer":
      return card.customer ? ["Customer", `${card.customer}${more(card.customers)}`] : null;
    case "product":
      return card.product ? ["Product", `${card.product}${more(card.products)}`] : null;
    case "quantity":
      return [
        "Quantity",
        `${card.quantity.toLocaleString("en-US")} (${card.items} item${card.items === 1 ? "" : "s"})`,
      ];
    case "stock":
      return card.stock ? ["Stock", card.stock] : null;
    case "colours":
      return card.colours ? ["Colours", card.colours] : null;
    case "coating":
      return card.coating && card.coating !== "none" ? ["Coating", card.coating.toUpperCase()] : null;
    case "sheets":
      return card.sheets !== null ? ["Sheets", card.sheets.toLocaleString("en-US")] : null;
    case "elapsed": {
      const elapsed = formatMinutes(elapsedMinutes(card.status_since, now));
      const planned =
        card.planned_minutes !== null ? ` of ${formatMinutes(card.planned_minutes)} planned` : "";
      return ["In status", `${elapsed}${planned}`];
    }
    case "notes":
      return card.notes ? ["Notes", card.notes] : null;
    case "holder":
      return ["Operator", card.holder ?? "Unclaimed"];
  }
}

function RunCard(props: {
  card: BoardCard;
  board: BoardDeclaration;
  ctx: ActionContext;
  now: Date;
  /** Non-zero while focused; a new value focuses the card again. */
  focused: number;
  onAction: (card: BoardCard, action: OperatorAction) => void;
}) {
  const { card, board, ctx, now, focused, onAction } = props;
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    if (focused > 0) {
      ref.current?.scrollIntoView?.({ block: "nearest" });
      ref.current?.focus();
    }
  }, [focused]);
  const tone = dueTone(card.due_at, now);
  const actions = board.actions.filter((a) => actionAvailable(a, card, ctx));
  return (
    <article
      ref={ref}
      tabIndex={-1}
      data-testid={`run-card-${card.run_number}`}
      aria-label={`Run ${card.run_number}`}
    >
      <Card
        size="small"
        style={focused > 0 ? { outline: "2px solid #1677ff" } : undefined}
        title={
          <Space size={4} wrap>
            <Typography.Text strong>{card.run_number}</Typography.Text>
            {card.rush && <Tag color="red">Rush</Tag>}
          </Space>
        }
        extra={
          <Tag color={DUE_COLOURS[tone]}>
            {DUE_WORDS[tone]}
            {card.due_at
              ? ` ${new Date(card.due_at).toLocaleString(undefined, { dateStyle: "short", timeStyle: "short" })}`
              : ""}
          </Tag>
        }
      >
        <Typography.Text type="secondary">{card.station}</Typography.Text>
        <dl style={{ margin: "4px 0", display: "grid", gridTemplateColumns: "auto 1fr", columnGap: 8 }}>
          {board.fields.map((field) => {
            const line = fieldLine(field, card, now);
            if (!line) return null;
            return [
              <dt key={`${field}-t`} style={{ color: "#595959" }}>
                {line[0]}
              </dt>,
              <dd key={`${field}-d`} style={{ margin: 0 }}>
                {line[1]}
              </dd>,
            ];
          })}
        </dl>
        {actions.length > 0 && (
          <Space size={4} wrap>
            {actions.map((action) => (
              <Button
                key={action}
                size="small"
                type={action === "complete" || action === "start" ? "primary" : "default"}
                onClick={() => onAction(card, action)}
              >
                {ACTION_LABELS[action]}
              </Button>
            ))}
          </Space>
        )}
      </Card>
    </article>
  );
}

function ActionModal(props: {
  pending: Pending | null;
  busy: boolean;
  onCancel: () => void;
  onSubmit: (values: Record<string, unknown>) => void;
}) {
  const { pending, busy, onCancel, onSubmit } = props;
  const [form] = Form.useForm();
  useEffect(() => {
    if (pending) form.resetFields();
  }, [pending, form]);
  if (!pending) return null;
  const { card, action } = pending;
  return (
    <Modal
      open
      title={`${ACTION_LABELS[action]} run ${card.run_number}`}
      okText={ACTION_LABELS[action]}
      confirmLoading={busy}
      onCancel={onCancel}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        onFinish={onSubmit}
        initialValues={{ good_quantity: card.quantity, waste: 0 }}
      >
        {NEEDS_REASON.has(action) && (
          <Form.Item
            name="reason"
            label="Reason"
            rules={[{ required: true, whitespace: true, message: "Say why" }]}
          >
            <Input autoFocus maxLength={500} />
          </Form.Item>
        )}
        {action === "complete" && (
          <>
            <Form.Item
              name="good_quantity"
              label="Good quantity"
              rules={[{ required: true, message: "Enter the good quantity" }]}
            >
              <InputNumber autoFocus min={0} max={10_000_000} precision={0} style={{ width: "100%" }} />
            </Form.Item>
            <Form.Item name="waste" label="Waste" rules={[{ required: true, message: "Enter the waste" }]}>
              <InputNumber min={0} max={10_000_000} precision={0} style={{ width: "100%" }} />
            </Form.Item>
          </>
        )}
        <button type="submit" hidden aria-hidden />
      </Form>
    </Modal>
  );
}

export function StationBoard({ board }: { board: BoardDeclaration }) {
  const [params, setParams] = useSearchParams();
  const stationId = params.get("station_id") ?? undefined;
  const facilityId = params.get("facility_id") ?? undefined;
  const now = useNow();
  const profile = useProfile();
  const merged = useSyncExternalStore(onPermissionsChange, getMergedPermissions, getMergedPermissions);
  const invalidate = useInvalidate();
  const { query, result } = useCustom<BoardAnswer>({
    url: `production/boards/${board.type}`,
    method: "get",
    config: {
      query: {
        ...(stationId ? { station_id: stationId } : {}),
        ...(facilityId ? { facility_id: facilityId } : {}),
      },
    },
    queryOptions: { queryKey: ["production-board", board.type, stationId ?? "", facilityId ?? ""] },
  });
  const answer = result?.data as BoardAnswer | undefined;
  const { mutate, mutation } = useCustomMutation();
  const [pending, setPending] = useState<Pending | null>(null);
  const [conflict, setConflict] = useState<string | null>(null);
  // A scan focuses its card again even when it is the one focused already (the tick changes).
  const [focus, setFocus] = useState<{ id: number | null; tick: number }>({ id: null, tick: 0 });
  const setFocusedId = (id: number | null) => setFocus((f) => ({ id, tick: f.tick + 1 }));
  const [scanMiss, setScanMiss] = useState<string | null>(null);

  const cards = useMemo(() => sortCards(answer?.cards ?? []), [answer]);
  const statuses = answer?.statuses ?? [];
  const columns = columnsOf(cards, statuses);
  const ctx: ActionContext = {
    statuses,
    userId: typeof profile?.id === "number" ? profile.id : null,
    tasks: can(merged, "Run", "Tasks"),
    endStatus: can(merged, "Run", ["Tasks", "UpdateEndStatus"]),
  };

  // Scanner: digits then Enter anywhere on the board (not while typing in a field).
  const buffer = useRef("");
  const cardsRef = useRef(cards);
  cardsRef.current = cards;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (target && (target.tagName === "INPUT" || target.tagName === "TEXTAREA" || target.isContentEditable))
        return;
      if (/^\d$/.test(event.key)) {
        buffer.current = (buffer.current + event.key).slice(-20);
        return;
      }
      if (event.key === "Enter" && buffer.current) {
        const code = buffer.current;
        buffer.current = "";
        const found = scannedCard(cardsRef.current, code);
        event.preventDefault();
        setScanMiss(found ? null : `No run or order ${code} on this board`);
        setFocus((f) => ({ id: found ? found.id : null, tick: f.tick + 1 }));
        return;
      }
      if (event.key.length === 1) buffer.current = "";
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  const send = (card: BoardCard, action: OperatorAction, values: Record<string, unknown> = {}) => {
    setConflict(null);
    mutate(
      {
        url: `runs/${card.id}/actions/${action}`,
        method: "post",
        values: { version: card.version, ...values },
        successNotification: false,
        errorNotification: false,
      },
      {
        onSuccess: () => {
          setPending(null);
          setFocusedId(card.id);
          void invalidate({ resource: "Run", invalidates: ["all"] });
          void query.refetch();
        },
        onError: (error) => {
          setPending(null);
          setConflict(`Run ${card.run_number}: ${error.message}`);
          void query.refetch();
        },
      },
    );
  };
  const onAction = (card: BoardCard, action: OperatorAction) => {
    if (NEEDS_REASON.has(action) || action === "complete") setPending({ card, action });
    else send(card, action);
  };

  const stations = answer?.stations ?? [];
  const facilities = [
    ...new Map(
      stations.filter((s) => s.facility_id !== null).map((s) => [s.facility_id, s.facility]),
    ).entries(),
  ];
  const setParam = (name: string, value: string | number | undefined) => {
    const next = new URLSearchParams(params);
    if (value === undefined || value === "") next.delete(name);
    else next.set(name, String(value));
    setParams(next, { replace: true });
  };

  return (
    <Flex vertical gap={12}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {board.title} <Badge count={cards.length} showZero color="#595959" />
        </Typography.Title>
        <Space wrap>
          <Select
            allowClear
            placeholder="All stations"
            aria-label="Station"
            style={{ minWidth: 200 }}
            value={stationId ? Number(stationId) : undefined}
            options={stations.map((s) => ({ value: s.id, label: s.name }))}
            onChange={(value) => setParam("station_id", value)}
          />
          <Select
            allowClear
            placeholder="All facilities"
            aria-label="Facility"
            style={{ minWidth: 180 }}
            value={facilityId ? Number(facilityId) : undefined}
            options={facilities.map(([id, name]) => ({
              value: id as number,
              label: name ?? `Facility ${id}`,
            }))}
            onChange={(value) => setParam("facility_id", value)}
          />
        </Space>
      </Flex>
      <Typography.Text type="secondary">
        Scan or type a run number and press Enter to open its card.
      </Typography.Text>
      {conflict && (
        <Alert type="error" showIcon closable message={conflict} onClose={() => setConflict(null)} />
      )}
      {scanMiss && (
        <Alert type="warning" showIcon closable message={scanMiss} onClose={() => setScanMiss(null)} />
      )}
      {query.isLoading ? (
        <Flex justify="center" style={{ padding: 48 }}>
          <Spin tip="Loading the board" />
        </Flex>
      ) : query.isError ? (
        <Alert
          type="error"
          showIcon
          message="The board could not be loaded"
          description={String(query.error?.message ?? "")}
        />
      ) : cards.length === 0 ? (
        <Empty description="No runs waiting at these stations" />
      ) : (
        <div style={{ display: "flex", gap: 12, overflowX: "auto", alignItems: "flex-start" }}>
          {columns.map((status) => {
            const inColumn = cards.filter((c) => c.status_id === status.id);
            return (
              <section key={status.id} aria-label={status.name} style={{ minWidth: 280, flex: "0 0 280px" }}>
                <Flex align="center" gap={6} style={{ marginBottom: 8 }}>
                  <Badge color={status.color ?? "#8c8c8c"} />
                  <Typography.Text strong>{status.name}</Typography.Text>
                  <Typography.Text type="secondary">{inColumn.length}</Typography.Text>
                </Flex>
                <Flex vertical gap={8}>
                  {inColumn.map((card) => (
                    <RunCard
                      key={card.id}
                      card={card}
                      board={board}
                      ctx={ctx}
                      now={now}
                      focused={focus.id === card.id ? focus.tick : 0}
                      onAction={onAction}
                    />
                  ))}
                </Flex>
              </section>
            );
          })}
        </div>
      )}
      <ActionModal
        pending={pending}
        busy={mutation.isPending}
        onCancel={() => setPending(null)}
        onSubmit={(values) => pending && send(pending.card, pending.action, values)}
      />
    </Flex>
  );
}
