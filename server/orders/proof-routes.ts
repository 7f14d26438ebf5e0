import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { getAuth, requireAuth } from "../auth/authenticate";
import { linkSigner, PROOF_LINK_TTL_SECONDS } from "../files/links";
import { fieldError } from "../http/errors";
import type { ResourceRegistry } from "../resources/model";
import { toRecord } from "../resources/records";
import { readSettings } from "../settings/tenant-settings";
import { modelIn } from "./order-state";
import { decideProof, proofHistory, sendProof } from "./proofs";
import { inTransaction, parseBody, pathId, requireOrder, version, words } from "./route-helpers";

// Proofs on the order page (issue 19; the rules: proofs.ts):
//   GET  /orders/{id}/proofs                                        the order's proofs, newest first (Order Read)
//   POST /orders/{id}/items/{item_id}/proofs                        { version, file_id } send the next proof (Order Update)
//   POST /orders/{id}/items/{item_id}/proofs/{proof_id}/decision    { version, decision, comment } (Order Update)
// A sent proof is mailed to the customer's contact email with a download link valid 14 days: through
// SMTP when SMTP_URL is set, else kept in the outbox with its link (server/mail/mailer.ts).

const sendBody = z.object({ version, file_id: z.number().int().min(1).max(2_147_483_647) }).strict();
const decisionBody = z
  .object({ version, decision: z.enum(["approved", "rejected"]), comment: words(2000).optional() })
  .strict();
const hidden = { schema: { hide: true } };

export async function proofRoutes(app: FastifyInstance, { registry }: { registry: ResourceRegistry }) {
  const orders = modelIn(registry, "Order");
  const signer = linkSigner(app.config.fileLinkSecret, `${app.prefix}/files`);
  const ids = (request: FastifyRequest) => {
    const p = request.params as { id: string; item_id: string; proof_id?: string };
    return { orderId: pathId(p.id), itemId: pathId(p.item_id), proofId: p.proof_id ? pathId(p.proof_id) : 0 };
  };

  app.get("/orders/:id/proofs", { onRequest: requireAuth, ...hidden }, async (request) => {
    const orderId = pathId((request.params as { id: string }).id);
    await requireOrder(app, request, registry, "Read", orderId);
    return { data: await proofHistory(app.db, getAuth(request).tenantId, orderId) };
  });

  app.post(
    "/orders/:id/items/:item_id/proofs",
    { onRequest: requireAuth, ...hidden },
    async (request, reply) => {
      const { orderId, itemId } = ids(request);
      await requireOrder(app, request, registry, "Update", orderId);
      const body = parseBody(sendBody, request.body);
      const sent = await inTransaction(app, request, registry, "Order", (ctx) =>
        sendProof(ctx, orderId, itemId, body),
      );
      const { tenantId } = getAuth(request);
      const link = `${app.config.publicUrl}${signer.sign(sent.file.id, tenantId, Date.now(), PROOF_LINK_TTL_SECONDS).url}`;
      const number = String(sent.order.row.order_number);
      await app.mailer.send({
        to: sent.email,
        tenantId,
        subject: `Proof ${sent.proof.proof_no} for order ${number}`,
        text: [
          `Proof ${sent.proof.proof_no} of your order ${number} is ready: ${sent.file.name}.`,
          `Download it (the link works for 14 days): ${link}`,
          "Reply to approve it, or tell us what to change. We print once you approve.",
        ].join("\n\n"),
        link,
      });
      return reply.code(201).send({
        data: {
          order: toRecord(orders, sent.order.row, { children: sent.order.children }),
          proof: sent.proof,
        },
      });
    },
  );

  app.post(
    "/orders/:id/items/:item_id/proofs/:proof_id/decision",
    { onRequest: requireAuth, ...hidden },
    async (request) => {
      const { orderId, itemId, proofId } = ids(request);
      await requireOrder(app, request, registry, "Update", orderId);
      const body = parseBody(decisionBody, request.body);
      if (body.decision === "rejected" && !body.comment) {
        throw fieldError("comment", "Say what the customer wants changed");
      }
      const { tenantId } = getAuth(request);
      // Due dates count the shop's business days in its time zone (its settings).
      const shop = await readSettings(app.db, registry, tenantId, app.config.defaultAgentId);
      const decided = await inTransaction(app, request, registry, "Order", (ctx) =>
        decideProof(ctx, orderId, itemId, proofId, body, shop),
      );
      return {
        data: {
          order: toRecord(orders, decided.order.row, { children: decided.order.children }),
          proof: decided.proof,
        },
      };
    },
  );
}
