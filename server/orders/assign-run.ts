import { and, eq, inArray } from "drizzle-orm";
import { assignRefusal } from "../../src/custom/orders/desk-rules";
import type { Database } from "../db/open";
import { HttpError, validationFailed } from "../http/errors";
import { staleVersion } from "../resources/errors";
import type { Row } from "../resources/hooks";
import { lockRecord, storedChildren } from "../resources/hooks/derived-writes";
import type { ResourceRegistry } from "../resources/model";
import { type EngineContext, updateRecord } from "../resources/record-writes";
import { recordLabel } from "../resources/status-rules";
import { CODES, itemRows, modelIn, orderState, statusByCode, statusesOf } from "./order-state";
import { titlesOf } from "./related-rows";

// Gang approved items of an order onto a run (issue 19), in one transaction:
// - each item must be approved and on no live run, and its status lead to Batched (desk-rules.ts);
// - the run must be open (a status of the open category: still being filled), else a 409;
// - the items move to Batched (the order's update), then join the run as new rows at the next
//   slots, printing at least their quantity (the run's update: its hooks apply the gang rule —
//   same stock, colours and coating —, reserve paper, and link each item's run_id, 409 when
//   another live run holds one).

export interface AssignBody {
  version: number;
  run_id: number;
  items: { item_id: number; quantity_required?: number; number_up?: number }[];
}

export async function assignToRun(
  ctx: EngineContext,
  orderId: number,
  body: AssignBody,
): Promise<{ order: Row; run: Row }> {
  const state = await orderState(ctx.tx, ctx.registry, ctx.tenantId, orderId, true);
  if (state.order.version !== body.version) throw staleVersion(state.model);
  const runs = modelIn(ctx.registry, "Run");
  const run = await lockRecord(ctx.tx, runs, ctx.tenantId, body.run_id);
  if (!run) throw validationFailed([{ field: "run_id", message: `There is no run with id ${body.run_id}` }]);
  const runStatuses = await statusesOf(ctx.tx, ctx.registry, ctx.tenantId, "run");
  const runStatus = runStatuses.find((s) => s.id === run.status_id);
  if (runStatus && runStatus.category !== "open") {
    throw new HttpError(
      409,
      `Run ${recordLabel(runs, run)} is ${runStatus.name}: items are ganged onto a run while it is still open`,
    );
  }
  const batched = statusByCode(state.itemStatuses, "order item", CODES.batched);
  const moves = new Map<number, { from: number; to: number }>();
  const seen = new Set<number>();
  body.items.forEach(({ item_id }, index) => {
    const item = state.deskItems.find((i) => i.id === item_id);
    if (!item) {
      throw validationFailed([
        {
          field: `items.${index}.item_id`,
          message: `Order ${state.desk.order_number} has no item ${item_id}`,
        },
      ]);
    }
    if (seen.has(item_id)) {
      throw validationFailed([
        { field: `items.${index}.item_id`, message: `Item ${item.number} is listed twice` },
      ]);
    }
    seen.add(item_id);
    const refusal = assignRefusal(state.desk, item, state.itemStatuses);
    if (refusal) throw new HttpError(409, refusal);
    moves.set(item_id, { from: item.item_status_id as number, to: batched.id });
  });
  const order = await updateRecord(
    ctx,
    state.model,
    orderId,
    { version: body.version, items: itemRows(state.items, moves) },
    { action: { from: null, to: "assign_run" }, run: { from: null, to: String(run.run_number) } },
  );
  const runItems = await storedChildren(ctx.tx, runs, "items", ctx.tenantId, body.run_id);
  let slot = runItems.reduce((most, r) => Math.max(most, Number(r.slot) || 0), 0);
  const due = order.row.wanted_by
    ? new Date(`${String(order.row.wanted_by).slice(0, 10)}T17:00:00.000Z`)
    : null;
  const added = body.items.map((wanted) => {
    const item = state.items.find((i) => i.id === wanted.item_id) as Row;
    slot += 1;
    return {
      order_id: orderId,
      order_item_id: wanted.item_id,
      slot,
      number_up: wanted.number_up ?? 1,
      quantity_required: wanted.quantity_required ?? Number(item.quantity),
      due_at: due?.toISOString() ?? null,
    };
  });
  const updated = await updateRecord(
    ctx,
    runs,
    body.run_id,
    { version: run.version, items: [...runItems.map((r) => ({ id: r.id })), ...added] },
    { action: { from: null, to: "assign_items" }, order: { from: null, to: state.desk.order_number } },
  );
  return { order: order.row, run: updated.row };
}

export interface AssignableRun {
  id: number;
  run_number: string;
  status: string | null;
  stock: string | null;
  color_spec: string | null;
  coating: string | null;
  due_at: string | null;
  /** The order's approved items (ids) that share its stock, colours and coating. */
  fits: number[];
}

/** Open runs (still being filled) that one of the order's approved items could join, at most 50. */
export async function assignableRuns(
  db: Database,
  registry: ResourceRegistry,
  tenantId: number,
  orderId: number,
): Promise<AssignableRun[]> {
  const state = await orderState(db, registry, tenantId, orderId, false);
  const approved = state.itemStatuses.find((s) => s.code === CODES.approved)?.id;
  const items = state.items.filter((i) => i.item_status_id === approved && i.run_id === null);
  if (items.length === 0) return [];
  const runStatuses = (await statusesOf(db, registry, tenantId, "run")).filter((s) => s.category === "open");
  if (runStatuses.length === 0) return [];
  const runs = modelIn(registry, "Run");
  const t = runs.table.table;
  const rows = await db
    .select()
    .from(t)
    .where(
      and(
        eq(t.tenant_id, tenantId),
        inArray(
          t.status_id,
          runStatuses.map((s) => s.id),
        ),
      ),
    )
    .orderBy(t.due_at, t.id)
    .limit(500);
  const fitting = rows
    .map((run) => ({
      run,
      fits: items
        .filter(
          (i) =>
            i.stock_id === run.stock_id &&
            (i.color_spec ?? null) === (run.color_spec ?? null) &&
            (i.coating ?? "none") === (run.coating ?? "none"),
        )
        .map((i) => i.id as number),
    }))
    .filter((r) => r.fits.length > 0)
    .slice(0, 50);
  const stocks = await titlesOf(
    db,
    modelIn(registry, "Inventory"),
    tenantId,
    fitting.map((r) => r.run.stock_id),
  );
  return fitting.map(({ run, fits }) => ({
    id: run.id as number,
    run_number: String(run.run_number),
    status: runStatuses.find((s) => s.id === run.status_id)?.name ?? null,
    stock: stocks.get(run.stock_id as number) ?? null,
    color_spec: (run.color_spec as string | null) ?? null,
    coating: (run.coating as string | null) ?? null,
    due_at: run.due_at instanceof Date ? run.due_at.toISOString() : null,
    fits,
  }));
}
