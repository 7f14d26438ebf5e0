import { and, eq, inArray, sql } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { scopeFor } from "../../src/access/permissions";
import { JUGGLERS, type JugglerKind } from "../../src/custom/production/juggler-logic";
import { allIn, completeness } from "../../src/custom/production/queue-logic";
import { getAuth, requestGrants, requireAuth } from "../auth/authenticate";
import { can, type Grants } from "../auth/permissions";
import type { Database } from "../db/open";
import { forbidden, HttpError, notFound, validationFailed } from "../http/errors";
import { staleVersion } from "../resources/errors";
import { childOf, lockRecord, updateAsServer } from "../resources/hooks/derived-writes";
import type { ResourceRegistry } from "../resources/model";
import { createRecord } from "../resources/record-writes";
import { toRecord } from "../resources/records";
import { recordLabel } from "../resources/status-rules";
import { checkStatusMoves } from "../resources/workflow";
import { jugglerWork } from "./juggler-query";
import { outsourcedItems, shippingOrders, stagingOrders } from "./queue-queries";

// The prepress queues' server (issue 18), each read behind the prepress pages' Order ReadAny:
//   GET  /production/jugglers/{prepress|digital}           candidates and the runs filling
//   GET  /production/staging                               orders with staged items
//   POST /production/staging/{order_id}/release            every item in: the order to shipping
//   GET  /production/shipping                              orders ready to ship
//   POST /production/shipping/{order_id}/packing-slip      a slip of what is left to ship
//   GET  /production/outsourced                            items at a trade printer
// The jugglers create and extend runs through the runs API (POST/PATCH runs), whose hooks hold
// the gang rule and commit the stock. Releasing needs Order Update (any order), a slip
// PackingSlip Create. Tenant-scoped throughout; each write in one transaction.

const versionBody = z.object({ version: z.number().int().min(1).optional() }).strict();

function orderIdOf(raw: string): number {
  if (!/^\d{1,10}$/.test(raw) || Number(raw) < 1 || Number(raw) > 2_147_483_647) throw notFound();
  return Number(raw);
}

function parseVersion(raw: unknown): number | undefined {
  const parsed = versionBody.safeParse(raw ?? {});
  if (!parsed.success) {
    throw validationFailed(
      parsed.error.issues.map((i) => ({ field: i.path.join(".") || "body", message: i.message })),
    );
  }
  return parsed.data.version;
}

async function readsOrders(request: FastifyRequest): Promise<Grants> {
  const grants = await requestGrants(request);
  if (!can(grants, "Order", "ReadAny")) throw forbidden();
  return grants;
}

interface OrderStatus {
  id: number;
  code: string;
  name: string;
  category: string | null;
  next: number[];
}

/** The shortest path of allowed moves from `from` to the status of `code` (not through cancelled). */
function pathTo(statuses: OrderStatus[], from: OrderStatus, code: string): OrderStatus[] | null {
  const target = statuses.find((s) => s.code === code);
  if (!target) return null;
  const byId = new Map(statuses.map((s) => [s.id, s]));
  const back = new Map<number, number>();
  const queue = [from.id];
  const seen = new Set(queue);
  while (queue.length > 0) {
    const at = queue.shift() as number;
    if (at === target.id) break;
    for (const next of byId.get(at)?.next ?? []) {
      const s = byId.get(next);
      if (!s || seen.has(next) || s.category === "cancelled") continue;
      seen.add(next);
      back.set(next, at);
      queue.push(next);
    }
  }
  if (!seen.has(target.id)) return null;
  const path: OrderStatus[] = [];
  for (let at = target.id; at !== from.id; at = back.get(at) as number)
    path.unshift(byId.get(at) as OrderStatus);
  return path;
}

async function orderStatuses(
  db: Database,
  registry: ResourceRegistry,
  tenantId: number,
): Promise<OrderStatus[]> {
  const t = registry.byKind.get("Status")?.table.table;
  if (!t) return [];
  const rows = await db
    .select({ id: t.id, code: t.code, name: t.name, category: t.category, next: t.next_status_ids })
    .from(t)
    .where(and(eq(t.tenant_id, tenantId), eq(t.entity, "order")))
    .orderBy(t.sort_order, t.id);
  return rows.map((r) => ({
    id: r.id as number,
    code: String(r.code),
    name: String(r.name),
    category: (r.category as string | null) ?? null,
    next: Array.isArray(r.next) ? (r.next as number[]) : [],
  }));
}

