import type { Config } from "../config";

// Card payments go through Stripe (issue 19, its payments part), which is not built yet: until it
// is, the desk says so and takes no card payment (never a simulated success). The Stripe work
// replaces this with its adapter's state (a secret key configured, the public key for Elements).

export interface CardPaymentState {
  configured: boolean;
  message: string;
}

export function cardPayments(_config: Config | undefined): CardPaymentState {
  return {
    configured: false,
    message:
      "Card payments are not configured on this server yet: record a check, cash or on-account payment, or take the card through the storefront",
  };
}
