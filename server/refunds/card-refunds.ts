import Stripe from "stripe";
import { stripeClient, stripeMessage, toCents } from "../payments/stripe";
import type { Row } from "../resources/hooks";
import type { EngineContext } from "../resources/record-writes";

// An approved card refund sent to Stripe (POST /v1/refunds) against the payment it refunds: a
// PaymentIntent (pi_…, payments taken on the desk) or a charge (ch_…, the storefront's). The
// idempotency key is the request's version: sending it again after a lost answer refunds once, and
// after Stripe's refusal (noted on the request, a new version) it is a new attempt.

export type CardRefundOutcome =
  | { ok: true; refundId: string }
  /** refused: Stripe answered no (a new attempt is a new request); else it may not have heard. */
  | { ok: false; message: string; refused: boolean };

export async function sendCardRefund(
  ctx: Pick<EngineContext, "tenantId" | "config">,
  refund: Row,
  payment: Row,
): Promise<CardRefundOutcome> {
  const stripe = ctx.config?.stripe;
  if (!stripe)
    return { ok: false, refused: false, message: "Card payments are not configured on this server." };
  const paid = String(payment.transaction_id ?? "");
  const target = paid.startsWith("pi_")
    ? { payment_intent: paid }
    : paid.startsWith("ch_")
      ? { charge: paid }
      : undefined;
  if (payment.processor !== "stripe" || !target) {
    return {
      ok: false,
      refused: false,
      message: "its payment was not taken through Stripe, so Stripe cannot refund it.",
    };
  }
  try {
    const sent = await stripeClient(stripe).refunds.create(
      {
        ...target,
        amount: toCents(Number(refund.amount)),
        metadata: {
          tenant_id: String(ctx.tenantId),
          order_id: String(refund.order_id),
          refund_approval_id: String(refund.id),
        },
      },
      // The request's version: a refusal is noted on it (a new version, a new attempt); a lost answer is not.
      { idempotencyKey: `pressroom-refund-${ctx.tenantId}-${String(refund.id)}-v${String(refund.version)}` },
    );
    return { ok: true, refundId: sent.id };
  } catch (error) {
    const message = stripeMessage(error);
    if (message === undefined) throw error;
    return {
      ok: false,
      refused: !(error instanceof Stripe.errors.StripeConnectionError),
      message: /[.!?]$/.test(message) ? message : `${message}.`,
    };
  }
}
