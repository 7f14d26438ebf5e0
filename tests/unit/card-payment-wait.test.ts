import { describe, expect, it } from "vitest";
import { type CardIntentState, cardWaitOutcome } from "../../src/custom/orders/card-payment-wait";

// The card step's reading of each answer while Stripe's webhook is on its way: recorded as soon as the
// server has the payment, Stripe's sentence when the card was refused, a plain note when it is late.

const state = (over: Partial<CardIntentState>): CardIntentState => ({
  payment_intent_id: "pi_1",
  status: "processing",
  amount: 120,
  error: null,
  payment_id: null,
  ...over,
});

describe("cardWaitOutcome", () => {
  it.each([
    ["recorded", state({ status: "succeeded", payment_id: 41 }), 1, { kind: "recorded", paymentId: 41 }],
    ["still on its way", state({ status: "succeeded" }), 3, { kind: "wait" }],
    ["no answer yet", undefined, 1, { kind: "wait" }],
    [
      "declined",
      state({ status: "requires_payment_method", error: "Your card was declined." }),
      2,
      { kind: "failed", message: "Your card was declined." },
    ],
    [
      "cancelled",
      state({ status: "canceled" }),
      2,
      { kind: "failed", message: "Stripe cancelled this payment" },
    ],
    [
      "taken but not confirmed in time",
      state({ status: "succeeded" }),
      30,
      {
        kind: "late",
        message:
          "Stripe took the payment but has not confirmed it to this server yet: it appears on the order's payments when it does",
      },
    ],
    [
      "nothing in time",
      undefined,
      30,
      {
        kind: "late",
        message: "Stripe has not confirmed the payment yet: it appears on the order's payments when it does",
      },
    ],
  ])("%s", (_name, answer, poll, expected) => {
    expect(cardWaitOutcome(answer, poll)).toEqual(expected);
  });
});
