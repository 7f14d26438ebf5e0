import { and, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../../db/open";
import { HttpError } from "../../http/errors";
import { type Changes, writeChangeLogs } from "../change-logs";
import type { FieldBound, Row } from "../hooks";
import { childOf, formatCount, modelOf } from "./derived-writes";

// An order item and the run that gangs it (issue 16, class 4):
// - An order item is on at most one live run: a run not in a cancelled-category status holds its
//   items (a closed run keeps them: they were printed there); ganging an item another live run
//   holds is a 409 naming that run.
// - The item's run_id is derived: the live run that lists it, else null. It is read-only in
//   bodies; the server sets it when a run gangs the item, lets it go (removed from the run's
//   items, the run cancelled) or is deleted (the reference's setNull). Each such change bumps
//   the order's version and is logged on the order (items.{id}.run_id), as any update would be.
//   Its status follows: an approved item ganged onto a run is batched; a batched item let go is
//   approved again (back in the juggler's candidates).
// - While its run is open (a status neither complete nor cancelled, or none), the item's stock,
//   colours, coating and quantity are what the run prints: they cannot change on the order, the
//   item cannot leave its order and the order cannot be deleted (409 naming the run).
// Race safety: every writer of these links holds the lock of the orders concerned (FOR NO KEY
// UPDATE, in id order; an order's own PATCH or DELETE locks its row first), so two runs ganging
// one item, or a run ganging an item its order is changing, queue up and the second sees the first.

/** What an open run fixes of its items, with the words a refusal uses. */
const FIXED: [field: string, words: string][] = [
  ["stock_id", "stock"],
  ["color_spec", "colours"],
  ["coating", "coating"],
  ["quantity", "quantity"],
];

const CLOSED = new Set(["complete", "cancelled"]);

interface RunInfo {
  id: number;
  number: string;
  category: string | null;
}

/** The tenant's runs of `ids`: number and status category (null without a status). */
async function runsOf(tx: Database, tenantId: number, ids: number[]): Promise<Map<number, RunInfo>> {
  const list = [...new Set(ids)];
  if (list.length === 0) return new Map();
  const run = (await modelOf("Run")).table.table;
  const status = (await modelOf("Status")).table.table;
  const rows = await tx
    .select({ id: run.id, number: run.run_number, category: status.category })
    .from(run)
    .leftJoin(status, and(eq(status.id, run.status_id), eq(status.tenant_id, run.tenant_id)))
    .where(and(eq(run.tenant_id, tenantId), inArray(run.id, list)));
  return new Map(
    rows.map((r) => [
      r.id as number,
      { id: r.id as number, number: String(r.number), category: (r.category as string | null) ?? null },
    ]),
  );
}

/** The status category of a status id (null without one). */
export async function categoryOf(tx: Database, tenantId: number, statusId: unknown): Promise<string | null> {
  if (typeof statusId !== "number") return null;
  const status = (await modelOf("Status")).table.table;
  const [row] = await tx
    .select({ category: status.category })
    .from(status)
    .where(and(eq(status.tenant_id, tenantId), eq(status.id, statusId)));
  return (row?.category as string | undefined) ?? null;
}

/** Locks orders (FOR NO KEY UPDATE, in id order) so their items' run links can be read and set. */
export async function lockOrders(tx: Database, tenantId: number, orderIds: unknown[]): Promise<void> {
  const ids = [...new Set(orderIds.filter((id): id is number => typeof id === "number"))].sort(
    (a, b) => a - b,
  );
  if (ids.length === 0) return;
  const t = (await modelOf("Order")).table.table;
  await tx
    .select({ id: t.id })
    .from(t)
    .where(and(eq(t.tenant_id, tenantId), inArray(t.id, ids)))
    .orderBy(t.id)
    .for("no key update");
}

const itemWords = (row: Row, order: string) => `Item ${String(row.id)} of ${order}`;

/**
 * After a run's write (its order rows locked first, lockOrders): the items it lists point at it
 * when it is live (409 when another live run holds one), and items it no longer holds (taken off,
 * or the run cancelled) point nowhere.
 */
export async function linkRunItems(
  tx: Database,
  ctx: { tenantId: number; userId: number | null },
  run: Row,
  live: boolean,
  items: Row[],
  previousItems: Row[],
): Promise<void> {
  const order = await modelOf("Order");
  const oi = childOf(order, "items").table.table;
  const ids = [
    ...new Set(
      [...items, ...previousItems]
        .map((i) => i.order_item_id)
        .filter((id): id is number => typeof id === "number"),
    ),
  ];
  if (ids.length === 0) return;
  const rows = await tx
    .select({ id: oi.id, parent_id: oi.parent_id, run_id: oi.run_id, item_status_id: oi.item_status_id })
    .from(oi)
    .where(and(eq(oi.tenant_id, ctx.tenantId), inArray(oi.id, ids)))
    .orderBy(oi.id);
  const held = new Set(live ? items.map((i) => i.order_item_id) : []);
  const runId = run.id as number;
  const others = await runsOf(
    tx,
    ctx.tenantId,
    rows.map((r) => r.run_id).filter((id): id is number => typeof id === "number" && id !== runId),
  );
  const numbers = await orderNumbers(
    tx,
    ctx.tenantId,
    rows.map((r) => r.parent_id as number),
  );
  const changes: { row: Row; to: number | null }[] = [];
  for (const row of rows) {
    if (held.has(row.id)) {
      const other = typeof row.run_id === "number" ? others.get(row.run_id) : undefined;
      if (other && other.id !== runId && other.category !== "cancelled") {
        throw new HttpError(
          409,
          `${itemWords(row, numbers.get(row.parent_id as number) ?? "its order")} is already on run ${other.number}: an item is on one run at a time`,
        );
      }
      if (row.run_id !== runId) changes.push({ row, to: runId });
    } else if (row.run_id === runId) changes.push({ row, to: null });
  }
  if (changes.length === 0) return;
  for (const to of [runId, null]) {
    const these = changes.filter((c) => c.to === to).map((c) => c.row.id as number);
    if (these.length === 0) continue;
    await tx
      .update(oi)
      .set({ run_id: to })
      .where(and(eq(oi.tenant_id, ctx.tenantId), inArray(oi.id, these)));
  }
  const edits: ItemEdit[] = changes.map(({ row, to }) => ({
    orderId: row.parent_id as number,
    itemId: row.id as number,
    field: "run_id",
    from: row.run_id ?? null,
    to,
  }));
  // Ganged, an approved item is batched; let go, a batched one goes back to the juggler.
  const statuses = await itemStatusIds(tx, ctx.tenantId, ["approved", "batched"]);
  const approved = statuses.get("approved");
  const batched = statuses.get("batched");
  if (approved !== undefined && batched !== undefined) {
    for (const { row, to } of changes) {
      const [from, next] = to === null ? [batched, approved] : [approved, batched];
      if (row.item_status_id !== from) continue;
      await tx
        .update(oi)
        .set({ item_status_id: next })
        .where(and(eq(oi.tenant_id, ctx.tenantId), eq(oi.id, row.id as number)));
      edits.push({
        orderId: row.parent_id as number,
        itemId: row.id as number,
        field: "item_status_id",
        from,
        to: next,
      });
    }
  }
  await logItemEdits(tx, ctx, edits);
}

/** The tenant's order-item statuses of `codes`, by code. */
export async function itemStatusIds(
  tx: Database,
  tenantId: number,
  codes: string[],
): Promise<Map<string, number>> {
  const status = (await modelOf("Status")).table.table;
  const rows = await tx
    .select({ id: status.id, code: status.code })
    .from(status)
    .where(and(eq(status.tenant_id, tenantId), eq(status.entity, "order_item"), inArray(status.code, codes)));
  return new Map(rows.map((r) => [String(r.code), r.id as number]));
}

/** One server-made change of an order item's field (already written). */
export interface ItemEdit {
  orderId: number;
  itemId: number;
  field: string;
  from: unknown;
  to: unknown;
}

/**
 * The orders whose items the server changed (a run ganging or letting them go, a run's status
 * they follow): a new version and a log entry each (items.{id}.{field}), as any other update.
 */
export async function logItemEdits(
  tx: Database,
  ctx: { tenantId: number; userId: number | null },
  edits: ItemEdit[],
): Promise<void> {
  if (edits.length === 0) return;
  const order = await modelOf("Order");
  const byOrder = new Map<number, Changes>();
  for (const edit of edits) {
    const entry = byOrder.get(edit.orderId) ?? {};
    entry[`items.${String(edit.itemId)}.${edit.field}`] = { from: edit.from, to: edit.to };
    byOrder.set(edit.orderId, entry);
  }
  const orders = order.table.table;
  await tx
    .update(orders)
    .set({ version: sql`${orders.version} + 1`, updated_at: new Date() })
    .where(and(eq(orders.tenant_id, ctx.tenantId), inArray(orders.id, [...byOrder.keys()])));
  await writeChangeLogs(
    tx,
    order,
    [...byOrder].map(([recordId, entry]) => ({
      tenantId: ctx.tenantId,
      recordId,
      action: "update" as const,
      userId: ctx.userId,
      changes: entry,
    })),
  );
}

async function orderNumbers(tx: Database, tenantId: number, ids: number[]): Promise<Map<number, string>> {
  const list = [...new Set(ids)];
  if (list.length === 0) return new Map();
  const t = (await modelOf("Order")).table.table;
  const rows = await tx
    .select({ id: t.id, number: t.order_number })
    .from(t)
    .where(and(eq(t.tenant_id, tenantId), inArray(t.id, list)));
  return new Map(rows.map((r) => [r.id as number, String(r.number)]));
}

/** The open runs (by id) the rows name. */
async function openRunsOf(tx: Database, tenantId: number, rows: Row[]): Promise<Map<number, RunInfo>> {
  const runs = await runsOf(
    tx,
    tenantId,
    rows.map((r) => r.run_id).filter((id): id is number => typeof id === "number"),
  );
  return new Map([...runs].filter(([, run]) => !CLOSED.has(run.category ?? "")));
}

const shown = (value: unknown) =>
  value === null || value === undefined || value === ""
    ? "none"
    : typeof value === "number"
      ? formatCount(value)
      : String(value);

/** " (500 → 600)"; a stock is named by the run's own message, not by ids. */
const figures = (field: string, from: unknown, to: unknown) =>
  field === "stock_id" ? "" : ` (${shown(from)} → ${shown(to)})`;

/**
 * An order update that rewrites its items (orders' afterWrite; the order row is locked, so the
 * stored rows' run links are current): a row on an open run keeps what the run prints and stays.
 * Rows are matched by id: one dropped and sent again without its id is a removal.
 */
export async function checkOrderItemsOnRuns(
  tx: Database,
  tenantId: number,
  order: Row,
  items: Row[],
  previousItems: Row[],
): Promise<void> {
  const open = await openRunsOf(tx, tenantId, previousItems);
  if (open.size === 0) return;
  const after = new Map(items.filter((r) => r.id !== undefined).map((r) => [r.id, r]));
  const label = String(order.order_number);
  for (const before of previousItems) {
    const run = open.get(before.run_id as number);
    if (!run) continue;
    const now = after.get(before.id);
    if (!now) {
      throw new HttpError(
        409,
        `${itemWords(before, label)} is on run ${run.number}: take it off the run before removing it from the order`,
      );
    }
    for (const [field, words] of FIXED) {
      if ((before[field] ?? null) === (now[field] ?? null)) continue;
      throw new HttpError(
        409,
        `${itemWords(before, label)} is on run ${run.number}: its ${words} cannot change while the run is open${figures(field, before[field], now[field])}`,
      );
    }
  }
}

/** Before an order's delete: none of its items may be on an open run. */
export async function checkOrderDelete(
  tx: Database,
  tenantId: number,
  order: Row,
  items: Row[],
): Promise<void> {
  const open = await openRunsOf(tx, tenantId, items);
  const onRun = items.find((r) => open.has(r.run_id as number));
  if (!onRun) return;
  const run = open.get(onRun.run_id as number) as RunInfo;
  throw new HttpError(
    409,
    `${itemWords(onRun, String(order.order_number))} is on run ${run.number}: take it off the run before deleting the order`,
  );
}

/**
 * For the order form (POST orders/bounds): the rows of the edited order that an open run prints,
 * locked with the rule in words ("items.2" the row's removal, "items.2.quantity" and the other
 * fixed fields). Read from the stored rows, matched to the form's rows by id.
 */
export async function runLocks(
  tx: Database,
  tenantId: number,
  orderId: number | null,
  formItems: unknown,
): Promise<Record<string, FieldBound>> {
  if (orderId === null || !Array.isArray(formItems)) return {};
  const oi = childOf(await modelOf("Order"), "items").table.table;
  const stored = await tx
    .select({ id: oi.id, run_id: oi.run_id })
    .from(oi)
    .where(and(eq(oi.tenant_id, tenantId), eq(oi.parent_id, orderId)));
  const open = await openRunsOf(tx, tenantId, stored);
  const runOf = new Map(stored.map((r) => [r.id as number, open.get(r.run_id as number)]));
  const locks: Record<string, FieldBound> = {};
  formItems.forEach((row, index) => {
    const id = typeof row === "object" && row !== null ? (row as Row).id : undefined;
    const run = typeof id === "number" ? runOf.get(id) : undefined;
    if (!run) return;
    locks[`items.${index}`] = {
      locked: true,
      message: `On run ${run.number}, which is open: take it off the run to remove it or change its stock, colours, coating or quantity`,
    };
    for (const [field, words] of FIXED) {
      locks[`items.${index}.${field}`] = {
        locked: true,
        message: `Its ${words} is what run ${run.number} prints`,
      };
    }
  });
  return locks;
}
