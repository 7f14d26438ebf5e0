import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { scopeFor } from "../../src/access/permissions";
import { getAuth, requestGrants, requireAuth } from "../auth/authenticate";
import { forbidden } from "../http/errors";
import type { ResourceRegistry } from "../resources/model";
import { toRecord } from "../resources/records";
import { type DropAction, dropAction, mailDrops } from "./mail-drops";
import { modelIn } from "./order-state";
import { inTransaction, parseBody, pathId, requireCan, version, words } from "./route-helpers";

// Manage mail drops (issue 19, spec §6: Order UpdateAny):
//   GET  /orders/{id}/mail-drops                         the order's mail orders with their drops
//   POST /orders/{id}/mail-drops/{mail_order_id}         { version, action: add | split | reschedule, … }
// Reading and writing both need Order UpdateAny (the page's requirement) and, to write, MailOrder
// Update; another tenant's order or a mail order of another order is a 404.

const day = z
  .string({ error: "Enter a date (YYYY-MM-DD)" })
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Enter a date (YYYY-MM-DD)")
  .refine(
    (d) =>
      !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d),
    {
      message: "Enter a real date (YYYY-MM-DD)",
    },
  );
const pieces = z
  .number({ error: "Enter a number of pieces" })
  .int("Enter a whole number of pieces")
  .min(1, "At least 1 piece")
  .max(10_000_000, "At most 10,000,000 pieces");
const dropId = z.number({ error: "Choose a drop" }).int().min(1).max(2_147_483_647);

const actionBody = z.discriminatedUnion(
  "action",
  [
    z
      .object({
        action: z.literal("add"),
        version,
        scheduled_date: day,
        quantity: pieces,
        list_segment: words(80).optional(),
      })
      .strict(),
    z
      .object({ action: z.literal("split"), version, drop_id: dropId, scheduled_date: day, quantity: pieces })
      .strict(),
    z.object({ action: z.literal("reschedule"), version, drop_id: dropId, scheduled_date: day }).strict(),
  ],
  { error: "Choose an action: add, split or reschedule" },
);

const hidden = { schema: { hide: true } };

/** 403 unless the caller may update every order (Order UpdateAny). */
async function requireUpdateAny(request: FastifyRequest): Promise<void> {
  if (scopeFor(await requestGrants(request), "Order", "Update") !== "all") throw forbidden();
}

export async function mailDropRoutes(
  app: FastifyInstance,
  { registry }: { registry: ResourceRegistry },
): Promise<void> {
  const mailOrders = modelIn(registry, "MailOrder");

  app.get("/orders/:id/mail-drops", { onRequest: requireAuth, ...hidden }, async (request) => {
    const orderId = pathId((request.params as { id: string }).id);
    await requireUpdateAny(request);
    return { data: await mailDrops(app.db, registry, getAuth(request).tenantId, orderId) };
  });

  app.post(
    "/orders/:id/mail-drops/:mail_order_id",
    { onRequest: requireAuth, ...hidden },
    async (request) => {
      const params = request.params as { id: string; mail_order_id: string };
      const orderId = pathId(params.id);
      const mailOrderId = pathId(params.mail_order_id);
      await requireUpdateAny(request);
      await requireCan(request, "MailOrder", "Update");
      const { version: read, ...body } = parseBody(actionBody, request.body);
      const written = await inTransaction(app, request, registry, "MailOrder", (ctx) =>
        dropAction(ctx, orderId, mailOrderId, read, body as DropAction),
      );
      return { data: toRecord(mailOrders, written.row, { children: written.children }) };
    },
  );
}
