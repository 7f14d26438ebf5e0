import { and, eq, inArray } from "drizzle-orm";
import type { Database } from "../../db/open";
import { queueStatusNotifications } from "../../tools/status-notifications";
import { defineHooks, type Row } from "../hooks";
import { loadRegistry } from "../model";
import { checkFollowsItems, recordLabel } from "../status-rules";
import {
  completeWrite,
  currentValue,
  fromCents,
  modelOf,
  numberOr,
  storedChildren,
  sumCents,
  toCents,
} from "./derived-writes";
import { checkItemPlans } from "./order-item-plans";
import { checkOrderDelete, checkOrderItemsOnRuns, runLocks } from "./order-item-runs";
import { settledMoney } from "./order-money";
import { checkNoWorkStarted, checkOrderPolicy } from "./order-policy";
import { checkServiceLines, isServiceLine } from "./order-service-lines";

// Orders:
// - subtotal = Σ items' prices; total = subtotal − discount + shipping + tax; amount_due =
//   total − (captured payments − processed money refunds), and payment_status, from the payments
//   and refunds (order-money.ts). All are read-only: computed on every write (and by the payments'
//   and refunds' hooks when they change the order's money).
// - The status follows the items, on a write that changes the items without choosing the status
//   itself: when every item is cancelled the order goes to a cancelled-category status; else to a
//   status of the least advanced item's category (open < production < complete; an item without
//   a status counts as open; a Service line, order-service-lines.ts, does not count). It moves only along its workflow: to the nearest status of that
//   category its next statuses lead to (fewest steps, then sort order), and stays put when none
//   does or its status already has that category.
// - Whatever moved it, the status may be complete only when every item not cancelled is
//   (status-rules.ts checkFollowsItems; Service lines aside): 409 otherwise.

const CATEGORY_RANK: Record<string, number> = { open: 0, production: 1, complete: 2 };

/** The category the items call for, or undefined when no item has a status. */
async function itemsCategory(tx: Database, tenantId: number, lines: Row[]): Promise<string | undefined> {
  const items = lines.filter((i) => !isServiceLine(i));
  const ids = [
    ...new Set(items.map((i) => i.item_status_id).filter((id): id is number => typeof id === "number")),
  ];
  if (ids.length === 0) return undefined;
  const statuses = (await modelOf("Status")).table.table;
  const rows = await tx
    .select({ id: statuses.id, category: statuses.category })
    .from(statuses)
    .where(and(eq(statuses.tenant_id, tenantId), inArray(statuses.id, ids)));
  const categoryOf = new Map(rows.map((r) => [r.id as number, String(r.category)]));
  const categories = items.map((i) => categoryOf.get(i.item_status_id as number) ?? "open");
  const live = categories.filter((c) => c !== "cancelled");
  if (live.length === 0) return "cancelled";
  return live.reduce((least, c) => ((CATEGORY_RANK[c] ?? 0) < (CATEGORY_RANK[least] ?? 0) ? c : least));
}

/** The order status of `category` the workflow reaches from `currentId` (see above). */
async function followStatus(
  tx: Database,
  tenantId: number,
  currentId: number | null,
  category: string,
): Promise<number | undefined> {
  const statuses = (await modelOf("Status")).table.table;
  const rows = await tx
    .select()
    .from(statuses)
    .where(and(eq(statuses.tenant_id, tenantId), eq(statuses.entity, "order")));
  const bySort = (a: Row, b: Row) =>
    numberOr(a.sort_order) - numberOr(b.sort_order) || (a.id as number) - (b.id as number);
  const byId = new Map(rows.map((r) => [r.id as number, r]));
  const current = currentId === null ? undefined : byId.get(currentId);
  if (!current) return rows.filter((r) => r.category === category).sort(bySort)[0]?.id as number | undefined;
  if (current.category === category) return undefined;
  // Breadth first along next_status_ids: the fewest steps, then the lowest sort order.
  const seen = new Set<number>([current.id as number]);
  let layer = [current];
  while (layer.length > 0) {
    const next = layer
      .flatMap((s) => ((s.next_status_ids as number[] | null) ?? []).map((id) => byId.get(id)))
      .filter((s): s is Row => s !== undefined && !seen.has(s.id as number))
      .sort(bySort);
    const found = next.find((s) => s.category === category);
    if (found) return found.id as number;
    for (const s of next) seen.add(s.id as number);
    layer = next;
  }
  return undefined;
}

