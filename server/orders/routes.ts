import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import refundApprovals from "../../src/resources/refund-approvals";
import { getAuth, requestGrants, requireAuth } from "../auth/authenticate";
import { can } from "../auth/permissions";
import { fieldError } from "../http/errors";
import type { ResourceRegistry } from "../resources/model";
import type { Written } from "../resources/record-writes";
import { toRecord } from "../resources/records";
import { makeSlip } from "../shipping/slips";
import { assignableRuns, assignToRun } from "./assign-run";
import { deskData } from "./desk-data";
import { jobTicket, recordJobTicketPrint } from "./job-ticket";
import { type OrderAction, orderAction } from "./order-actions";
import { modelIn } from "./order-state";
import { reprintItem } from "./reprint";
import {
  inTransaction,
  money,
  parseBody,
  pathId,
  requireCan,
  requireOrder,
  version,
  words,
} from "./route-helpers";
import { takePayment } from "./take-payment";

// The order desk's server (issue 19), beside the generic order routes:
//   GET  /orders/{id}/desk                          the order page's data (desk-data.ts)
//   POST /orders/{id}/actions/{hold|release|cancel} { version, reason }   (order-actions.ts)
//   POST /orders/{id}/items/{item_id}/reprint       { version, reason, remedy, … } (reprint.ts)
//   POST /orders/{id}/assign-run                    { version, run_id, items }     (assign-run.ts)
//   GET  /orders/{id}/assignable-runs               open runs its approved items fit (the gang rule)
//   POST /orders/{id}/payments                      { method, amount, … }          (take-payment.ts)
//   POST /orders/{id}/packing-slips                 a draft slip of what is left to ship
//   GET  /orders/{id}/job-ticket, POST /orders/{id}/job-ticket/prints              (job-ticket.ts)
// Each checks the caller's permission through the shared merge (Order's Any/Own scopes), works in
// the caller's tenant only, and writes through the engine in one transaction.

const ACTIONS: OrderAction[] = ["hold", "release", "cancel"];
const reasonValues = (() => {
  const field = refundApprovals.fields.reason;
  return field.type === "enum" ? field.values.map((v) => v.value) : [];
})() as [string, ...string[]];

const actionBody = z.object({ version, reason: words(500).optional() }).strict();
const reprintBody = z
  .object({
    version,
    reason: z.enum(reasonValues),
    remedy: z.enum(["reprint", "refund", "credit"]),
    note: words(500).optional(),
    quantity: z.number().int().min(1).max(10_000_000).optional(),
    amount: money.optional(),
    payment_id: z.number().int().min(1).optional(),
  })
  .strict();
const assignBody = z
  .object({
    version,
    run_id: z.number().int().min(1).max(2_147_483_647),
    items: z
      .array(
        z
          .object({
            item_id: z.number().int().min(1),
            quantity_required: z.number().int().min(1).max(10_000_000).optional(),
            number_up: z.number().int().min(1).max(500).optional(),
          })
          .strict(),
      )
      .min(1, "Choose at least one item")
      .max(100),
  })
  .strict();
const paymentBody = z
  .object({
    method: z.enum(["on_account", "check", "cash", "card"]),
    amount: money,
    check_number: words(20).optional(),
    reference: words(80).optional(),
    notes: words(2000).optional(),
  })
  .strict();

const hidden = { schema: { hide: true } };

