// A local stand-in for Stripe's API, answering the documented requests the server and the e2e test make,
// with Stripe's documented JSON shapes and error bodies (https://docs.stripe.com/api/errors):
//   POST /v1/payment_intents               create (amount, currency, metadata[…], automatic_payment_methods[enabled])
//   GET  /v1/payment_intents/:id           retrieve (secret key; or publishable key + client_secret, as Stripe.js)
//   POST /v1/payment_intents/:id/confirm   confirm with payment_method (pm_card_visa succeeds;
//                                          pm_card_chargeDeclined: 402 card_error card_declined)
//   POST /v1/refunds                       refund a succeeded payment_intent (or 404 for an unknown charge)
// Idempotency-Key is honoured as Stripe documents it (same key and parameters: the first answer again;
// other parameters: 400 idempotency_error). A confirmation sends the documented event
// (payment_intent.succeeded / payment_intent.payment_failed) to the webhook, signed as Stripe signs:
// Stripe-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<payload>" under the endpoint secret>.
// A test fixture (server tests and the e2e run), never part of the product.
import { createHmac, randomBytes } from "node:crypto";
import { createServer } from "node:http";

const API_VERSION = "2025-01-27.acacia";

/** Stripe's form encoding (metadata[order_id]=1) → a nested object. */
function parseForm(text) {
  const out = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const parts = key.split(/\[|\]\[|\]/).filter((p) => p !== "");
    let at = out;
    parts.forEach((p, i) => {
      if (i === parts.length - 1) at[p] = value;
      else at = at[p] ??= {};
    });
  }
  return out;
}

const id = (prefix) => `${prefix}_${randomBytes(12).toString("hex")}`;
const now = () => Math.floor(Date.now() / 1000);

/** The Stripe-Signature header of a payload, computed as Stripe documents it. */
export function signatureHeader(payload, secret, timestamp = now()) {
  const v1 = createHmac("sha256", secret).update(`${timestamp}.${payload}`, "utf8").digest("hex");
  return `t=${timestamp},v1=${v1}`;
}

/**
 * Starts the server. `deliver(payload, signature)` receives each webhook (a test hands it to the app);
 * or `webhookUrl` receives it by POST. `secretKey`: the only secret key accepted; `publishableKey`: the
 * key Stripe.js sends. Resolves to { url, port, intents, refunds, events, close }.
 */
