import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import runs from "../../../src/resources/runs";
import { type Database, selectRows } from "../../db/open";
import { type FieldError, HttpError, validationFailed } from "../../http/errors";
import { defineHooks, type FieldBound, type Row } from "../hooks";
import type { ResourceModel } from "../model";
import { quoteIdent } from "../tables";
import {
  childOf,
  completeWrite,
  formatCount,
  lockRecord,
  modelOf,
  numberOr,
  storedChildren,
  updateAsServer,
} from "./derived-writes";
import { changeOnHand } from "./inventories";
import { categoryOf, linkRunItems, lockOrders } from "./order-item-runs";

// Runs:
// - due_at is the earliest due date of the run's items; sheets, when a write of the items leaves
//   it out (or empty), the sheets of the item needing the most (domain.md: it sets the count);
// - the gang rule: every item shares the run's stock, colours and coating (compared with the
//   order item the run item names), else a 400 on that item naming the difference;
// - stock commitment: a run reserves its sheets plus its overs on its stock item, its sheets
//   being at least what its items need: the largest of their ceil(quantity_required ÷
//   number_up) (the others come out over); 0 without items. A printed run (printed_at set: its
//   paper is consumed) and a cancelled one reserve nothing. After each run write the stock item's `committed` is
//   recomputed from all its runs (its row locked), and a write that would raise it above
//   on_hand is refused (409) rather than letting available go negative.
// - a run item prints at least its order item's quantity: quantity_required below it is a 400 on
//   items.N.quantity_required with both figures (it stays required: the juggler says how many to
//   print, the order's quantity or more for spoilage; it is not filled in);
// - an order item is on one live run at a time and its run_id follows the runs
//   (order-item-runs.ts: the orders of the items are locked first, a 409 names the other run);
// - printing a run consumes its paper (domain.md: "reserved when a run is built and consumed when
//   it prints"): a run reaching a printed status (complete, or production at or after the
//   tenant's `printed` run status and not `reprint`: the press completed it) gets its printed_at,
//   and the write that sets printed_at (that one, a create or an edit of it) drops the stock
//   item's on_hand by what the run reserved (its sheets, at least what its items need, plus
//   overs), logged as a "consume" quantity change referencing the run number, and the reservation
//   goes. Policy: when on_hand is below that the paper count is wrong, and the write is refused
//   (409) until on hand is adjusted. Cancelling consumes nothing. A printed run keeps its printed
//   time, stock, sheets, overs and items' sheets (409): its paper is consumed as printed. Statuses
//   of the complete category are terminal (status-rules.ts), so a closed run never reopens.

/** Coating as the sentences say it: "UV coating", "no coating". */
function coatingWords(value: unknown): string {
  const coating = (value ?? "none") as string;
  if (coating === "none") return "no coating";
  const field = runs.fields.coating;
  const label = field.type === "enum" ? field.values.find((v) => v.value === coating)?.label : undefined;
  return `${label ?? coating} coating`;
}

/** The sheets a run's items take: the item needing the most sets the count. */
export function sheetsNeeded(items: Row[]): number {
  let sheets = 0;
  for (const item of items) {
    const up = Math.max(1, numberOr(item.number_up, 1));
    sheets = Math.max(sheets, Math.ceil(numberOr(item.quantity_required) / up));
  }
  return sheets;
}

/** What a run reserves of its stock. */
export const runCommitment = (run: Row, items: Row[]): number =>
  items.length === 0 ? 0 : Math.max(numberOr(run.sheets), sheetsNeeded(items)) + numberOr(run.overs);

function earliest(values: unknown[]): Date | null {
  let first: Date | null = null;
  for (const value of values) {
    if (value === null || value === undefined) continue;
    const date = value instanceof Date ? value : new Date(String(value));
    if (!Number.isNaN(date.getTime()) && (!first || date < first)) first = date;
  }
  return first;
}

