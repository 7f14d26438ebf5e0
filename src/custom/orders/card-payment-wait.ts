// What the card step makes of each answer while it waits for Stripe's webhook to be recorded
// (GET orders/{id}/card-payments/{intent}, server/payments/card-intents.ts).

/** GET orders/{id}/card-payments/{intent}: where the intent stands at Stripe, and its recorded payment. */
export interface CardIntentState {
  payment_intent_id: string;
  status: string;
  amount: number;
  /** Stripe's sentence for the last failed attempt ("Your card was declined."), else null. */
  error: string | null;
  /** The payment recorded from Stripe's confirmation, once its webhook has landed. */
  payment_id: number | null;
}

/** How many answers (about a second apart) the step waits for before it stops asking. */
export const WAIT_POLLS = 30;

export type WaitOutcome =
  | { kind: "recorded"; paymentId: number }
  | { kind: "failed"; message: string }
  | { kind: "late"; message: string }
  | { kind: "wait" };

export function cardWaitOutcome(state: CardIntentState | undefined, poll: number): WaitOutcome {
  if (state?.payment_id) return { kind: "recorded", paymentId: state.payment_id };
  if (state && state.status === "requires_payment_method" && state.error) {
    return { kind: "failed", message: state.error };
  }
  if (state?.status === "canceled") return { kind: "failed", message: "Stripe cancelled this payment" };
  if (poll >= WAIT_POLLS) {
    return {
      kind: "late",
      message:
        state?.status === "succeeded"
          ? "Stripe took the payment but has not confirmed it to this server yet: it appears on the order's payments when it does"
          : "Stripe has not confirmed the payment yet: it appears on the order's payments when it does",
    };
  }
  return { kind: "wait" };
}
