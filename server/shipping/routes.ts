import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { getAuth, requireAuth } from "../auth/authenticate";
import { modelIn } from "../orders/order-state";
import { inTransaction, parseBody, pathId, requireCan, version } from "../orders/route-helpers";
import type { ResourceRegistry } from "../resources/model";
import { toRecord } from "../resources/records";
import { mailOrderSlip, makeMailOrderSlip } from "./mail-order-slip";
import { slipTicket } from "./slip-ticket";
import { moveSlip, recordSlipPrint } from "./slips";

// Packing slips from the order desk (issue 19):
//   POST /packing-slips/{id}/pack | /ship   { version, carrier?, service?, tracking_number?, cartons?, … }  PackingSlip Update
//   GET  /packing-slips/{id}/ticket, POST /packing-slips/{id}/prints                                      PackingSlip Read
//   GET  /mail-orders/{id}/packing-slip                                                                    PackingSlip Update
//   POST /mail-orders/{id}/packing-slip    { drops?: [drop ids] }                                          PackingSlip Create

const moveBody = z
  .object({
    version,
    carrier: z.enum(["ups", "fedex", "usps", "local_courier", "freight", "pickup"]).optional(),
    service: z.string().trim().max(60).optional(),
    tracking_number: z.string().trim().max(60).optional(),
    cartons: z.number().int().min(0).max(10_000).optional(),
    quantity_per_carton: z.number().int().min(0).max(1_000_000).optional(),
    weight: z.number().min(0).max(100_000).optional(),
  })
  .strict();
const mailSlipBody = z.object({ drops: z.array(z.number().int().min(1)).min(1).max(52).optional() }).strict();
const hidden = { schema: { hide: true } };

export async function shippingRoutes(
  app: FastifyInstance,
  { registry }: { registry: ResourceRegistry },
): Promise<void> {
  const slips = modelIn(registry, "PackingSlip");

  for (const target of ["pack", "ship"] as const) {
    app.post(`/packing-slips/:id/${target}`, { onRequest: requireAuth, ...hidden }, async (request) => {
      const id = pathId((request.params as { id: string }).id);
      await requireCan(request, "PackingSlip", "Update");
      const body = parseBody(moveBody, request.body);
      const row = await inTransaction(app, request, registry, "PackingSlip", (ctx) =>
        moveSlip(ctx, id, target === "pack" ? "packed" : "shipped", body),
      );
      return { data: toRecord(slips, row) };
    });
  }

  app.get("/packing-slips/:id/ticket", { onRequest: requireAuth, ...hidden }, async (request) => {
    const id = pathId((request.params as { id: string }).id);
    await requireCan(request, "PackingSlip", "Read");
    return { data: await slipTicket(app.db, registry, getAuth(request).tenantId, id) };
  });

  app.post("/packing-slips/:id/prints", { onRequest: requireAuth, ...hidden }, async (request) => {
    const id = pathId((request.params as { id: string }).id);
    await requireCan(request, "PackingSlip", "Read");
    const auth = getAuth(request);
    const count = await app.db.transaction((tx) =>
      recordSlipPrint(tx, registry, { tenantId: auth.tenantId, userId: auth.user.id }, id),
    );
    return { data: { print_count: count } };
  });

  app.get("/mail-orders/:id/packing-slip", { onRequest: requireAuth, ...hidden }, async (request) => {
    const id = pathId((request.params as { id: string }).id);
    await requireCan(request, "PackingSlip", "Update");
    return { data: await mailOrderSlip(app.db, registry, getAuth(request).tenantId, id) };
  });

  app.post("/mail-orders/:id/packing-slip", { onRequest: requireAuth, ...hidden }, async (request, reply) => {
    const id = pathId((request.params as { id: string }).id);
    await requireCan(request, "PackingSlip", "Create");
    const body = parseBody(mailSlipBody, request.body);
    const row = await inTransaction(app, request, registry, "PackingSlip", (ctx) =>
      makeMailOrderSlip(ctx, id, body.drops),
    );
    return reply.code(201).send({ data: toRecord(slips, row) });
  });
}
