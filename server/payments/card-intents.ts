import { and, eq } from "drizzle-orm";
import type Stripe from "stripe";
import type { CardIntentState } from "../../src/custom/orders/card-payment-wait";
import type { StripeConfig } from "../config";
import type { Database } from "../db/open";
import { HttpError, notFound } from "../http/errors";
import { modelIn } from "../orders/order-state";
import type { Row } from "../resources/hooks";
import { dollars, isCancelled } from "../resources/hooks/order-money";
import type { ResourceRegistry } from "../resources/model";
import { stripeClient, stripeMessage, toCents } from "./stripe";

// A card payment on an order (issue 19): the server creates a PaymentIntent for what is due (or
// less), the app confirms it with Stripe Elements, and Stripe's signed webhook records the payment
// (webhook.ts). The intent carries its tenant, order and the person who started it in its metadata;
// nothing is recorded here.

export interface Caller {
  tenantId: number;
  userId: number;
}

export interface CardIntent {
  payment_intent_id: string;
  client_secret: string;
  amount: number;
  currency: string;
}

/** A Stripe failure as the contract's error body: its own sentence, never a stack. */
export function stripeFailure(error: unknown, doing: string): HttpError {
  const message = stripeMessage(error);
  if (message === undefined) throw error;
  return new HttpError(502, `Stripe could not ${doing}: ${message}`);
}

export async function createCardIntent(
  db: Database,
  registry: ResourceRegistry,
  stripe: StripeConfig,
  caller: Caller,
  orderId: number,
  amount: number | undefined,
): Promise<CardIntent> {
  const orders = modelIn(registry, "Order");
  const t = orders.table.table;
  const [order] = await db
    .select()
    .from(t)
    .where(and(eq(t.tenant_id, caller.tenantId), eq(t.id, orderId)));
  if (!order) throw notFound();
  const label = String(order.order_number);
  if (await isCancelled(db, caller.tenantId, order)) {
    throw new HttpError(409, `Order ${label} is cancelled: it takes no payments`);
  }
  const due = BigInt(toCents(Number(order.amount_due ?? 0)));
  if (due <= 0n) throw new HttpError(409, `Nothing is due on order ${label}`);
  const cents = amount === undefined ? due : BigInt(toCents(amount));
  if (cents > due) {
    const message = `Payment of ${dollars(cents)} is more than the ${dollars(due)} due on order ${label}`;
    throw new HttpError(409, message, [{ field: "amount", message }]);
  }
  try {
    const intent = await stripeClient(stripe).paymentIntents.create(
      {
        amount: Number(cents),
        currency: "usd",
        automatic_payment_methods: { enabled: true },
        description: `Order ${label}`,
        metadata: {
          tenant_id: String(caller.tenantId),
          order_id: String(orderId),
          order_number: label,
          user_id: String(caller.userId),
        },
      },
      // One intent per order version and amount: a second click (or a retry) gets the same intent.
      { idempotencyKey: `pressroom-${caller.tenantId}-${orderId}-v${String(order.version)}-${cents}` },
    );
    return {
      payment_intent_id: intent.id,
      client_secret: intent.client_secret ?? "",
      amount: intent.amount / 100,
      currency: intent.currency,
    };
  } catch (error) {
    throw stripeFailure(error, "start the card payment");
  }
}

/** The order's payment recorded from this intent, if its webhook has landed. */
export async function paymentOfIntent(
  db: Database,
  registry: ResourceRegistry,
  tenantId: number,
  intentId: string,
): Promise<Row | undefined> {
  const p = modelIn(registry, "UserPayment").table.table;
  const [row] = await db
    .select()
    .from(p)
    .where(and(eq(p.tenant_id, tenantId), eq(p.processor, "stripe"), eq(p.transaction_id, intentId)));
  return row;
}

/** Where an intent of this order stands at Stripe, and whether its payment is recorded. */
export async function cardIntentState(
  db: Database,
  registry: ResourceRegistry,
  stripe: StripeConfig,
  caller: Caller,
  orderId: number,
  intentId: string,
): Promise<CardIntentState> {
  let intent: Stripe.PaymentIntent;
  try {
    intent = await stripeClient(stripe).paymentIntents.retrieve(intentId);
  } catch (error) {
    if ((error as { statusCode?: number }).statusCode === 404) throw notFound();
    throw stripeFailure(error, "say how the card payment stands");
  }
  // Another tenant's or another order's intent is no intent of this order.
  if (intent.metadata.tenant_id !== String(caller.tenantId) || intent.metadata.order_id !== String(orderId)) {
    throw notFound();
  }
  const payment = await paymentOfIntent(db, registry, caller.tenantId, intent.id);
  return {
    payment_intent_id: intent.id,
    status: intent.status,
    amount: intent.amount / 100,
    error: intent.last_payment_error?.message ?? null,
    payment_id: payment ? (payment.id as number) : null,
  };
}
