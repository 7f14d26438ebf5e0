// The order desk's actions as pure rules over the tenant's Status records, shared by the server
// (server/orders/, which decides) and the order page (which offers only what they allow). No React,
// no database. A move is allowed where the engine allows it (status-moves.ts: the from-status's
// next statuses, terminal statuses); the statuses an action moves to are found by code.
import { statusesAllowedFrom } from "../../resource-engine/status-moves";

export interface DeskStatus {
  id: number;
  code: string;
  name: string;
  category: string | null;
  color: string | null;
  next: number[];
  allows_cancellation: boolean;
}

export interface DeskItem {
  id: number;
  /** 1-based place on its order, as messages name it. */
  number: number;
  description: string;
  item_status_id: number | null;
  /** The live run that gangs it, if any, with whether that run is still open (not closed). */
  run: { id: number; number: string; open: boolean } | null;
}

export interface DeskOrder {
  order_number: string;
  status_id: number | null;
}

/** Status codes the actions use (seeded for every tenant: server/db/seed-data/statuses.ts). */
export const CODES = {
  hold: "on_hold",
  cancelled: "cancelled",
  reprint: "reprint",
  approved: "approved",
  batched: "batched",
  packed: "packed",
  shipped: "shipped",
} as const;

export interface Move {
  from: number;
  to: number;
}

/** What an action does: the order's move (if any) and its items' (by item id). */
export interface Plan {
  order: Move | null;
  items: Map<number, Move>;
}

export type Outcome = { plan: Plan } | { refusal: string };

const byCode = (statuses: DeskStatus[], code: string) => statuses.find((s) => s.code === code);
const byId = (statuses: DeskStatus[], id: number | null | undefined) =>
  id === null || id === undefined ? undefined : statuses.find((s) => s.id === id);

/** Whether a record in `from` may move to `to` (a real move: not to itself). */
export function mayMove(from: DeskStatus | undefined, to: DeskStatus, all: DeskStatus[]): boolean {
  if (!from || from.id === to.id) return false;
  return statusesAllowedFrom(from, all).includes(to.id);
}

/** "Order ORD-1 cannot go from Shipped to On hold: Shipped does not lead there". */
export function moveRefusal(label: string, from: DeskStatus | undefined, to: DeskStatus): string {
  const name = from?.name ?? "no status";
  return `${label} cannot go from ${name} to ${to.name}: the ${name} status does not lead there`;
}

export const missingStatus = (entity: string, code: string) =>
  `There is no ${entity} status with code "${code}": add it in the statuses first`;

const itemLabel = (item: DeskItem, order: DeskOrder) =>
  `Item ${item.number} of ${order.order_number}${item.description ? ` (${item.description})` : ""}`;

/**
 * Hold: the order moves to on hold (its status must lead there), and so does every item whose
 * status leads there (the others, finished or cancelled, stay as they are).
 */
export function holdPlan(
  order: DeskOrder,
  items: DeskItem[],
  orderStatuses: DeskStatus[],
  itemStatuses: DeskStatus[],
): Outcome {
  const hold = byCode(orderStatuses, CODES.hold);
  if (!hold) return { refusal: missingStatus("order", CODES.hold) };
  const current = byId(orderStatuses, order.status_id);
  if (current?.id === hold.id) return { refusal: `Order ${order.order_number} is already ${hold.name}` };
  if (!mayMove(current, hold, orderStatuses)) {
    return { refusal: moveRefusal(`Order ${order.order_number}`, current, hold) };
  }
  const itemHold = byCode(itemStatuses, CODES.hold);
  const moves = new Map<number, Move>();
  for (const item of items) {
    const from = byId(itemStatuses, item.item_status_id);
    if (itemHold && from && mayMove(from, itemHold, itemStatuses)) {
      moves.set(item.id, { from: from.id, to: itemHold.id });
    }
  }
  return { plan: { order: { from: (current as DeskStatus).id, to: hold.id }, items: moves } };
}

/** Where a held record goes back to: the status it was held from, else the hold's first way on. */
function releaseTarget(
  held: DeskStatus,
  heldFrom: number | undefined,
  all: DeskStatus[],
): { to: DeskStatus } | { refused: DeskStatus } | undefined {
  const back = byId(all, heldFrom);
  if (back) return mayMove(held, back, all) ? { to: back } : { refused: back };
  const first = held.next.map((id) => byId(all, id)).find((s) => s && s.category !== "cancelled");
  return first ? { to: first } : undefined;
}

/**
 * Release: an order on hold goes back to the status it was held from (its change log says
 * which), and each of its items on hold to its own; without a recorded one, to the first status
 * the hold leads to that is not a cancellation. A way back the hold does not lead to is refused.
 */
