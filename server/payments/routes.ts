import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { getAuth, requireAuth } from "../auth/authenticate";
import { HttpError, notFound } from "../http/errors";
import { cardPayments } from "../orders/card-payments";
import { money, parseBody, pathId, requireCan, requireOrder } from "../orders/route-helpers";
import type { ResourceRegistry } from "../resources/model";
import { cardIntentState, createCardIntent } from "./card-intents";
import { handleEvent, verifiedEvent } from "./webhook";

// Card payments through Stripe (issue 19), with the staff payments' permission (UserPayment Create,
// and the order readable by the caller), in the caller's tenant:
//   POST /orders/{id}/card-payments                  { amount? }  a PaymentIntent: its client secret
//   GET  /orders/{id}/card-payments/{payment_intent} how it stands at Stripe, and its recorded payment
//   POST /webhooks/stripe                            Stripe's signed events (no session: the signature)
// Without STRIPE_SECRET_KEY the first two answer 409 with the desk's "not configured" sentence.

const intentBody = z.object({ amount: money.optional() }).strict();
const hidden = { schema: { hide: true } };

export async function cardPaymentRoutes(
  app: FastifyInstance,
  { registry }: { registry: ResourceRegistry },
): Promise<void> {
  const guard = async (request: Parameters<typeof requireAuth>[0]) => {
    const orderId = pathId((request.params as { id: string }).id);
    await requireCan(request, "UserPayment", "Create");
    await requireOrder(app, request, registry, "Read", orderId);
    const stripe = app.config.stripe;
    if (!stripe) throw new HttpError(409, cardPayments(app.config).message);
    const auth = getAuth(request);
    return { orderId, stripe, caller: { tenantId: auth.tenantId, userId: auth.user.id } };
  };

  app.post("/orders/:id/card-payments", { onRequest: requireAuth, ...hidden }, async (request, reply) => {
    const { orderId, stripe, caller } = await guard(request);
    const body = parseBody(intentBody, request.body);
    const intent = await createCardIntent(app.db, registry, stripe, caller, orderId, body.amount);
    return reply.code(201).send({ data: intent });
  });

  app.get("/orders/:id/card-payments/:intent", { onRequest: requireAuth, ...hidden }, async (request) => {
    const { orderId, stripe, caller } = await guard(request);
    const intentId = (request.params as { intent: string }).intent;
    if (!/^pi_[A-Za-z0-9]{1,200}$/.test(intentId)) throw notFound();
    return { data: await cardIntentState(app.db, registry, stripe, caller, orderId, intentId) };
  });

  // The webhook reads the bytes Stripe signed: its own parser, for this route only.
  await app.register(async (hook) => {
    hook.removeAllContentTypeParsers();
    hook.addContentTypeParser("*", { parseAs: "buffer" }, (_request, body, done) => done(null, body));
    hook.post("/webhooks/stripe", hidden, async (request) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const event = verifiedEvent(app.config, raw, request.headers["stripe-signature"]);
      return { data: { received: true, ...(await handleEvent(app.db, registry, app.config, event)) } };
    });
  });
}
