import type { Config } from "../config";

// Whether the desk takes card payments: through Stripe when its secret key and webhook secret are set
// (server/payments/), else a plain sentence saying it does not (never a simulated success).

export interface CardPaymentState {
  configured: boolean;
  message: string;
}

export const CARD_NOT_CONFIGURED =
  "Card payments are not configured on this server yet: record a check, cash or on-account payment, or take the card through the storefront";

export function cardPayments(config: Config | undefined): CardPaymentState {
  return config?.stripe
    ? {
        configured: true,
        message: "Card payments go through Stripe: the payment is recorded when Stripe confirms it",
      }
    : { configured: false, message: CARD_NOT_CONFIGURED };
}
