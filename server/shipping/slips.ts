import { and, eq, inArray } from "drizzle-orm";
import { CODES, mayMove, moveRefusal } from "../../src/custom/orders/desk-rules";
import type { Database } from "../db/open";
import { HttpError, notFound } from "../http/errors";
import { itemRows, modelIn, orderState, statusByCode } from "../orders/order-state";
import { staleVersion } from "../resources/errors";
import type { Row } from "../resources/hooks";
import { childOf, lockRecord, updateAsServer } from "../resources/hooks/derived-writes";
import { orderItems, shippedElsewhere } from "../resources/hooks/packing-slips";
import type { ResourceRegistry } from "../resources/model";
import { createRecord, type EngineContext, updateRecord } from "../resources/record-writes";

// Packing slips from the order desk (issue 19), each in one transaction and through the slips'
// own rules (hooks/packing-slips.ts: lines of the slip's order, never more than is left to ship,
// packed or shipped only for printed work):
// - a new draft slip for what an order has left to ship: a printed item ships what is left of it,
//   an item not printed yet is listed as backordered;
// - packing (draft → packed) and shipping (→ packed → shipped, the declared moves): the packer
//   and time are set when empty; shipping moves each item the order's shipped slips now cover in
//   full to the Shipped status (through Packed where its status leads only there), a status that
//   leads to neither being a 409 naming both;
// - each print of the slip's ticket counts (print_count).

export const SLIP_FIELDS = [
  "carrier",
  "service",
  "tracking_number",
  "cartons",
  "quantity_per_carton",
  "weight",
] as const;
export type SlipFields = Partial<Record<(typeof SLIP_FIELDS)[number], unknown>>;

/** A draft slip for what the order has left to ship (409 when nothing is). */
export async function makeSlip(
  ctx: EngineContext,
  orderId: number,
  extra: Row = {},
  lines?: Row[],
): Promise<Row> {
  const {
    order,
    items: rows,
    itemStatuses,
  } = await orderState(ctx.tx, ctx.registry, ctx.tenantId, orderId, true);
  const { orderNumber, items } = await orderItems(ctx.tx, ctx.tenantId, orderId, true);
  const cancelled = new Set(
    rows
      .filter((r) => itemStatuses.find((st) => st.id === r.item_status_id)?.category === "cancelled")
      .map((r) => r.id as number),
  );
  let body = lines;
  if (!body) {
    const elsewhere = await shippedElsewhere(ctx.tx, ctx.tenantId, orderId, null);
    body = [...items.values()].flatMap((item) => {
      const left = item.quantity - (elsewhere.get(item.id)?.quantity ?? 0);
      if (left <= 0 || cancelled.has(item.id) || item.service) return [];
      return [
        {
          order_item_id: item.id,
          description: item.description.slice(0, 300) || `Item ${item.number}`,
          quantity_ordered: item.quantity,
          quantity_shipped: item.printed ? left : 0,
          quantity_backordered: item.printed ? 0 : left,
        },
      ];
    });
  }
  if (body.length === 0) {
    throw new HttpError(
      409,
      `Every item of ${orderNumber} is on a packing slip already: there is nothing left to ship`,
    );
  }
  const { row } = await createRecord(ctx, modelIn(ctx.registry, "PackingSlip"), {
    order_id: orderId,
    ship_to_id: order.ship_to_id ?? null,
    status: "draft",
    lines: body,
    ...extra,
  });
  return row;
}

/** Pack or ship a slip (with the box's details), moving its fully shipped items to Shipped. */
export async function moveSlip(
  ctx: EngineContext,
  slipId: number,
  target: "packed" | "shipped",
  body: { version: number } & SlipFields,
): Promise<Row> {
  const model = modelIn(ctx.registry, "PackingSlip");
  const before = await lockRecord(ctx.tx, model, ctx.tenantId, slipId);
  if (!before) throw notFound();
  if (before.version !== body.version) throw staleVersion(model);
  const label = String(before.slip_number);
  if (before.status !== "draft" && !(target === "shipped" && before.status === "packed")) {
    throw new HttpError(409, `${label} is ${String(before.status)}: it cannot be ${target} again`);
  }
  const fields: Row = {};
  for (const name of SLIP_FIELDS) if (body[name] !== undefined) fields[name] = body[name];
  let row = before;
  if (before.status === "draft") {
    const packer = before.packed_by_id ?? ctx.userId;
    const packedAt = before.packed_at ?? new Date().toISOString();
    row = (
      await updateRecord(ctx, model, slipId, {
        version: row.version,
        status: "packed",
        packed_by_id: packer,
        packed_at: packedAt instanceof Date ? packedAt.toISOString() : packedAt,
        ...fields,
      })
    ).row;
  } else if (Object.keys(fields).length > 0) {
    row = (await updateRecord(ctx, model, slipId, { version: row.version, ...fields })).row;
  }
  if (target === "packed") return row;
  row = (await updateRecord(ctx, model, slipId, { version: row.version, status: "shipped" })).row;
  await shipItems(ctx, row);
  return row;
}

