// Stripe in the end-to-end run. Behind the browser everything is real: the server's `stripe` package talks to
// scripts/stripe-local.mjs (Stripe's documented API, answered locally), which signs and sends its webhooks to the
// server. Stripe.js itself cannot be fetched here, so the page's request for it (https://js.stripe.com/…) is
// answered with this small script: the few Stripe.js calls the app makes (React Stripe.js's checks, elements(),
// a Payment Element standing in as one labelled card-number field, confirmPayment), confirming with the local API
// as Stripe.js does (the publishable key and the intent's client secret). Stripe's documented test cards pick the
// payment method: 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined.
import type { Page } from "@playwright/test";

const port = Number(process.env.E2E_STRIPE_PORT ?? 0);

export const STRIPE_E2E = {
  /** Whether scripts/e2e.mjs started the local Stripe API for this run. */
  running: port > 0,
  secretKey: "sk_test_pressroom_e2e",
  webhookSecret: "whsec_pressroom_e2e",
  /** The build's VITE_STRIPE_PUBLIC_KEY (.env): the key Stripe.js sends. */
  publishableKey: "pk_test_pressroom_demo",
  port,
  url: `http://127.0.0.1:${port}`,
};

// Plain JavaScript, as the page receives it (a stringified TypeScript function could carry the compiler's helpers).
const standIn = (api: string) => `(() => {
  const apiBase = ${JSON.stringify(api)};
  const methods = { "4242424242424242": "pm_card_visa", "4000000000000002": "pm_card_chargeDeclined" };
  function Stripe(key) {
    let input = null;
    let clientSecret = "";
    const handlers = {};
    const element = {
      mount(target) {
        const host = typeof target === "string" ? document.querySelector(target) : target;
        const label = document.createElement("label");
        label.textContent = "Card number";
        input = document.createElement("input");
        input.autocomplete = "cc-number";
        label.appendChild(input);
        host.appendChild(label);
        setTimeout(() => (handlers.ready || []).forEach((h) => h({ elementType: "payment" })));
      },
      on(event, handler) { handlers[event] = [...(handlers[event] || []), handler]; return element; },
      off(event, handler) { handlers[event] = (handlers[event] || []).filter((h) => h !== handler); return element; },
      update() {},
      unmount() {},
      destroy() { if (input && input.parentElement) input.parentElement.remove(); },
    };
    const elements = { create: () => element, getElement: () => element, update() {}, submit: async () => ({}) };
    const refuse = async () => ({ error: { message: "Not used by Pressroom" } });
    return {
      elements(options) { clientSecret = options.clientSecret; return elements; },
      async confirmPayment() {
        const intent = clientSecret.split("_secret_")[0];
        const number = (input ? input.value : "").replace(/\\s/g, "");
        const body = new URLSearchParams({ key, client_secret: clientSecret, payment_method: methods[number] || "pm_card_unknown" });
        const res = await fetch(apiBase + "/v1/payment_intents/" + intent + "/confirm", { method: "POST", body });
        const answer = await res.json();
        return res.ok ? { paymentIntent: answer } : { error: answer.error };
      },
      confirmCardPayment: refuse,
      createToken: refuse,
      createPaymentMethod: refuse,
      _registerWrapper() {},
      registerAppInfo() {},
    };
  }
  Stripe.version = "endive";
  window.Stripe = Stripe;
})();`;

/** Answers the page's requests for Stripe.js with the stand-in. */
export async function standInForStripeJs(page: Page): Promise<void> {
  await page.route("https://js.stripe.com/**", (route) =>
    route.fulfill({ contentType: "text/javascript", body: standIn(STRIPE_E2E.url) }),
  );
}