export async function orderDeskRoutes(
  app: FastifyInstance,
  { registry }: { registry: ResourceRegistry },
): Promise<void> {
  const orders = modelIn(registry, "Order");
  const answer = (written: Written) => ({
    data: toRecord(orders, written.row, { children: written.children }),
  });
  const ids = (request: FastifyRequest) => {
    const params = request.params as { id: string; item_id?: string };
    return { orderId: pathId(params.id), itemId: params.item_id === undefined ? 0 : pathId(params.item_id) };
  };

  app.get("/orders/:id/desk", { onRequest: requireAuth, ...hidden }, async (request) => {
    const { orderId } = ids(request);
    await requireOrder(app, request, registry, "Read", orderId);
    const grants = await requestGrants(request);
    const reads = {
      payments: can(grants, "UserPayment", "Read"),
      refunds: can(grants, "RefundApproval", "Read"),
      slips: can(grants, "PackingSlip", "Read"),
      mailOrders: can(grants, "MailOrder", "Read"),
    };
    return { data: await deskData(app.db, registry, getAuth(request).tenantId, orderId, reads, app.config) };
  });

  app.post("/orders/:id/actions/:action", { onRequest: requireAuth, ...hidden }, async (request) => {
    const { orderId } = ids(request);
    const action = (request.params as { action: string }).action as OrderAction;
    if (!ACTIONS.includes(action)) throw fieldError("action", "Unknown action: hold, release or cancel");
    await requireOrder(app, request, registry, "Update", orderId);
    const body = parseBody(actionBody, request.body);
    if (action === "cancel" && !body.reason) throw fieldError("reason", "Say why the order is cancelled");
    return answer(
      await inTransaction(app, request, registry, "Order", (ctx) => orderAction(ctx, orderId, action, body)),
    );
  });

  app.post("/orders/:id/items/:item_id/reprint", { onRequest: requireAuth, ...hidden }, async (request) => {
    const { orderId, itemId } = ids(request);
    const body = parseBody(reprintBody, request.body);
    // The order's editors reprint from its page; the floor (Run Tasks) from a board, without money.
    const floor = body.remedy === "reprint" && can(await requestGrants(request), "Run", "Tasks");
    await requireOrder(app, request, registry, floor ? null : "Update", orderId);
    if (body.remedy !== "reprint") await requireCan(request, "RefundApproval", "Create");
    const result = await inTransaction(app, request, registry, "Order", (ctx) =>
      reprintItem(ctx, orderId, itemId, body),
    );
    return {
      data: {
        order: toRecord(orders, result.order, { children: result.children as never }),
        refund: result.refund ? toRecord(modelIn(registry, "RefundApproval"), result.refund) : null,
      },
    };
  });

  app.post("/orders/:id/assign-run", { onRequest: requireAuth, ...hidden }, async (request) => {
    const { orderId } = ids(request);
    await requireOrder(app, request, registry, "Update", orderId);
    await requireCan(request, "Run", "Update");
    const body = parseBody(assignBody, request.body);
    const { order, run } = await inTransaction(app, request, registry, "Run", (ctx) =>
      assignToRun(ctx, orderId, body),
    );
    return { data: { order: toRecord(orders, order), run: toRecord(modelIn(registry, "Run"), run) } };
  });

  app.get("/orders/:id/assignable-runs", { onRequest: requireAuth, ...hidden }, async (request) => {
    const { orderId } = ids(request);
    await requireOrder(app, request, registry, "Update", orderId);
    await requireCan(request, "Run", "Update");
    return { data: await assignableRuns(app.db, registry, getAuth(request).tenantId, orderId) };
  });

  app.post("/orders/:id/payments", { onRequest: requireAuth, ...hidden }, async (request, reply) => {
    const { orderId } = ids(request);
    await requireCan(request, "UserPayment", "Create");
    await requireOrder(app, request, registry, "Read", orderId);
    const body = parseBody(paymentBody, request.body);
    const row = await inTransaction(app, request, registry, "UserPayment", (ctx) =>
      takePayment(ctx, orderId, body),
    );
    return reply.code(201).send({ data: toRecord(modelIn(registry, "UserPayment"), row) });
  });

  app.post("/orders/:id/packing-slips", { onRequest: requireAuth, ...hidden }, async (request, reply) => {
    const { orderId } = ids(request);
    await requireCan(request, "PackingSlip", "Create");
    await requireOrder(app, request, registry, "Read", orderId);
    parseBody(z.object({}).strict(), request.body);
    const row = await inTransaction(app, request, registry, "PackingSlip", (ctx) => makeSlip(ctx, orderId));
    return reply.code(201).send({ data: toRecord(modelIn(registry, "PackingSlip"), row) });
  });

  app.get("/orders/:id/job-ticket", { onRequest: requireAuth, ...hidden }, async (request) => {
    const { orderId } = ids(request);
    await requireOrder(app, request, registry, "Read", orderId);
    return { data: await jobTicket(app.db, registry, getAuth(request).tenantId, orderId) };
  });

  app.post("/orders/:id/job-ticket/prints", { onRequest: requireAuth, ...hidden }, async (request) => {
    const { orderId } = ids(request);
    await requireOrder(app, request, registry, "Read", orderId);
    const auth = getAuth(request);
    const count = await app.db.transaction((tx) =>
      recordJobTicketPrint(tx, registry, { tenantId: auth.tenantId, userId: auth.user.id }, orderId),
    );
    return { data: { print_count: count } };
  });
}
