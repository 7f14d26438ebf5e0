// The one station board behind the seven /production/*-dashboard routes and the two digital
// queues of /prepress, driven by its declaration (boards.ts): the runs at its stations in columns
// by status (server: GET production/boards/{type}), filters by station and facility in the URL,
// and the operator actions (run-action-ui.tsx). Refine's useCustom / useCustomMutation go through
// the data provider, so a live provider refreshes the board. A scanner types digits and Enter: the
// card of that run (or order) number is focused, and its buttons take the keyboard from there.
import { Alert, Badge, Empty, Flex, Select, Space, Spin, Typography } from "antd";
import { useEffect, useMemo, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { useFetched } from "../../providers/use-fetched";
import { BoardColumn } from "./board-column";
import { type BoardAnswer, columnsOf, scannedCard, sortCards } from "./board-logic";
import type { BoardDeclaration } from "./boards";
import { countRender } from "./render-count";
import { useActionContext, useRunActions } from "./run-action-ui";
import { useLiveRefetch } from "./use-live-refetch";

const LIVE_KINDS = ["Run"];

function useNow(intervalMs = 60_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => {
      // Every card shows elapsed time, so each tick re-renders them all: counted apart.
      countRender("BoardClockTick");
      setNow(new Date());
    }, intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

export function StationBoard({ board }: { board: BoardDeclaration }) {
  countRender("StationBoard");
  const [params, setParams] = useSearchParams();
  const stationId = params.get("station_id") ?? undefined;
  const facilityId = params.get("facility_id") ?? undefined;
  const now = useNow();
  const { data: answer, query } = useFetched<BoardAnswer>({
    url: `production/boards/${board.type}`,
    config: {
      query: {
        ...(stationId ? { station_id: stationId } : {}),
        ...(facilityId ? { facility_id: facilityId } : {}),
      },
    },
    queryOptions: { queryKey: ["production-board", board.type, stationId ?? "", facilityId ?? ""] },
  });
  useLiveRefetch(LIVE_KINDS, query.refetch);
  // A scan focuses its card again even when it is the one focused already (the tick changes).
  const [focus, setFocus] = useState<{ id: number | null; tick: number }>({ id: null, tick: 0 });
  const setFocusedId = (id: number | null) => setFocus((f) => ({ id, tick: f.tick + 1 }));
  const [scanMiss, setScanMiss] = useState<string | null>(null);

  const cards = useMemo(() => sortCards(answer?.cards ?? []), [answer]);
  const statuses = answer?.statuses;
  const stations = answer?.stations;
  const columns = useMemo(() => columnsOf(cards, statuses ?? []), [cards, statuses]);
  const ctx = useActionContext(board, statuses, stations);

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

  const actions = useRunActions(() => void query.refetch(), setFocusedId);
  const onAction = actions.request;

  const facilities = [
    ...new Map(
      (stations ?? []).filter((s) => s.facility_id !== null).map((s) => [s.facility_id, s.facility]),
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
            options={(stations ?? []).map((s) => ({ value: s.id, label: s.name }))}
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
      {actions.conflict && (
        <Alert type="error" showIcon closable message={actions.conflict} onClose={actions.clearConflict} />
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
          {columns.map((status) => (
            <BoardColumn
              key={status.id}
              status={status}
              cards={cards.filter((c) => c.status_id === status.id)}
              ctx={ctx}
              now={now}
              focus={focus}
              onAction={onAction}
            />
          ))}
        </div>
      )}
      {actions.modal}
    </Flex>
  );
}