export default defineHooks({
  compute(values: Row, previous: Row | null, children) {
    const items = children?.items;
    // In whole cents (BigInt): exact however many lines; the bounds are checked after this
    // (field-relations.ts: discount ≤ subtotal, totals ≤ the money maximum).
    // Without items in the write the stored subtotal stands (a seeded one is given as a number).
    const subtotal = items
      ? sumCents(items.map((i) => i.price))
      : toCents(typeof values.subtotal === "number" ? values.subtotal : previous?.subtotal);
    const total =
      subtotal -
      toCents(currentValue(values, previous, "discount")) +
      toCents(currentValue(values, previous, "shipping")) +
      toCents(currentValue(values, previous, "tax"));
    values.subtotal = fromCents(subtotal);
    values.total = fromCents(total);
    // amount_due is never in a body (read-only): a number here is the server's own (payments).
    if (typeof values.amount_due !== "number") {
      const paid = previous
        ? toCents(previous.total) - toCents(numberOr(previous.amount_due, numberOr(previous.total)))
        : 0n;
      values.amount_due = fromCents(total - paid);
    }
  },

  async afterWrite({
    tx,
    model,
    tenantId,
    userId,
    action,
    record,
    previous,
    children,
    previousChildren,
    filled,
  }) {
    if (action === "delete" || !record) return;
    // Service lines are billed, not produced (order-service-lines.ts).
    if (children?.items) checkServiceLines(children.items);
    // Items on an open run keep what it prints and stay on the order (order-item-runs.ts).
    if (action === "update" && children?.items && previousChildren?.items) {
      await checkOrderItemsOnRuns(tx, tenantId, record, children.items, previousChildren.items);
    }
    // Each item's plan fits its planned press (order-item-plans.ts).
    if (children?.items) await checkItemPlans(tx, tenantId, children.items);
    const values: Row = {};
    // amount_due and payment_status from the payments and refunds as they are now (order-money.ts;
    // compute went by the stored amount due); 409 when the total falls below what was paid.
    Object.assign(values, await settledMoney(tx, tenantId, record));
    // A new order's first status, filled by the server, is no choice: the items' category decides.
    const defaulted = action === "create" && filled?.has("status_id") === true;
    const statusChosen =
      action === "create"
        ? record.status_id !== null && !defaulted
        : record.status_id !== previous?.status_id;
    if (children?.items && !statusChosen) {
      const from = defaulted ? null : ((record.status_id as number | null) ?? null);
      const category = await itemsCategory(tx, tenantId, children.items);
      const next = category ? await followStatus(tx, tenantId, from, category) : undefined;
      if (next !== undefined) values.status_id = next;
    }
    // The status as it ends up may not be ahead of the items (status-rules.ts).
    const statusId = "status_id" in values ? values.status_id : record.status_id;
    if (statusId !== previous?.status_id || children?.items) {
      const items =
        children?.items ?? (await storedChildren(tx, model, "items", tenantId, record.id as number));
      const label = recordLabel(model, record);
      await checkFollowsItems(tx, await loadRegistry(), tenantId, label, statusId, items, "item_status_id", {
        skip: isServiceLine,
      });
    }
    await completeWrite(tx, model, { tenantId, userId, action }, record, values);
    // A status that notifies the customer, just reached by the order or an item: a text after the commit.
    await queueStatusNotifications({
      tx,
      registry: await loadRegistry(),
      tenantId,
      record: { ...record, ...values },
      previous,
      items: children?.items,
      previousItems: previousChildren?.items,
    });
    // Credit and activity (order-policy.ts), on the figures as stored.
    await checkOrderPolicy({ tx, tenantId, action, record, previous, children, previousChildren });
  },

  // An order with work on the floor stays: its items' production is real (status-rules.ts).
  // The order form disables what an open run fixes of its items (order-item-runs.ts).
  bounds: ({ tx, tenantId, id, values }) => runLocks(tx, tenantId, id, values.items),

  async beforeDelete({ tx, model, tenantId, record }) {
    const items = await storedChildren(tx, model, "items", tenantId, record.id as number);
    await checkOrderDelete(tx, tenantId, record, items);
    await checkNoWorkStarted(tx, model, tenantId, record);
  },

  // The production manager's counts (manager-query.ts) read from indexes alone, EXPLAIN at 100,000 orders:
  // items waiting at each station outside a run, 410 ms (a bitmap heap scan of 7,165 pages) → 16 ms;
  // items at a trade printer by status (also the outsource staging queue), 71 → 24 ms.
  schema: [
    `CREATE INDEX IF NOT EXISTS "orders_items_waiting_idx" ON "orders_items" ("tenant_id", "item_status_id")
      INCLUDE ("outsource_vendor_id", "quantity", "product_id") WHERE "run_id" IS NULL`,
    `CREATE INDEX IF NOT EXISTS "orders_items_outsourced_idx" ON "orders_items" ("tenant_id", "item_status_id")
      WHERE "outsource_vendor_id" IS NOT NULL`,
  ],
});