/** The gang rule over a run's items (their order items read by id). */
async function gangErrors(tx: Database, run: Row, items: Row[], tenantId: number): Promise<FieldError[]> {
  if (items.length === 0) return [];
  const order = await modelOf("Order");
  const inventory = await modelOf("Inventory");
  const oi = childOf(order, "items").table.table;
  const ids = [
    ...new Set(items.map((i) => i.order_item_id).filter((id): id is number => typeof id === "number")),
  ];
  const orderItems = ids.length
    ? await tx
        .select()
        .from(oi)
        .where(and(eq(oi.tenant_id, tenantId), inArray(oi.id, ids)))
    : [];
  const byId = new Map(orderItems.map((row) => [row.id as number, row]));
  const orderIds = new Set<number>(items.map((i) => i.order_id as number));
  for (const row of orderItems) orderIds.add(row.parent_id as number);
  const stockIds = new Set<number>([run.stock_id as number]);
  for (const row of orderItems) if (typeof row.stock_id === "number") stockIds.add(row.stock_id);
  const names = await titles(tx, inventory, tenantId, stockIds);
  const numbers = await titles(tx, order, tenantId, orderIds);
  const stockName = (id: unknown) => (typeof id === "number" ? (names.get(id) ?? `stock #${id}`) : undefined);

  const errors: FieldError[] = [];
  const seen = new Set<number>();
  items.forEach((item, index) => {
    const field = `items.${index}.order_item_id`;
    const id = item.order_item_id as number;
    const orderItem = byId.get(id);
    if (!orderItem) {
      errors.push({ field, message: `There is no order item with id ${id}` });
      return;
    }
    const itemName = `Item ${id}`;
    if (orderItem.parent_id !== item.order_id) {
      const on = numbers.get(orderItem.parent_id as number) ?? `#${orderItem.parent_id}`;
      const named = numbers.get(item.order_id as number) ?? `#${item.order_id}`;
      errors.push({ field, message: `${itemName} belongs to order ${on}, not ${named}` });
      return;
    }
    const ordered = numberOr(orderItem.quantity);
    const required = numberOr(item.quantity_required);
    if (required < ordered) {
      const on = numbers.get(orderItem.parent_id as number) ?? `#${orderItem.parent_id}`;
      errors.push({
        field: `items.${index}.quantity_required`,
        message: `${itemName} of ${on} is for ${formatCount(ordered)}: the run prints at least that many, not ${formatCount(required)}`,
      });
    }
    if (seen.has(id)) {
      errors.push({ field, message: `${itemName} is on this run twice` });
      return;
    }
    seen.add(id);
    if (orderItem.stock_id !== run.stock_id) {
      const itemStock = stockName(orderItem.stock_id);
      errors.push({
        field,
        message: `${itemName} ${itemStock ? `is on ${itemStock}` : "has no stock set"}, the run is on ${stockName(run.stock_id)}`,
      });
    } else if ((orderItem.color_spec ?? null) !== (run.color_spec ?? null)) {
      const prints = (spec: unknown) => (spec ? `prints ${String(spec)}` : "has no colours set");
      errors.push({
        field,
        message: `${itemName} ${prints(orderItem.color_spec)}, the run ${prints(run.color_spec)}`,
      });
    } else if ((orderItem.coating ?? "none") !== (run.coating ?? "none")) {
      errors.push({
        field,
        message: `${itemName} has ${coatingWords(orderItem.coating)}, the run has ${coatingWords(run.coating)}`,
      });
    }
  });
  return errors;
}

/** Title field values of records by id (inventory names, order numbers). */
async function titles(
  tx: Database,
  model: ResourceModel,
  tenantId: number,
  ids: Set<number>,
): Promise<Map<number, string>> {
  const list = [...ids].filter((id) => typeof id === "number");
  if (list.length === 0) return new Map();
  const t = model.table.table;
  const rows = await tx
    .select({ id: t.id, title: t[model.resource.titleField] })
    .from(t)
    .where(and(eq(t.tenant_id, tenantId), inArray(t.id, list)));
  return new Map(rows.map((r) => [r.id as number, String(r.title)]));
}

/**
 * What the runs of the tenant on one stock item reserve, as an SQL scalar: `stock` is the item's
 * id (a parameter, or a column of an outer query such as inventories.id, for the seed). Runs in a
 * cancelled or complete status reserve nothing.
 */
