import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { QUEUE_FILTERS, type QueueFilter } from "../../src/custom/orders/refund-queue-data";
import { getAuth, requireAuth } from "../auth/authenticate";
import { fieldError } from "../http/errors";
import { modelIn } from "../orders/order-state";
import { inTransaction, parseBody, pathId, requireCan, version, words } from "../orders/route-helpers";
import type { ResourceRegistry } from "../resources/model";
import { toRecord } from "../resources/records";
import { sendCardRefund } from "./card-refunds";
import { decideRefund, recordCardRefund } from "./decisions";
import { refundQueue } from "./queue";

// The refund approvals queue (issue 19), RefundApproval Update throughout (spec §6):
//   GET  /refund-approvals/queue?status=open|approved|rejected|processed&order=<part of an order number>
//   POST /refund-approvals/{id}/approve { version }
//   POST /refund-approvals/{id}/reject  { version, reason }

const decisionBody = z.object({ version, reason: words(500).optional() }).strict();
const hidden = { schema: { hide: true } };

export async function refundRoutes(
  app: FastifyInstance,
  { registry }: { registry: ResourceRegistry },
): Promise<void> {
  const refunds = modelIn(registry, "RefundApproval");

  app.get("/refund-approvals/queue", { onRequest: requireAuth, ...hidden }, async (request) => {
    await requireCan(request, "RefundApproval", "Update");
    const query = request.query as Record<string, unknown>;
    const keys = Object.keys(query).filter((k) => k !== "status" && k !== "order");
    if (keys.length > 0) throw fieldError(keys[0], "Unknown parameter");
    const status = (query.status ?? "open") as QueueFilter;
    if (!QUEUE_FILTERS.some((f) => f.value === status)) {
      throw fieldError("status", `One of ${QUEUE_FILTERS.map((f) => f.value).join(", ")}`);
    }
    const order = query.order;
    if (order !== undefined && (typeof order !== "string" || order.length > 40 || order.includes("\u0000"))) {
      throw fieldError("order", "An order number, or part of one (at most 40 characters)");
    }
    const tenantId = getAuth(request).tenantId;
    return {
      data: await refundQueue(app.db, registry, tenantId, status, order?.trim() || undefined, app.config),
    };
  });

  for (const decision of ["approve", "reject"] as const) {
    app.post(`/refund-approvals/:id/${decision}`, { onRequest: requireAuth, ...hidden }, async (request) => {
      const id = pathId((request.params as { id: string }).id);
      await requireCan(request, "RefundApproval", "Update");
      const body = parseBody(decisionBody, request.body);
      if (decision === "reject" && !body.reason) throw fieldError("reason", "Say why the refund is rejected");
      const decided = await inTransaction(app, request, registry, "RefundApproval", (ctx) =>
        decideRefund(ctx, id, decision, body),
      );
      let { row, message } = decided;
      // A card refund: Stripe is called with the approval committed, its answer recorded after (decisions.ts).
      if (decided.send) {
        const auth = getAuth(request);
        const outcome = await sendCardRefund(
          { tenantId: auth.tenantId, config: app.config },
          decided.row,
          decided.send.payment,
        );
        ({ row, message } = await inTransaction(app, request, registry, "RefundApproval", (ctx) =>
          recordCardRefund(ctx, decided.row, outcome),
        ));
      }
      // One object under data: Refine's custom() hands the page `data` alone.
      return { data: { refund: toRecord(refunds, row), message } };
    });
  }
}