/** Every item in: the order moves on to ready_to_ship along its allowed moves, logged. */
async function releaseOrder(
  tx: Database,
  registry: ResourceRegistry,
  ctx: { tenantId: number; userId: number },
  orderId: number,
  version: number | undefined,
) {
  const model = registry.byKind.get("Order");
  if (!model) throw notFound();
  const before = await lockRecord(tx, model, ctx.tenantId, orderId);
  if (!before) throw notFound();
  if (version !== undefined && before.version !== version) throw staleVersion(model);
  const label = recordLabel(model, before);
  const [order] = (await stagingOrders(tx, registry, ctx.tenantId, orderId)) ?? [];
  if (!order || !allIn(order)) {
    const waiting = order?.items.find((i) => !i.cancelled && !i.staged);
    const detail = waiting
      ? `: item ${waiting.number} (${waiting.description}) is ${waiting.status ?? "without a status"}`
      : "";
    throw new HttpError(
      409,
      `${label} cannot go to shipping yet, ${order ? completeness(order) : "none of its items is staged"}${detail}`,
    );
  }
  const statuses = await orderStatuses(tx, registry, ctx.tenantId);
  const current = statuses.find((s) => s.id === before.status_id);
  const path = current ? pathTo(statuses, current, "ready_to_ship") : null;
  if (!current || !path || path.length === 0) {
    throw new HttpError(
      409,
      `${label} is ${current?.name ?? "without a status"}: it cannot be released to shipping from there`,
    );
  }
  let from = current.id;
  for (const step of path) {
    await checkStatusMoves(
      tx,
      registry,
      ctx.tenantId,
      [{ words: "order", path: "status_id", from, to: step.id }],
      label,
    );
    from = step.id;
  }
  return { model, row: await updateAsServer(tx, model, ctx, before, { status_id: from }) };
}

const CARRIERS: Record<string, [carrier: string, service: string | null]> = {
  pickup: ["pickup", "Customer pickup"],
  local_delivery: ["local_courier", "Local delivery"],
  ground: ["ups", "Ground"],
  two_day: ["ups", "2nd Day Air"],
  overnight: ["ups", "Next Day Air"],
  freight: ["freight", null],
  mail: ["usps", "Priority Mail"],
};

