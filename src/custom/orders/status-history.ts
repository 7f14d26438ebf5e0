// An order's status history, read from its change log (oldest entry first), as pure functions
// shared by the server (the order desk's answer, the release action) and the unit tests:
// - each item's production timeline: the status it started in (when its row was added), then
//   every move of `items.{id}.item_status_id`, each with who and when;
// - where an order and its items were put on hold from (the release goes back there).

export interface LogEntry {
  id: number;
  action: string;
  changed_at: string;
  user: { id: number; name: string } | null;
  changes: Record<string, { from: unknown; to: unknown }> | null;
}

export interface TimelineStep {
  status_id: number | null;
  at: string;
  by: string | null;
  /** The action's own words logged with the move (a reason), when there were any. */
  note: string | null;
}

const idOf = (v: unknown): number | null => (typeof v === "number" ? v : null);
const noteOf = (entry: LogEntry): string | null => {
  const reason = entry.changes?.reason?.to;
  return typeof reason === "string" && reason !== "" ? reason : null;
};

/** Each item's steps (by item id), oldest first; an item nothing logged gets one step: its status now. */
export function itemTimelines(
  entries: LogEntry[],
  items: { id: number; item_status_id: number | null }[],
  orderedAt: string,
): Map<number, TimelineStep[]> {
  const out = new Map<number, TimelineStep[]>();
  for (const item of items) {
    const added = entries.find((e) => e.changes?.[`items.${item.id}`]?.from === null);
    const key = `items.${item.id}.item_status_id`;
    const moves = entries.filter((e) => e.changes?.[key] !== undefined);
    const first = moves.length > 0 ? idOf(moves[0].changes?.[key]?.from) : item.item_status_id;
    const steps: TimelineStep[] = [
      {
        status_id: first,
        at: added?.changed_at ?? orderedAt,
        by: added?.user?.name ?? null,
        note: null,
      },
    ];
    for (const e of moves) {
      steps.push({
        status_id: idOf(e.changes?.[key]?.to),
        at: e.changed_at,
        by: e.user?.name ?? null,
        note: noteOf(e),
      });
    }
    out.set(item.id, steps);
  }
  return out;
}

/** Where the order (status_id) and each item were last moved onto hold from. */
export function heldFrom(
  entries: LogEntry[],
  orderHoldId: number | undefined,
  itemHoldId: number | undefined,
): { order?: number; items: Map<number, number> } {
  const result: { order?: number; items: Map<number, number> } = { items: new Map() };
  for (const e of entries) {
    for (const [key, change] of Object.entries(e.changes ?? {})) {
      const from = idOf(change.from);
      if (from === null) continue;
      if (key === "status_id" && orderHoldId !== undefined && change.to === orderHoldId) result.order = from;
      const m = /^items\.(\d+)\.item_status_id$/.exec(key);
      if (m && itemHoldId !== undefined && change.to === itemHoldId) result.items.set(Number(m[1]), from);
    }
  }
  return result;
}