export async function committedSql(tenantId: number, stock: SQL): Promise<SQL> {
  const run = await modelOf("Run");
  const statuses = await modelOf("Status");
  const r = sql.raw(quoteIdent(run.table.name));
  const i = sql.raw(quoteIdent(childOf(run, "items").table.name));
  const s = sql.raw(quoteIdent(statuses.table.name));
  return sql`(select coalesce(sum(need), 0)::int from (
      select case when count(i.id) = 0 then 0
                  else greatest(coalesce(r.sheets, 0),
                         max(ceil(i.quantity_required::numeric / greatest(i.number_up, 1)))::int)
                       + coalesce(r.overs, 0) end as need
      from ${r} r
      left join ${i} i on i.parent_id = r.id and i.tenant_id = r.tenant_id
      left join ${s} s on s.id = r.status_id and s.tenant_id = r.tenant_id
      where r.tenant_id = ${tenantId} and r.stock_id = ${stock} and r.printed_at is null
        and (s.category is null or s.category not in ('cancelled', 'complete'))
      group by r.id, r.sheets, r.overs
    ) needs)`;
}

async function committedOf(tx: Database, tenantId: number, stockId: number): Promise<number> {
  const [row] = await selectRows<{ committed: number }>(
    tx,
    sql`select ${await committedSql(tenantId, sql`${stockId}`)} as committed`,
  );
  return Number(row?.committed ?? 0);
}

/** A printed run's paper leaves the shelf: on_hand drops by `used`, logged as a "consume". */
async function consumePaper(
  tx: Database,
  inventory: ResourceModel,
  ctx: { tenantId: number; userId: number | null },
  run: Row,
  used: number,
): Promise<void> {
  if (used <= 0 || typeof run.stock_id !== "number") return;
  const stock = await lockRecord(tx, inventory, ctx.tenantId, run.stock_id);
  if (!stock) return;
  const onHand = numberOr(stock.on_hand);
  if (onHand < used) {
    throw new HttpError(
      409,
      `Printing run ${String(run.run_number)} consumes ${formatCount(used)} sheets of ${String(stock.name)}, but only ${formatCount(onHand)} are on hand: count the paper and correct on hand first`,
    );
  }
  await changeOnHand(tx, inventory, ctx, stock, [
    { type: "consume", quantity: -used, reference: String(run.run_number), note: "Run printed" },
  ]);
}

/**
 * Whether a run status is a printed one: complete, or production at or after the tenant's
 * `printed` run status (by sort order) and not `reprint` (the packing slips' rule for items).
 */
async function printedStatus(tx: Database, tenantId: number, statusId: unknown): Promise<boolean> {
  if (typeof statusId !== "number") return false;
  const s = sql.raw(quoteIdent((await modelOf("Status")).table.name));
  const [row] = await selectRows<{ printed: boolean }>(
    tx,
    sql`select coalesce(st.category = 'complete' or (st.category = 'production' and st.code <> 'reprint'
          and st.sort_order >= (select min(p.sort_order) from ${s} p
            where p.tenant_id = ${tenantId} and p.entity = 'run' and p.code = 'printed')), false) as printed
        from ${s} st where st.tenant_id = ${tenantId} and st.id = ${statusId}`,
  );
  return row?.printed === true;
}

