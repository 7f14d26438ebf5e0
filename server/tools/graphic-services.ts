import { and, asc, eq, sql } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { scopeFor } from "../../src/access/permissions";
import {
  type DesignRequest,
  designStatus,
  parseQueueFilters,
  serviceCharge,
  serviceLineDescription,
  sortByDue,
} from "../../src/custom/tools/design-queue";
import { getAuth, requestGrants, requireAuth } from "../auth/authenticate";
import { selectRows } from "../db/open";
import { user_groups, users } from "../db/schema";
import { forbidden, HttpError, notFound } from "../http/errors";
import { modelIn, orderState } from "../orders/order-state";
import { inTransaction, parseBody, pathId, version } from "../orders/route-helpers";
import { tableOf } from "../production/board-query";
import { staleVersion } from "../resources/errors";
import type { Row } from "../resources/hooks";
import type { ResourceRegistry } from "../resources/model";
import { type EngineContext, updateRecord } from "../resources/record-writes";
import { toRecord } from "../resources/records";

// The graphic service manager's server (issue 22, /graphic-service-manager; Order UpdateAny for all):
//   GET   /graphic-services?designer={id|none}&status=&sort=due|-due   { rows, designers }: the queue of design requests (order
//         items with a design request, src/resources/orders.ts) and the tenant's users as designers
//   PATCH /orders/{id}/items/{item_id}/design        { version, designer_id?, design_due? }
//   POST  /orders/{id}/items/{item_id}/design-hours  { version, hours, service_id? }: the hours added to the
//         item's and billed as a Service line on the order (the design service's hourly rate), one transaction
// Writes go through the engine's update of the order (its version, validation and change log).

const userId = z.number({ error: "Choose a designer" }).int().min(1).max(2_147_483_647);
const designBody = z
  .object({
    version,
    designer_id: userId.nullable().optional(),
    design_due: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, "Enter the due date as YYYY-MM-DD")
      .nullable()
      .optional(),
  })
  .strict()
  .refine((b) => b.designer_id !== undefined || b.design_due !== undefined, {
    message: "Send a designer or a due date to change",
    path: ["body"],
  });
const hoursBody = z
  .object({
    version,
    hours: z
      .number({ error: "Enter the hours worked" })
      .positive("Enter more than 0 hours")
      .max(100, "At most 100 hours at a time")
      .multipleOf(0.25, "Log hours in quarter hours (0.25)"),
    service_id: z.number().int().min(1).max(2_147_483_647).optional(),
  })
  .strict();

const hidden = { schema: { hide: true } };

/** A queue row as the database answers it: counts and hours may come as text. */
type QueueRow = Omit<DesignRequest, "item_number" | "proofs_sent" | "hours" | "status"> & {
  item_number: string | number;
  proofs_sent: number | null;
  hours: string | number | null;
};

/** 403 unless the caller may update every order (Order UpdateAny, the route's requirement). */
async function requireUpdateAny(request: FastifyRequest): Promise<void> {
  if (scopeFor(await requestGrants(request), "Order", "Update") !== "all") throw forbidden();
}