/** The order's items its shipped slips now cover in full move to Shipped (through Packed if need be). */
async function shipItems(ctx: EngineContext, slip: Row): Promise<void> {
  const orderId = slip.order_id as number;
  const state = await orderState(ctx.tx, ctx.registry, ctx.tenantId, orderId, true);
  const shipped = await shippedOnShippedSlips(ctx.tx, ctx.registry, ctx.tenantId, orderId);
  const shippedStatus = statusByCode(state.itemStatuses, "order item", CODES.shipped);
  const packed = state.itemStatuses.find((s) => s.code === CODES.packed);
  const viaPacked = new Map<number, { from: number; to: number }>();
  const toShipped = new Map<number, { from: number; to: number }>();
  for (const [index, item] of state.items.entries()) {
    const id = item.id as number;
    if ((shipped.get(id) ?? 0) < Number(item.quantity)) continue;
    const from = state.itemStatuses.find((s) => s.id === item.item_status_id);
    if (from?.category === "complete" || from?.category === "cancelled") continue;
    if (mayMove(from, shippedStatus, state.itemStatuses)) {
      toShipped.set(id, { from: from?.id as number, to: shippedStatus.id });
    } else if (
      packed &&
      mayMove(from, packed, state.itemStatuses) &&
      mayMove(packed, shippedStatus, state.itemStatuses)
    ) {
      viaPacked.set(id, { from: from?.id as number, to: packed.id });
      toShipped.set(id, { from: packed.id, to: shippedStatus.id });
    } else {
      const words = `Item ${index + 1} of ${state.desk.order_number}`;
      throw new HttpError(
        409,
        `${String(slip.slip_number)} cannot ship: ${moveRefusal(words, from, shippedStatus)}`,
      );
    }
  }
  let version = state.order.version as number;
  const note = {
    action: { from: null, to: "ship" },
    packing_slip: { from: null, to: String(slip.slip_number) },
  };
  for (const moves of [viaPacked, toShipped]) {
    if (moves.size === 0) continue;
    const { row } = await updateRecord(
      ctx,
      state.model,
      orderId,
      { version, items: itemRows(state.items, moves) },
      note,
    );
    version = row.version as number;
  }
}

/** Σ shipped of each item over the order's shipped and delivered slips. */
async function shippedOnShippedSlips(
  tx: Database,
  registry: ResourceRegistry,
  tenantId: number,
  orderId: number,
): Promise<Map<number, number>> {
  const slips = modelIn(registry, "PackingSlip");
  const s = slips.table.table;
  const l = childOf(slips, "lines").table.table;
  const rows = await tx
    .select({ item: l.order_item_id, shipped: l.quantity_shipped })
    .from(l)
    .innerJoin(s, and(eq(s.id, l.parent_id), eq(s.tenant_id, l.tenant_id)))
    .where(
      and(eq(l.tenant_id, tenantId), eq(s.order_id, orderId), inArray(s.status, ["shipped", "delivered"])),
    );
  const sums = new Map<number, number>();
  for (const r of rows) {
    if (typeof r.item !== "number") continue;
    sums.set(r.item, (sums.get(r.item) ?? 0) + Number(r.shipped ?? 0));
  }
  return sums;
}

/** One more print of the slip's ticket. */
export async function recordSlipPrint(
  tx: Database,
  registry: ResourceRegistry,
  ctx: { tenantId: number; userId: number },
  slipId: number,
): Promise<number> {
  const model = modelIn(registry, "PackingSlip");
  const slip = await lockRecord(tx, model, ctx.tenantId, slipId);
  if (!slip) throw notFound();
  const count = Number(slip.print_count ?? 0) + 1;
  await updateAsServer(tx, model, ctx, slip, { print_count: count });
  return count;
}
