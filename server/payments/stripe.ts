import Stripe from "stripe";
import type { StripeConfig } from "../config";

// The official Stripe client for the configured account, one per configuration. STRIPE_API_BASE
// points it at another origin (tests: a local server answering Stripe's documented requests).

const clients = new WeakMap<StripeConfig, Stripe>();

export function stripeClient(config: StripeConfig): Stripe {
  let client = clients.get(config);
  if (!client) {
    const base = new URL(config.apiBase);
    const protocol = base.protocol === "http:" ? "http" : "https";
    client = new Stripe(config.secretKey, {
      host: base.hostname,
      port: Number(base.port || (protocol === "http" ? 80 : 443)),
      protocol,
      maxNetworkRetries: 1,
      timeout: 20_000,
      appInfo: { name: "Pressroom" },
    });
    clients.set(config, client);
  }
  return client;
}

/** A Stripe error's sentence for a person ("Your card was declined."), or undefined for other errors. */
export function stripeMessage(error: unknown): string | undefined {
  if (error instanceof Stripe.errors.StripeConnectionError)
    return "Stripe could not be reached: try again shortly";
  if (error instanceof Stripe.errors.StripeError) return error.message;
  return undefined;
}

export const toCents = (dollars: number): number => Math.round(dollars * 100);