export default defineHooks({
  compute(values: Row, _previous: Row | null, children) {
    const items = children?.items;
    if (!items) return;
    values.due_at = earliest(items.map((i) => i.due_at));
    if (values.sheets === null || values.sheets === undefined) {
      values.sheets = items.length > 0 ? sheetsNeeded(items) : null;
    }
  },

  // The form's least quantity_required per row: its order item's quantity.
  async bounds({ tx, tenantId, values }) {
    const rows = Array.isArray(values.items) ? (values.items as Row[]) : [];
    const ids = rows.map((r) => r.order_item_id).filter((id): id is number => typeof id === "number");
    if (ids.length === 0) return {};
    const order = await modelOf("Order");
    const oi = childOf(order, "items").table.table;
    const found = await tx
      .select({ id: oi.id, parent_id: oi.parent_id, quantity: oi.quantity })
      .from(oi)
      .where(and(eq(oi.tenant_id, tenantId), inArray(oi.id, [...new Set(ids)])));
    const byId = new Map(found.map((r) => [r.id as number, r]));
    const numbers = await titles(tx, order, tenantId, new Set(found.map((r) => r.parent_id as number)));
    const bounds: Record<string, FieldBound> = {};
    rows.forEach((row, index) => {
      const item = byId.get(row.order_item_id as number);
      if (!item) return;
      const quantity = numberOr(item.quantity);
      const on = numbers.get(item.parent_id as number) ?? `#${String(item.parent_id)}`;
      bounds[`items.${index}.quantity_required`] = {
        min: quantity,
        message: `At least ${formatCount(quantity)}: item ${String(item.id)} of ${on} is for ${formatCount(quantity)}`,
      };
    });
    return bounds;
  },

  // The orders of a run's items are locked before the run goes (its items' run_id are cleared).
  async beforeDelete({ tx, model, tenantId, record }) {
    const items = await storedChildren(tx, model, "items", tenantId, record.id as number);
    await lockOrders(
      tx,
      tenantId,
      items.map((i) => i.order_id),
    );
  },

  async afterWrite({ tx, model, tenantId, userId, record, previous, children, previousChildren }) {
    const inventory = await modelOf("Inventory");
    if (record) {
      const items =
        children?.items ?? (await storedChildren(tx, model, "items", tenantId, record.id as number));
      const previousItems = previous ? (previousChildren?.items ?? items) : [];
      const gangChanged =
        !previous ||
        children?.items !== undefined ||
        ["stock_id", "color_spec", "coating"].some((f) => record[f] !== previous[f]);
      if (gangChanged) {
        const errors = await gangErrors(tx, record, items, tenantId);
        if (errors.length > 0) throw validationFailed(errors);
      }
      const category = await categoryOf(tx, tenantId, record.status_id);
      const before = previous ? await categoryOf(tx, tenantId, previous.status_id) : null;
      if (!previous || children?.items !== undefined || category !== before) {
        await lockOrders(
          tx,
          tenantId,
          [...items, ...previousItems].map((i) => i.order_id),
        );
        const live = category !== "cancelled";
        await linkRunItems(tx, { tenantId, userId }, record, live, items, previousItems);
      }
      if (previous?.printed_at) {
        const moved =
          record.printed_at === null ||
          record.stock_id !== previous.stock_id ||
          runCommitment(record, items) !== runCommitment(previous, previousItems);
        if (moved) {
          throw new HttpError(
            409,
            `Run ${String(record.run_number)} is printed and its paper consumed: its printed time, stock, sheets, overs and items stay as printed`,
          );
        }
      } else if (category !== "cancelled") {
        if (!record.printed_at && (await printedStatus(tx, tenantId, record.status_id))) {
          await completeWrite(
            tx,
            model,
            { tenantId, userId, action: previous ? "update" : "create" },
            record,
            { printed_at: new Date() },
          );
        }
        if (record.printed_at) {
          await consumePaper(tx, inventory, { tenantId, userId }, record, runCommitment(record, items));
        }
      }
    }
    const stocks = [...new Set([previous?.stock_id, record?.stock_id])]
      .filter((id): id is number => typeof id === "number")
      .sort((a, b) => a - b);
    for (const stockId of stocks) {
      const item = await lockRecord(tx, inventory, tenantId, stockId);
      if (!item) continue;
      const committed = await committedOf(tx, tenantId, stockId);
      const before = numberOr(item.committed);
      if (committed === before) continue;
      if (committed > before && committed > numberOr(item.on_hand)) {
        const items =
          children?.items ??
          (record ? await storedChildren(tx, model, "items", tenantId, record.id as number) : []);
        const needed = record?.stock_id === stockId ? runCommitment(record, items) : committed - before;
        const available = Math.max(0, numberOr(item.on_hand) - (committed - needed));
        throw new HttpError(
          409,
          `Not enough ${String(item.name)}: ${formatCount(available)} sheets available, ${formatCount(needed)} needed`,
        );
      }
      await updateAsServer(tx, inventory, { tenantId, userId }, item, { committed });
    }
  },

  // The production manager's figures of the runs printed today and in the last 30 days (manager-query.ts):
  // a range of the index instead of a scan of the tenant's runs.
  schema: [
    `CREATE INDEX IF NOT EXISTS "runs_printed_at_idx" ON "runs" ("tenant_id", "printed_at")
      INCLUDE ("equipment_id", "good_quantity", "waste_quantity")`,
  ],
});