/** A draft slip of what is left to ship of the order's items (not cancelled), created as POST packing-slips would. */
async function makePackingSlip(
  tx: Database,
  registry: ResourceRegistry,
  ctx: { tenantId: number; userId: number },
  orderId: number,
) {
  const orderModel = registry.byKind.get("Order");
  const slipModel = registry.byKind.get("PackingSlip");
  const location = registry.byKind.get("Location");
  if (!orderModel || !slipModel) throw notFound();
  const order = await lockRecord(tx, orderModel, ctx.tenantId, orderId);
  if (!order) throw notFound();
  const label = recordLabel(orderModel, order);
  // The order's item rows, locked as the slip's own rule locks them (hooks/packing-slips.ts).
  const oi = childOf(orderModel, "items").table.table;
  const items = await tx
    .select()
    .from(oi)
    .where(and(eq(oi.tenant_id, ctx.tenantId), eq(oi.parent_id, orderId)))
    .orderBy(oi.position, oi.id)
    .for("no key update");
  const [shipping] = await shippingOrders(tx, registry, ctx.tenantId, orderId);
  if (!shipping) {
    throw new HttpError(409, `${label} is not ready to ship: release it from staging first`);
  }
  const pl = childOf(slipModel, "lines").table.table;
  const ps = slipModel.table.table;
  const listed = new Map<number, number>();
  const ids = items.map((i) => i.id as number);
  if (ids.length > 0) {
    const sums = await tx
      .select({ item: pl.order_item_id, shipped: sql<number>`coalesce(sum(${pl.quantity_shipped}), 0)::int` })
      .from(pl)
      .innerJoin(ps, and(eq(ps.id, pl.parent_id), eq(ps.tenant_id, pl.tenant_id)))
      .where(and(eq(pl.tenant_id, ctx.tenantId), eq(ps.order_id, orderId), inArray(pl.order_item_id, ids)))
      .groupBy(pl.order_item_id);
    for (const s of sums) listed.set(Number(s.item), Number(s.shipped));
  }
  const cancelled = new Set(shipping.items.filter((i) => i.cancelled).map((i) => i.id));
  const lines = items
    .filter((i) => !cancelled.has(i.id as number))
    .map((i) => ({
      order_item_id: i.id as number,
      description: String(i.description ?? ""),
      quantity_ordered: Number(i.quantity),
      quantity_shipped: Math.max(0, Number(i.quantity) - (listed.get(i.id as number) ?? 0)),
      quantity_backordered: 0,
    }))
    .filter((l) => l.quantity_shipped > 0);
  if (lines.length === 0) {
    const slips = shipping.slips.map((s) => s.slip_number).join(", ");
    throw new HttpError(409, `Every item of ${label} is on a packing slip already (${slips})`);
  }
  let shipFrom: number | null = null;
  if (location) {
    const lt = location.table.table;
    const [first] = await tx
      .select({ id: lt.id })
      .from(lt)
      .where(eq(lt.tenant_id, ctx.tenantId))
      .orderBy(lt.id)
      .limit(1);
    shipFrom = (first?.id as number | undefined) ?? null;
  }
  const [carrier, service] = CARRIERS[String(order.ship_method)] ?? [null, null];
  return createRecord({ tx, registry, tenantId: ctx.tenantId, userId: ctx.userId }, slipModel, {
    order_id: orderId,
    ship_to_id: order.ship_to_id ?? null,
    ship_from_id: shipFrom,
    carrier,
    service,
    status: "draft",
    lines,
  });
}

export async function prepressRoutes(
  app: FastifyInstance,
  { registry }: { registry: ResourceRegistry },
): Promise<void> {
  const hidden = { onRequest: requireAuth, schema: { hide: true } };

  app.get("/production/jugglers/:kind", hidden, async (request) => {
    const { kind } = request.params as { kind: string };
    if (!Object.hasOwn(JUGGLERS, kind)) throw notFound();
    await readsOrders(request);
    return { data: await jugglerWork(app.db, registry, getAuth(request).tenantId, kind as JugglerKind) };
  });

  app.get("/production/staging", hidden, async (request) => {
    await readsOrders(request);
    return { data: await stagingOrders(app.db, registry, getAuth(request).tenantId) };
  });

  app.post("/production/staging/:orderId/release", hidden, async (request) => {
    const grants = await readsOrders(request);
    if (scopeFor(grants, "Order", "Update") !== "all") throw forbidden();
    const version = parseVersion(request.body);
    const auth = getAuth(request);
    const orderId = orderIdOf((request.params as { orderId: string }).orderId);
    const { model, row } = await app.db.transaction((tx) =>
      releaseOrder(tx, registry, { tenantId: auth.tenantId, userId: auth.user.id }, orderId, version),
    );
    return { data: toRecord(model, row) };
  });

  app.get("/production/shipping", hidden, async (request) => {
    await readsOrders(request);
    return { data: await shippingOrders(app.db, registry, getAuth(request).tenantId) };
  });

  app.post("/production/shipping/:orderId/packing-slip", hidden, async (request, reply) => {
    const grants = await readsOrders(request);
    if (scopeFor(grants, "PackingSlip", "Create") !== "all") throw forbidden();
    parseVersion(request.body);
    const auth = getAuth(request);
    const orderId = orderIdOf((request.params as { orderId: string }).orderId);
    const model = registry.byKind.get("PackingSlip");
    if (!model) throw notFound();
    const { row, children } = await app.db.transaction((tx) =>
      makePackingSlip(tx, registry, { tenantId: auth.tenantId, userId: auth.user.id }, orderId),
    );
    return reply.code(201).send({ data: toRecord(model, row, { children }) });
  });

  app.get("/production/outsourced", hidden, async (request) => {
    await readsOrders(request);
    return { data: await outsourcedItems(app.db, registry, getAuth(request).tenantId) };
  });
}