export async function graphicServiceRoutes(
  app: FastifyInstance,
  { registry }: { registry: ResourceRegistry },
) {
  const orders = modelIn(registry, "Order");
  const ids = (request: FastifyRequest) => {
    const params = request.params as { id: string; item_id: string };
    return { orderId: pathId(params.id), itemId: pathId(params.item_id) };
  };

  app.get("/graphic-services", { onRequest: requireAuth, ...hidden }, async (request) => {
    await requireUpdateAny(request);
    const { tenantId } = getAuth(request);
    const filters = parseQueueFilters(new URLSearchParams(request.query as Record<string, string>));
    const o = tableOf(registry, "Order");
    const items = tableOf(registry, "Order", "items");
    const c = tableOf(registry, "Customer");
    const found = await selectRows<QueueRow>(
      app.db,
      sql`select o.id as order_id, o.order_number, o.version as order_version, i.id as item_id,
        (select count(*) from ${items} n where n.tenant_id = i.tenant_id and n.parent_id = i.parent_id
          and (n.position < i.position or (n.position = i.position and n.id <= i.id))) as item_number,
        i.description, c.name as customer, i.design_request as request, i.designer_id, u.name as designer,
        to_char(i.design_due, 'YYYY-MM-DD') as design_due, i.proof_version as proofs_sent,
        i.design_hours::float8 as hours
      from ${items} i
      join ${o} o on o.tenant_id = i.tenant_id and o.id = i.parent_id
      left join ${c} c on c.tenant_id = o.tenant_id and c.id = o.customer_id
      left join users u on u.id = i.designer_id
      where i.tenant_id = ${tenantId} and i.design_request is not null
        ${filters.designer === "none" ? sql`and i.designer_id is null` : filters.designer ? sql`and i.designer_id = ${filters.designer}` : sql``}
      limit 2000`,
    );
    const queue: DesignRequest[] = found.map((r) => {
      const proofs = Number(r.proofs_sent ?? 0);
      return {
        ...r,
        item_number: Number(r.item_number),
        proofs_sent: proofs,
        hours: Number(r.hours ?? 0),
        status: designStatus(r.designer_id, proofs),
      };
    });
    const designers = await app.db
      .selectDistinct({ id: users.id, name: users.name })
      .from(users)
      .innerJoin(user_groups, eq(user_groups.user_id, users.id))
      .where(and(eq(user_groups.tenant_id, tenantId), eq(users.active, true)))
      .orderBy(asc(users.name));
    const rows = sortByDue(
      queue.filter((r) => !filters.status || r.status === filters.status),
      filters.sort,
    );
    return { data: { rows, designers } };
  });

  app.patch("/orders/:id/items/:item_id/design", { onRequest: requireAuth, ...hidden }, async (request) => {
    await requireUpdateAny(request);
    const { orderId, itemId } = ids(request);
    const body = parseBody(designBody, request.body);
    const written = await inTransaction(app, request, registry, "Order", async (ctx) => {
      const { items } = await designItem(ctx, orderId, itemId, body.version);
      const change: Row = {};
      if (body.designer_id !== undefined) change.designer_id = body.designer_id;
      if (body.design_due !== undefined) change.design_due = body.design_due;
      return updateRecord(
        ctx,
        orders,
        orderId,
        {
          version: body.version,
          items: items.map((i) => (i.id === itemId ? { id: i.id, ...change } : { id: i.id })),
        },
        { action: { from: null, to: "plan design" } },
      );
    });
    return { data: toRecord(orders, written.row, { children: written.children }) };
  });

  app.post(
    "/orders/:id/items/:item_id/design-hours",
    { onRequest: requireAuth, ...hidden },
    async (request) => {
      await requireUpdateAny(request);
      const { orderId, itemId } = ids(request);
      const body = parseBody(hoursBody, request.body);
      const written = await inTransaction(app, request, registry, "Order", async (ctx) => {
        const { items, item, number } = await designItem(ctx, orderId, itemId, body.version);
        const service = await hourlyService(ctx, body.service_id);
        const logged = Number(item.design_hours ?? 0) + body.hours;
        return updateRecord(
          ctx,
          orders,
          orderId,
          {
            version: body.version,
            items: [
              ...items.map((i) => (i.id === itemId ? { id: i.id, design_hours: logged } : { id: i.id })),
              {
                product_id: item.product_id,
                service_id: service.id,
                description: serviceLineDescription(service.name, body.hours, service.rate, number),
                quantity: 1,
                price: serviceCharge(body.hours, service.rate, service.min_charge),
              },
            ],
          },
          { action: { from: null, to: "log design hours" } },
        );
      });
      return { data: toRecord(orders, written.row, { children: written.children }) };
    },
  );

  /** The order locked at the version read, and its item with a design request. */
  async function designItem(ctx: EngineContext, orderId: number, itemId: number, expected: number) {
    const state = await orderState(ctx.tx, ctx.registry, ctx.tenantId, orderId, true);
    if (state.order.version !== expected) throw staleVersion(state.model);
    const index = state.items.findIndex((i) => i.id === itemId);
    if (index < 0) throw notFound();
    const item = state.items[index] as Row;
    if (item.design_request === null || item.design_request === undefined) {
      throw new HttpError(
        409,
        `Item ${index + 1} of ${String(state.order.order_number)} has no design request: add one on the order first`,
      );
    }
    return { items: state.items, item, number: index + 1 };
  }

  /** The service the hours are billed at: the one named, else the tenant's first design service by the hour. */
  async function hourlyService(ctx: EngineContext, serviceId: number | undefined) {
    const s = modelIn(registry, "Service").table.table;
    const [row] = await ctx.tx
      .select()
      .from(s)
      .where(
        and(
          eq(s.tenant_id, ctx.tenantId),
          serviceId === undefined ? eq(s.category, "design") : eq(s.id, serviceId),
          eq(s.pricing_unit, "hour"),
        ),
      )
      .orderBy(asc(s.id))
      .limit(1);
    if (!row) {
      throw new HttpError(
        409,
        serviceId === undefined
          ? "The shop has no design service priced by the hour: add one under Product services"
          : "That service is not one of the shop's services priced by the hour: choose another",
      );
    }
    return {
      id: row.id as number,
      name: String(row.name),
      rate: Number(row.rate),
      min_charge: row.min_charge === null ? null : Number(row.min_charge),
    };
  }
}
