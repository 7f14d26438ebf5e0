import { and, asc, eq, inArray } from "drizzle-orm";
import { planProblems } from "../../src/custom/orders/plan-checks";
import type { Database } from "../db/open";
import { notFound, validationFailed } from "../http/errors";
import type { Row } from "../resources/hooks";
import { storedChildren } from "../resources/hooks/derived-writes";
import { pressesOf } from "../resources/hooks/order-item-plans";
import { isServiceLine } from "../resources/hooks/order-service-lines";
import type { ResourceRegistry } from "../resources/model";
import { type EngineContext, updateRecord } from "../resources/record-writes";
import { modelIn } from "./order-state";

// Planning sections (issue 19, /orders/{order_id}/edit-planning-sections): each item's production
// plan (stations in order, press, stock, sheets and their size, planned minutes: fields of the
// order's items, src/resources/orders.ts), the choices the page offers, and the save: the plan
// checked against each item's press (src/custom/orders/plan-checks.ts, a 400 per problem on the
// item's field), then the engine's update of the order with the version read.

export const PLAN_FIELDS = [
  "plan_station_ids",
  "plan_equipment_id",
  "stock_id",
  "plan_sheets",
  "plan_sheet_width",
  "plan_sheet_height",
  "plan_minutes",
] as const;

export type PlanInput = { id: number } & Partial<Record<(typeof PLAN_FIELDS)[number], unknown>>;

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

function itemPlan(item: Row, index: number) {
  return {
    id: item.id as number,
    number: index + 1,
    description: String(item.description ?? ""),
    quantity: num(item.quantity),
    color_spec: (item.color_spec as string | null) ?? null,
    product_id: (item.product_id as number | null) ?? null,
    run_id: (item.run_id as number | null) ?? null,
    plan_station_ids: Array.isArray(item.plan_station_ids) ? (item.plan_station_ids as number[]) : [],
    plan_equipment_id: (item.plan_equipment_id as number | null) ?? null,
    stock_id: (item.stock_id as number | null) ?? null,
    plan_sheets: num(item.plan_sheets),
    plan_sheet_width: num(item.plan_sheet_width),
    plan_sheet_height: num(item.plan_sheet_height),
    plan_minutes: num(item.plan_minutes),
  };
}

/** The page's data: the order, its items' plans with their problems, and the choices. */
export async function planningData(
  db: Database,
  registry: ResourceRegistry,
  tenantId: number,
  orderId: number,
) {
  const model = modelIn(registry, "Order");
  const o = model.table.table;
  const [order] = await db
    .select({ id: o.id, order_number: o.order_number, version: o.version })
    .from(o)
    .where(and(eq(o.tenant_id, tenantId), eq(o.id, orderId)));
  if (!order) throw notFound();
  // A Service line (billed design hours) has no plan; the others keep their numbers.
  const stored = await storedChildren(db, model, "items", tenantId, orderId);
  const items = stored.map(itemPlan).filter((_, index) => !isServiceLine(stored[index] as Row));
  const s = modelIn(registry, "ProductionStation").table.table;
  const inv = modelIn(registry, "Inventory").table.table;
  const p = modelIn(registry, "Product").table.table;
  const productIds = [...new Set(items.map((i) => i.product_id).filter((id): id is number => id !== null))];
  const [presses, stations, stock, products] = await Promise.all([
    pressesOf(db, tenantId),
    db
      .select({ id: s.id, name: s.name, code: s.code, station_type: s.station_type, active: s.active })
      .from(s)
      .where(eq(s.tenant_id, tenantId))
      .orderBy(asc(s.name)),
    db
      .select({ id: inv.id, name: inv.name, sku: inv.sku })
      .from(inv)
      .where(eq(inv.tenant_id, tenantId))
      .orderBy(asc(inv.name))
      .limit(1000),
    productIds.length === 0
      ? Promise.resolve([])
      : db
          .select({ id: p.id, production_route: p.production_route })
          .from(p)
          .where(and(eq(p.tenant_id, tenantId), inArray(p.id, productIds))),
  ]);
  const byId = new Map(presses.map((e) => [e.id, e]));
  const routeOf = new Map(
    products.map((r) => [r.id as number, (r.production_route as number[] | null) ?? []]),
  );
  return {
    order: {
      id: order.id as number,
      order_number: String(order.order_number),
      version: order.version as number,
    },
    items: items.map((item) => ({
      ...item,
      // The product's production route: what the page proposes for an item without planned stations.
      product_route: item.product_id === null ? [] : (routeOf.get(item.product_id) ?? []),
      problems: planProblems(
        item,
        item.plan_equipment_id === null ? undefined : byId.get(item.plan_equipment_id),
      ),
    })),
    presses,
    stations,
    stock,
  };
}

/** Saves the plans of the items sent (each by id); the order hook checks them against their presses. */
export async function savePlanning(ctx: EngineContext, orderId: number, version: number, plans: PlanInput[]) {
  const { tx, registry, tenantId } = ctx;
  const model = modelIn(registry, "Order");
  const stored = await storedChildren(tx, model, "items", tenantId, orderId);
  const known = new Set(stored.filter((i) => !isServiceLine(i)).map((i) => i.id));
  const unknown = plans.filter((p) => !known.has(p.id));
  if (unknown.length > 0) {
    throw validationFailed(
      unknown.map((p) => ({ field: "items", message: `Item ${p.id} is not on this order: reload the page` })),
    );
  }
  const byId = new Map(plans.map((p) => [p.id, p]));
  return updateRecord(
    ctx,
    model,
    orderId,
    { version, items: stored.map((item) => ({ ...(byId.get(item.id as number) ?? {}), id: item.id })) },
    { action: { from: null, to: "plan items" } },
  );
}
