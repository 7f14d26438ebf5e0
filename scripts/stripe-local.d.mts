// Types of stripe-local.mjs (a test fixture answering Stripe's documented requests).
export interface StripeLocalOptions {
  port?: number;
  secretKey: string;
  publishableKey?: string;
  webhookSecret?: string;
  webhookUrl?: string;
  deliver?: (payload: string, signature: string) => Promise<void>;
  /** Awaited before each request is answered: a test's slow Stripe. */
  hold?: (method: string, path: string) => Promise<void>;
}
export interface StripeLocalEvent {
  id: string;
  type: string;
  data: { object: Record<string, unknown> & { id: string } };
}
export interface StripeLocal {
  url: string;
  port: number;
  intents: Map<string, Record<string, unknown> & { id: string; amount: number; status: string }>;
  refunds: (Record<string, unknown> & { id: string; amount: number; payment_intent: string })[];
  events: StripeLocalEvent[];
  close(): Promise<void>;
}
export function signatureHeader(payload: string, secret: string, timestamp?: number): string;
export function startStripeLocal(options: StripeLocalOptions): Promise<StripeLocal>;