export async function startStripeLocal({
  port = 0,
  secretKey,
  publishableKey,
  webhookSecret,
  webhookUrl,
  deliver,
  hold,
}) {
  const intents = new Map();
  const refunds = [];
  const events = [];
  const idempotent = new Map();

  const send = async (type, object) => {
    const event = {
      id: id("evt"),
      object: "event",
      api_version: API_VERSION,
      created: now(),
      data: { object },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    };
    events.push(event);
    const payload = JSON.stringify(event, null, 2);
    if (!webhookSecret) return;
    const signature = signatureHeader(payload, webhookSecret);
    if (deliver) await deliver(payload, signature);
    else if (webhookUrl) {
      await fetch(webhookUrl, {
        method: "POST",
        headers: { "content-type": "application/json; charset=utf-8", "stripe-signature": signature },
        body: payload,
      }).catch(() => undefined);
    }
  };

  const error = (status, body) => ({ status, body: { error: body } });
  const invalid = (message, param, code) =>
    error(400, {
      type: "invalid_request_error",
      message,
      ...(param ? { param } : {}),
      ...(code ? { code } : {}),
    });
  const missing = (kind, value, param = "id") =>
    error(404, {
      type: "invalid_request_error",
      code: "resource_missing",
      message: `No such ${kind}: '${value}'`,
      param,
    });

  const createIntent = (form) => {
    const amount = Number(form.amount);
    if (!form.amount || !Number.isInteger(amount))
      return invalid("Missing required param: amount.", "amount");
    if (amount < 50) {
      return invalid("Amount must be at least $0.50 usd", "amount", "amount_too_small");
    }
    if (!form.currency) return invalid("Missing required param: currency.", "currency");
    const pi = {
      id: id("pi"),
      object: "payment_intent",
      amount,
      amount_capturable: 0,
      amount_received: 0,
      automatic_payment_methods:
        form.automatic_payment_methods?.enabled === "true" ? { enabled: true } : null,
      canceled_at: null,
      capture_method: "automatic",
      client_secret: "",
      confirmation_method: "automatic",
      created: now(),
      currency: String(form.currency).toLowerCase(),
      description: form.description ?? null,
      last_payment_error: null,
      latest_charge: null,
      livemode: false,
      metadata: form.metadata ?? {},
      payment_method: null,
      payment_method_types: ["card"],
      status: "requires_payment_method",
    };
    pi.client_secret = `${pi.id}_secret_${randomBytes(12).toString("hex")}`;
    intents.set(pi.id, pi);
    return { status: 200, body: pi };
  };

  const confirm = async (pi, form) => {
    if (pi.status === "succeeded") {
      return invalid(
        "You cannot confirm this PaymentIntent because it has already succeeded after being previously confirmed.",
        undefined,
        "payment_intent_unexpected_state",
      );
    }
    const method = form.payment_method;
    if (!method) {
      return invalid(
        "You cannot confirm this PaymentIntent because it's missing a payment method.",
        "payment_method",
        "payment_intent_unexpected_state",
      );
    }
    if (!["pm_card_visa", "pm_card_mastercard", "pm_card_chargeDeclined"].includes(method)) {
      return invalid(`No such PaymentMethod: '${method}'`, "payment_method", "resource_missing");
    }
    pi.payment_method = method;
    if (method === "pm_card_chargeDeclined") {
      const charge = id("ch");
      const failure = {
        type: "card_error",
        code: "card_declined",
        decline_code: "generic_decline",
        message: "Your card was declined.",
        charge,
        doc_url: "https://stripe.com/docs/error-codes/card-declined",
      };
      Object.assign(pi, { status: "requires_payment_method", payment_method: null, latest_charge: charge });
      pi.last_payment_error = { ...failure, payment_method: { id: method, object: "payment_method" } };
      await send("payment_intent.payment_failed", { ...pi });
      return error(402, { ...failure, payment_intent: { ...pi } });
    }
    Object.assign(pi, {
      status: "succeeded",
      amount_received: pi.amount,
      latest_charge: id("ch"),
      last_payment_error: null,
    });
    await send("payment_intent.succeeded", { ...pi });
    return { status: 200, body: pi };
  };

  const refund = (form) => {
    const pi = form.payment_intent ? intents.get(form.payment_intent) : undefined;
    if (form.charge && !form.payment_intent) return missing("charge", form.charge, "charge");
    if (!form.payment_intent)
      return invalid(
        "One of the following params should be provided for this request: payment_intent or charge.",
      );
    if (!pi) return missing("payment_intent", form.payment_intent, "payment_intent");
    if (pi.status !== "succeeded") {
      return invalid(
        `This PaymentIntent (${pi.id}) does not have a successful charge to refund.`,
        "payment_intent",
        "charge_not_refundable",
      );
    }
    const done = refunds.filter((r) => r.payment_intent === pi.id).reduce((sum, r) => sum + r.amount, 0);
    const amount = form.amount === undefined ? pi.amount - done : Number(form.amount);
    if (amount > pi.amount - done) {
      const dollars = (c) => `$${(c / 100).toFixed(2)}`;
      return invalid(
        `Refund amount (${dollars(amount)}) is greater than unrefunded amount on charge (${dollars(pi.amount - done)})`,
        "amount",
        "amount_too_large",
      );
    }
    const r = {
      id: id("re"),
      object: "refund",
      amount,
      charge: pi.latest_charge,
      created: now(),
      currency: pi.currency,
      metadata: form.metadata ?? {},
      payment_intent: pi.id,
      reason: form.reason ?? null,
      status: "succeeded",
    };
    refunds.push(r);
    return { status: 200, body: r };
  };

  const route = async (method, path, key, form) => {
    const secret = key === secretKey;
    const intentMatch = path.match(/^\/v1\/payment_intents\/([^/]+)(\/confirm)?$/);
    if (intentMatch) {
      const pi = intents.get(intentMatch[1]);
      // Stripe.js reaches an intent with the publishable key and the intent's client secret.
      const browser = key === publishableKey && pi && form.client_secret === pi.client_secret;
      if (!secret && !browser) {
        if (key === publishableKey && pi) return missing("payment_intent", intentMatch[1]);
        return null;
      }
      if (!pi) return missing("payment_intent", intentMatch[1]);
      if (intentMatch[2] && method === "POST") return confirm(pi, form);
      if (!intentMatch[2] && method === "GET") return { status: 200, body: pi };
    }
    if (!secret) return null;
    if (method === "POST" && path === "/v1/payment_intents") return createIntent(form);
    if (method === "POST" && path === "/v1/refunds") return refund(form);
    return error(404, {
      type: "invalid_request_error",
      message: `Unrecognized request URL (${method}: ${path}).`,
    });
  };

  const server = createServer(async (req, res) => {
    res.setHeader("access-control-allow-origin", "*");
    res.setHeader(
      "access-control-allow-headers",
      "authorization, content-type, idempotency-key, stripe-version",
    );
    if (req.method === "OPTIONS") {
      res.writeHead(204).end();
      return;
    }
    let text = "";
    for await (const chunk of req) text += chunk;
    const url = new URL(req.url ?? "/", "http://local");
    // A test's hold on the answer (a slow Stripe): what the caller does meanwhile is what it tests.
    if (hold) await hold(req.method ?? "GET", url.pathname);
    const form = parseForm(req.method === "GET" ? url.search.slice(1) : text);
    const bearer = (req.headers.authorization ?? "").replace(/^Bearer /, "");
    const key = bearer || form.key;
    const idemKey = req.headers["idempotency-key"];
    const cacheKey = typeof idemKey === "string" && req.method === "POST" ? `${key} ${idemKey}` : undefined;
    let answer;
    const cached = cacheKey ? idempotent.get(cacheKey) : undefined;
    if (cached && cached.request !== `${url.pathname}?${text}`) {
      answer = invalid(
        `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idemKey}' if you meant to execute a different request.`,
        undefined,
        "idempotency_key_in_use",
      );
      answer.body.error.type = "idempotency_error";
    } else if (cached) {
      answer = cached.answer;
      res.setHeader("idempotent-replayed", "true");
    } else {
      answer = (await route(req.method ?? "GET", url.pathname, key, form)) ?? {
        status: 401,
        body: {
          error: {
            type: "invalid_request_error",
            message: `Invalid API Key provided: ${String(key ?? "").slice(0, 8)}********`,
          },
        },
      };
      if (cacheKey && answer.status !== 401) {
        idempotent.set(cacheKey, { request: `${url.pathname}?${text}`, answer });
      }
    }
    res.setHeader("content-type", "application/json");
    res.setHeader("request-id", id("req"));
    res.setHeader("stripe-version", API_VERSION);
    res.writeHead(answer.status).end(JSON.stringify(answer.body));
  });
  await new Promise((resolve) => server.listen(port, "127.0.0.1", resolve));
  const actual = server.address().port;
  return {
    url: `http://127.0.0.1:${actual}`,
    port: actual,
    intents,
    refunds,
    events,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

// Run as a process (the e2e run, playwright.config.ts): its settings from the environment.
if (import.meta.url === `file://${process.argv[1]}`) {
  const env = process.env;
  const local = await startStripeLocal({
    port: Number(env.STRIPE_LOCAL_PORT ?? 0),
    secretKey: env.STRIPE_SECRET_KEY ?? "",
    publishableKey: env.STRIPE_PUBLISHABLE_KEY,
    webhookSecret: env.STRIPE_WEBHOOK_SECRET,
    webhookUrl: env.STRIPE_WEBHOOK_URL,
  });
  console.log(`Local Stripe API at ${local.url}`);
  const stop = () => void local.close().then(() => process.exit(0));
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}
