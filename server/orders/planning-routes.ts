import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { getAuth, requireAuth } from "../auth/authenticate";
import type { ResourceRegistry } from "../resources/model";
import { toRecord } from "../resources/records";
import { modelIn } from "./order-state";
import { planningData, savePlanning } from "./planning";
import { inTransaction, parseBody, pathId, requireOrder, version } from "./route-helpers";

// Planning sections (issue 19, spec §6: Order Read to look, Order Update to save):
//   GET  /orders/{id}/planning   the items' plans, their problems on their presses, the choices
//   PUT  /orders/{id}/planning   { version, items: [{ id, plan_station_ids, plan_equipment_id, stock_id,
//                                  plan_sheets, plan_sheet_width, plan_sheet_height, plan_minutes }] }

const id = z.number().int().min(1).max(2_147_483_647);
const optionalId = id.nullable().optional();
const size = z
  .number({ error: "Enter a size in inches" })
  .positive("Enter a size above 0 in")
  .max(200, "At most 200 in")
  .nullable()
  .optional();
const planBody = z
  .object({
    version,
    items: z
      .array(
        z
          .object({
            id,
            plan_station_ids: z.array(id).max(30, "At most 30 stations").optional(),
            plan_equipment_id: optionalId,
            stock_id: optionalId,
            plan_sheets: z.number().int("Whole sheets").min(0).max(10_000_000).nullable().optional(),
            plan_sheet_width: size,
            plan_sheet_height: size,
            plan_minutes: z.number().int("Whole minutes").min(0).max(100_000).nullable().optional(),
          })
          .strict()
          .refine((p) => new Set(p.plan_station_ids ?? []).size === (p.plan_station_ids ?? []).length, {
            message: "A station comes once in a plan",
            path: ["plan_station_ids"],
          }),
      )
      .min(1, "Send at least one item's plan")
      .max(200),
  })
  .strict();

const hidden = { schema: { hide: true } };

export async function planningRoutes(
  app: FastifyInstance,
  { registry }: { registry: ResourceRegistry },
): Promise<void> {
  const orders = modelIn(registry, "Order");

  app.get("/orders/:id/planning", { onRequest: requireAuth, ...hidden }, async (request) => {
    const orderId = pathId((request.params as { id: string }).id);
    await requireOrder(app, request, registry, "Read", orderId);
    return { data: await planningData(app.db, registry, getAuth(request).tenantId, orderId) };
  });

  app.put("/orders/:id/planning", { onRequest: requireAuth, ...hidden }, async (request) => {
    const orderId = pathId((request.params as { id: string }).id);
    await requireOrder(app, request, registry, "Update", orderId);
    const body = parseBody(planBody, request.body);
    const written = await inTransaction(app, request, registry, "Order", (ctx) =>
      savePlanning(ctx, orderId, body.version, body.items),
    );
    return { data: toRecord(orders, written.row, { children: written.children }) };
  });
}
