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

export interface WebhookOutcome {
  recorded: boolean;
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
  return db.transaction(async (tx) => {
    const order = await lockRecord(tx, modelIn(registry, "Order"), tenantId, orderId);
    if (!order) return { recorded: false, message: "Ignored: no such order" };
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