export function releasePlan(
  order: DeskOrder,
  items: DeskItem[],
  orderStatuses: DeskStatus[],
  itemStatuses: DeskStatus[],
  heldFrom: { order?: number; items: Map<number, number> },
): Outcome {
  const current = byId(orderStatuses, order.status_id);
  if (!current || current.code !== CODES.hold) {
    return {
      refusal: `Order ${order.order_number} is ${current?.name ?? "without a status"}, not on hold: there is nothing to release`,
    };
  }
  const target = releaseTarget(current, heldFrom.order, orderStatuses);
  if (!target) return { refusal: `Order ${order.order_number} is on hold and its status leads nowhere else` };
  if ("refused" in target)
    return { refusal: moveRefusal(`Order ${order.order_number}`, current, target.refused) };
  const moves = new Map<number, Move>();
  for (const item of items) {
    const from = byId(itemStatuses, item.item_status_id);
    if (from?.code !== CODES.hold) continue;
    const back = releaseTarget(from, heldFrom.items.get(item.id), itemStatuses);
    if (!back) continue;
    if ("refused" in back) return { refusal: moveRefusal(itemLabel(item, order), from, back.refused) };
    moves.set(item.id, { from: from.id, to: back.to.id });
  }
  return { plan: { order: { from: current.id, to: target.to.id }, items: moves } };
}

/**
 * Cancel: the order and every item not cancelled yet move to cancelled; each status must allow
 * cancellation (Status.allows_cancellation) and lead there, and no item may be on an open run.
 */
export function cancelPlan(
  order: DeskOrder,
  items: DeskItem[],
  orderStatuses: DeskStatus[],
  itemStatuses: DeskStatus[],
): Outcome {
  const cancelled = byCode(orderStatuses, CODES.cancelled);
  if (!cancelled) return { refusal: missingStatus("order", CODES.cancelled) };
  const current = byId(orderStatuses, order.status_id);
  const label = `Order ${order.order_number}`;
  if (current?.id === cancelled.id) return { refusal: `${label} is already ${cancelled.name}` };
  if (current && !current.allows_cancellation) {
    return {
      refusal: `${label} cannot be cancelled: it is ${current.name}, a status that does not allow cancellation`,
    };
  }
  if (!mayMove(current, cancelled, orderStatuses)) return { refusal: moveRefusal(label, current, cancelled) };
  const itemCancelled = byCode(itemStatuses, CODES.cancelled);
  const moves = new Map<number, Move>();
  for (const item of items) {
    const from = byId(itemStatuses, item.item_status_id);
    if (!from || from.category === "cancelled") continue;
    const words = itemLabel(item, order);
    if (!from.allows_cancellation) {
      return {
        refusal: `${label} cannot be cancelled: ${words} is ${from.name}, a status that does not allow cancellation`,
      };
    }
    if (item.run?.open) {
      return {
        refusal: `${label} cannot be cancelled: ${words} is on run ${item.run.number}; take it off the run first`,
      };
    }
    if (!itemCancelled) return { refusal: missingStatus("order item", CODES.cancelled) };
    if (!mayMove(from, itemCancelled, itemStatuses))
      return { refusal: moveRefusal(words, from, itemCancelled) };
    moves.set(item.id, { from: from.id, to: itemCancelled.id });
  }
  return { plan: { order: { from: (current as DeskStatus).id, to: cancelled.id }, items: moves } };
}

/** Reprint: offered for an item whose status leads to Reprint (work printed, found wrong). */
export function reprintRefusal(
  order: DeskOrder,
  item: DeskItem,
  itemStatuses: DeskStatus[],
): string | undefined {
  const reprint = byCode(itemStatuses, CODES.reprint);
  if (!reprint) return missingStatus("order item", CODES.reprint);
  const from = byId(itemStatuses, item.item_status_id);
  if (mayMove(from, reprint, itemStatuses)) return undefined;
  return `${itemLabel(item, order)} cannot be reprinted: the ${from?.name ?? "empty"} status does not lead to ${reprint.name}`;
}

/** Assigning to a run: an approved item not on a live run, whose status leads to Batched. */
export function assignRefusal(
  order: DeskOrder,
  item: DeskItem,
  itemStatuses: DeskStatus[],
): string | undefined {
  const batched = byCode(itemStatuses, CODES.batched);
  if (!batched) return missingStatus("order item", CODES.batched);
  const from = byId(itemStatuses, item.item_status_id);
  const words = itemLabel(item, order);
  if (from?.code !== CODES.approved) {
    return `${words} is ${from?.name ?? "without a status"}: only approved items are ganged onto a run`;
  }
  if (item.run) return `${words} is already on run ${item.run.number}: an item is on one run at a time`;
  if (!mayMove(from, batched, itemStatuses)) return moveRefusal(words, from, batched);
  return undefined;
}

/** The actions the order's header offers, each with why not (for the page's tooltips). */
export interface OrderActionStates {
  hold: string | undefined;
  release: string | undefined;
  cancel: string | undefined;
}

export function orderActionStates(
  order: DeskOrder,
  items: DeskItem[],
  orderStatuses: DeskStatus[],
  itemStatuses: DeskStatus[],
): OrderActionStates {
  const why = (o: Outcome) => ("refusal" in o ? o.refusal : undefined);
  const current = byId(orderStatuses, order.status_id);
  return {
    hold: why(holdPlan(order, items, orderStatuses, itemStatuses)),
    release:
      current?.code === CODES.hold
        ? undefined
        : `Order ${order.order_number} is ${current?.name ?? "without a status"}, not on hold`,
    cancel: why(cancelPlan(order, items, orderStatuses, itemStatuses)),
  };
}
