import type Stripe from "stripe";
import type { Config } from "../config";
import type { Database } from "../db/open";
import { fieldError, HttpError } from "../http/errors";
import { modelIn } from "../orders/order-state";
import { lockRecord } from "../resources/hooks/derived-writes";
import type { ResourceRegistry } from "../resources/model";
import { createRecord } from "../resources/record-writes";
import { paymentOfIntent } from "./card-intents";
import { stripeClient } from "./stripe";

// Stripe's webhook (issue 19): the event is verified with Stripe's library on the bytes Stripe
// signed (a bad or missing signature is a 400 and nothing changes). payment_intent.succeeded records
// the payment on its order once: the order is locked first and a payment already recorded for the
// intent (a replayed or repeated event) is left alone. payment_intent.payment_failed records nothing:
// the failure stays on the intent at Stripe, where the desk reads it (card-intents.ts).
// A payment that succeeded at Stripe but that the order refuses (deleted, cancelled, or paid meanwhile
// by other means, so the card would take more than is due) is given back: the intent is refunded at
// Stripe whole, once (its idempotency key is the intent's), and the answer is a 200 that says so, so
// Stripe stops sending the event. Taking the customer's money without recording it is never the outcome.

export interface WebhookOutcome {
  recorded: boolean;
  /** Stripe's refund of a payment the order refused. */
  refunded?: string;
  message: string;
}

export function verifiedEvent(config: Config, raw: Buffer, signature: unknown): Stripe.Event {
  const stripe = config.stripe;
  if (!stripe) throw new HttpError(404, "Card payments are not configured on this server");
  if (typeof signature !== "string" || signature === "") {
    throw fieldError("stripe-signature", "The request has no Stripe-Signature header");
  }
  try {
    return stripeClient(stripe).webhooks.constructEvent(raw, signature, stripe.webhookSecret);
  } catch {
    throw fieldError(
      "stripe-signature",
      "The Stripe-Signature header does not match the request: nothing was recorded",
    );
  }
}

const idOf = (value: unknown): number | undefined => {
  const n = Number(value);
  return typeof value === "string" && /^\d{1,10}$/.test(value) && n >= 1 && n <= 2_147_483_647
    ? n
    : undefined;
};

export async function handleEvent(
  db: Database,
  registry: ResourceRegistry,
  config: Config,
  event: Stripe.Event,
): Promise<WebhookOutcome> {
  if (event.type === "payment_intent.payment_failed") {
    const intent = event.data.object;
    return {
      recorded: false,
      message: `Not recorded: ${intent.last_payment_error?.message ?? "payment failed"}`,
    };
  }
  if (event.type !== "payment_intent.succeeded") return { recorded: false, message: `Ignored ${event.type}` };
  const intent = event.data.object;
  const tenantId = idOf(intent.metadata.tenant_id);
  const orderId = idOf(intent.metadata.order_id);
  const userId = idOf(intent.metadata.user_id);
  if (!tenantId || !orderId || !userId) {
    return { recorded: false, message: "Ignored: the payment is not for a Pressroom order" };
  }
  let refusal: string | undefined;
  try {
    const outcome = await recordPayment(db, registry, event, intent, { tenantId, orderId, userId });
    if (outcome) return outcome;
    refusal = "no such order";
  } catch (error) {
    // The order's own rules refused the payment (a 4xx): anything else is the server's, and Stripe retries.
    if (!(error instanceof HttpError) || error.statusCode >= 500) throw error;
    refusal = error.errors?.[0]?.message ?? error.message;
  }
  const refundId = await refundWhole(config, intent.id, tenantId, orderId);
  return {
    recorded: false,
    refunded: refundId,
    message: `Not recorded: ${refusal}. The payment was refunded at Stripe (${refundId})`,
  };
}

/** The whole intent refunded at Stripe, once: a replayed event gets the same refund back. */
async function refundWhole(
  config: Config,
  intentId: string,
  tenantId: number,
  orderId: number,
): Promise<string> {
  const stripe = config.stripe;
  if (!stripe) throw new HttpError(404, "Card payments are not configured on this server");
  const refund = await stripeClient(stripe).refunds.create(
    {
      payment_intent: intentId,
      reason: "requested_by_customer",
      metadata: { tenant_id: String(tenantId), order_id: String(orderId), unrecorded_payment: "true" },
    },
    { idempotencyKey: `pressroom-unrecorded-${intentId}` },
  );
  return refund.id;
}

/** The payment recorded on its order (undefined: no such order). */
async function recordPayment(
  db: Database,
  registry: ResourceRegistry,
  event: Stripe.Event,
  intent: Stripe.PaymentIntent,
  { tenantId, orderId, userId }: { tenantId: number; orderId: number; userId: number },
): Promise<WebhookOutcome | undefined> {
  return db.transaction(async (tx) => {
    const order = await lockRecord(tx, modelIn(registry, "Order"), tenantId, orderId);
    if (!order) return undefined;
    if (await paymentOfIntent(tx, registry, tenantId, intent.id)) {
      return { recorded: false, message: `Already recorded: ${intent.id}` };
    }
    const ctx = { tx, registry, tenantId, userId };
    await createRecord(ctx, modelIn(registry, "UserPayment"), {
      order_id: orderId,
      customer_id: order.customer_id,
      amount: (intent.amount_received || intent.amount) / 100,
      method: "card",
      processor: "stripe",
      status: "captured",
      transaction_id: intent.id,
      paid_at: new Date().toISOString(),
      notes: `Card payment confirmed by Stripe (${event.id})`,
    });
    return { recorded: true, message: `Recorded ${intent.id} on order ${String(order.order_number)}` };
  });
}
