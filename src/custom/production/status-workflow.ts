// Status management's pure logic (issue 18): the entities whose workflows it edits, the sort orders a
// drag writes, the next statuses a matrix cell toggles, and what an empty list of next statuses means
// (the server's rule, status-moves.ts). No React.

export const ENTITIES = ["order", "order_item", "run", "mail_order", "purchase_order", "refund"] as const;
export type Entity = (typeof ENTITIES)[number];

export const ENTITY_LABELS: Record<Entity, string> = {
  order: "Orders",
  order_item: "Order items",
  run: "Runs",
  mail_order: "Mail orders",
  purchase_order: "Purchase orders",
  refund: "Refunds",
};

export interface WorkflowStatus {
  id: number;
  version: number;
  name: string;
  code: string;
  entity: string;
  category: string | null;
  sort_order: number | null;
  color: string | null;
  customer_label: string | null;
  next_status_ids: number[] | null;
  station_id: number | null;
  show_on_board: boolean | null;
  notify_customer: boolean | null;
  allows_cancellation: boolean | null;
  locks_editing: boolean | null;
}

/** The declaration's bound of sort_order (statuses.ts). */
const MAX_SORT = 1000;

/** Statuses in lane order: by sort order, then id. */
export function inLaneOrder<T extends Pick<WorkflowStatus, "id" | "sort_order">>(
  statuses: readonly T[],
): T[] {
  return [...statuses].sort((a, b) => (a.sort_order ?? 0) - (b.sort_order ?? 0) || a.id - b.id);
}

/** `list` with the item at `from` moved to `to`. */
export function moved<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item);
  return next;
}

/**
 * The sort orders to write after the lane at `from` moves to `to`: every status numbered again in
 * steps of 10 (fewer when many statuses would pass the bound), only those that change returned.
 */
export function reorderWrites<T extends Pick<WorkflowStatus, "id" | "sort_order">>(
  lanes: readonly T[],
  from: number,
  to: number,
): { id: number; sort_order: number }[] {
  if (from === to || from < 0 || to < 0 || from >= lanes.length || to >= lanes.length) return [];
  const step = Math.max(1, Math.min(10, Math.floor(MAX_SORT / Math.max(1, lanes.length))));
  return moved(lanes, from, to)
    .map((s, i) => ({ id: s.id, sort_order: (i + 1) * step, before: s.sort_order }))
    .filter((w) => w.before !== w.sort_order)
    .map(({ id, sort_order }) => ({ id, sort_order }));
}

/** `next` with `to` added (on) or removed (off), in lane order of `lanes`. */
export function toggledNext(
  next: readonly number[] | null,
  to: number,
  on: boolean,
  lanes: readonly { id: number }[],
) {
  const set = new Set(next ?? []);
  if (on) set.add(to);
  else set.delete(to);
  const order = new Map(lanes.map((s, i) => [s.id, i]));
  return [...set].sort((a, b) => (order.get(a) ?? Infinity) - (order.get(b) ?? Infinity) || a - b);
}

/** What a status with no next statuses allows, in words (the server's rule). */
export function emptyNextMeaning(category: string | null): string {
  if (category === "cancelled") return "Final: a cancelled status leads nowhere";
  if (category === "complete")
    return "Final: a complete status moves nowhere unless it names complete statuses";
  return "None ticked: any status may follow";
}

/** Whether a matrix cell from → to means anything: no self-move; a cancelled status leads nowhere, a complete one only to complete statuses. */
export function cellAllowed(
  from: Pick<WorkflowStatus, "id" | "category">,
  to: Pick<WorkflowStatus, "id" | "category">,
): boolean {
  if (from.id === to.id || from.category === "cancelled") return false;
  return from.category !== "complete" || to.category === "complete";
}
