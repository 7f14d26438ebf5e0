import type { FastifyInstance, LightMyRequestResponse as Res } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type StripeLocal, signatureHeader, startStripeLocal } from "../../scripts/stripe-local.mjs";
import { buildApp } from "../../server/app";
import { type Api, api, demoStaff, type Json, type Saved, unique } from "./domain-fixtures";
import { createTestApp, describeEachStore, signIn, type TestApp } from "./helpers";

// Card payments through Stripe (issue 19), against a local server answering Stripe's documented
// requests (scripts/stripe-local.mjs) with the official `stripe` package pointed at it: the intent
// carries the order's amount and metadata; the signed webhook records the payment once; a bad
// signature records nothing; a decline says so; an approved card refund is sent to Stripe; no key,
// another tenant, no permission are refused. Confirmations are made as Stripe.js makes them (the
// publishable key and the intent's client secret).

const SECRET = "sk_test_pressroom_local";
const PUBLISHABLE = "pk_test_pressroom_local";
const WEBHOOK = "whsec_pressroom_local";
const NOT_CONFIGURED =
  "Card payments are not configured on this server yet: record a check, cash or on-account payment, or take the card through the storefront";

describeEachStore("card payments through Stripe (%s)", (kind) => {
  let t: TestApp;
  let stripe: StripeLocal;
  let admin: Api;
  let csr: Api;
  let press: Api;
  let other: Api;
  let product: Saved;
  // A slow Stripe for one test: refunds wait for `release`, and `arrived` says one is waiting.
  let refundsHeld: { arrived: () => void; release: Promise<void> } | undefined;

  beforeAll(async () => {
    let app: FastifyInstance | undefined;
    stripe = await startStripeLocal({
      secretKey: SECRET,
      publishableKey: PUBLISHABLE,
      webhookSecret: WEBHOOK,
      deliver: async (payload, signature) => void (await webhook(app as FastifyInstance, payload, signature)),
      hold: async (method, path) => {
        if (method !== "POST" || path !== "/v1/refunds" || !refundsHeld) return;
        refundsHeld.arrived();
        await refundsHeld.release;
      },
    });
    t = await createTestApp(kind, {
      config: { stripe: { secretKey: SECRET, webhookSecret: WEBHOOK, apiBase: stripe.url } },
    });
    app = t.app;
    await t.app.ready();
    ({ admin, csr, press, other } = await demoStaff(t.app));
    product = await admin.first("products");
  });
  afterAll(async () => {
    await t?.dispose();
    await stripe?.close();
  });

  const webhook = (app: FastifyInstance, payload: string, signature?: string) =>
    app.inject({
      method: "POST",
      url: "/api/v1/webhooks/stripe",
      headers: {
        "content-type": "application/json; charset=utf-8",
        ...(signature ? { "stripe-signature": signature } : {}),
      },
      payload,
    });
  /** A prepaid customer's order of one $200 line. */
  const orderOf200 = async () => {
    const customer = await admin.create("customers", {
      name: unique("Card "),
      status: "active",
      terms: "prepaid",
    });
    return admin.create("orders", {
      customer_id: customer.id,
      ordered_at: "2026-03-02T15:00:00.000Z",
      items: [{ product_id: product.id, description: "Flyers", quantity: 500, price: 200 }],
    });
  };
  const ok = <T = Json>(res: Res, code = 200): T => {
    expect(res.statusCode, res.body).toBe(code);
    return (res.json() as { data: T }).data;
  };
  const refused = (res: Res, code: number, message: string) => {
    expect(res.statusCode, res.body).toBe(code);
    const body = res.json() as { message: string; errors?: { message: string }[] };
    expect(code === 400 ? (body.errors ?? []).map((e) => e.message).join(" | ") : body.message).toBe(message);
  };
  /** Confirms as Stripe.js does: the publishable key, the client secret, a test payment method. */
  const confirm = async (intent: { payment_intent_id: string; client_secret: string }, method: string) => {
    const res = await fetch(`${stripe.url}/v1/payment_intents/${intent.payment_intent_id}/confirm`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        key: PUBLISHABLE,
        client_secret: intent.client_secret,
        payment_method: method,
      }),
    });
    return { status: res.status, body: (await res.json()) as Json & { error?: Json } };
  };
  const paymentsOf = async (orderId: number) =>
    ok<Saved[]>(await admin.call("GET", `user-payments?order_id=${orderId}&limit=100`));
  type Intent = { payment_intent_id: string; client_secret: string; amount: number; currency: string };

  it("creates a PaymentIntent for what is due, or less, with the order in its metadata, once per order version", async () => {
    const o = await orderOf200();
    const url = `orders/${o.id}/card-payments`;
    const whole = ok<Intent>(await csr.call("POST", url, {}), 201);
    expect(whole).toMatchObject({
      amount: 200,
      currency: "usd",
      payment_intent_id: expect.stringMatching(/^pi_/),
    });
    expect(whole.client_secret).toMatch(new RegExp(`^${whole.payment_intent_id}_secret_`));
    expect(stripe.intents.get(whole.payment_intent_id)).toMatchObject({
      amount: 20000,
      currency: "usd",
      status: "requires_payment_method",
      automatic_payment_methods: { enabled: true },
      description: `Order ${o.order_number}`,
      metadata: {
        tenant_id: "1",
        order_id: String(o.id),
        order_number: String(o.order_number),
        user_id: expect.stringMatching(/^\d+$/),
      },
    });
    // The same order, the same amount: Stripe answers the first intent again (the idempotency key).
    expect(ok<Intent>(await csr.call("POST", url, {}), 201).payment_intent_id).toBe(whole.payment_intent_id);
    const part = ok<Intent>(await csr.call("POST", url, { amount: 50.25 }), 201);
    expect(part.payment_intent_id).not.toBe(whole.payment_intent_id);
    expect(stripe.intents.get(part.payment_intent_id)?.amount).toBe(5025);
    const cases: [Api, Json, number, string][] = [
      [
        csr,
        { amount: 200.01 },
        409,
        `Payment of $200.01 is more than the $200.00 due on order ${o.order_number}`,
      ],
      [csr, { amount: 0 }, 400, "Enter an amount above $0.00"],
      [csr, { amount: 1.005 }, 400, "Whole cents only"],
      [csr, { amount: 5, method: "card" }, 400, 'Unrecognized key: "method"'],
      [press, {}, 403, "Forbidden"],
      [other, {}, 404, "Not found"],
    ];
    for (const [as, body, code, message] of cases) refused(await as.call("POST", url, body), code, message);
    refused(await csr.call("POST", "orders/2147483647/card-payments", {}), 404, "Not found");
    refused(await other.call("GET", `${url}/${whole.payment_intent_id}`), 404, "Not found");
    refused(await press.call("GET", `${url}/${whole.payment_intent_id}`), 403, "Forbidden");
    refused(await csr.call("GET", `${url}/pi_unknown000`), 404, "Not found");
    // An intent of another order is not this order's.
    const elsewhere = await orderOf200();
    refused(
      await csr.call("GET", `orders/${elsewhere.id}/card-payments/${whole.payment_intent_id}`),
      404,
      "Not found",
    );
  });

  it("records a payment from Stripe's signed webhook exactly once; a bad signature records nothing", async () => {
    const o = await orderOf200();
    const intent = ok<Intent>(await csr.call("POST", `orders/${o.id}/card-payments`, { amount: 120 }), 201);
    const before = stripe.events.length;
    const confirmed = await confirm(intent, "pm_card_visa");
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ status: "succeeded", amount_received: 12000 });
    const event = stripe.events[before];
    expect(event.type).toBe("payment_intent.succeeded");
    const [paid] = await paymentsOf(o.id);
    expect(await paymentsOf(o.id)).toHaveLength(1);
    expect(paid).toMatchObject({
      transaction_id: intent.payment_intent_id,
      amount: 120,
      method: "card",
      processor: "stripe",
      status: "captured",
      customer_id: o.customer_id,
    });
    expect(ok<Json>(await csr.call("GET", `orders/${o.id}`))).toMatchObject({
      amount_due: 80,
      payment_status: "partially_paid",
    });
    expect(
      ok<Json>(await csr.call("GET", `orders/${o.id}/card-payments/${intent.payment_intent_id}`)),
    ).toEqual({
      payment_intent_id: intent.payment_intent_id,
      status: "succeeded",
      amount: 120,
      error: null,
      payment_id: paid.id,
    });
    // Stripe delivers an event at least once: the same event again, freshly signed, records nothing.
    const payload = JSON.stringify(event);
    const replay = ok<Json>(await webhook(t.app, payload, signatureHeader(payload, WEBHOOK)));
    expect(replay).toEqual({
      received: true,
      recorded: false,
      message: `Already recorded: ${intent.payment_intent_id}`,
    });
    expect(await paymentsOf(o.id)).toHaveLength(1);

    // A forged or altered event: 400, and the order keeps what it had.
    const second = ok<Intent>(await csr.call("POST", `orders/${o.id}/card-payments`, { amount: 80 }), 201);
    const forged = JSON.stringify({
      ...event,
      id: "evt_forged",
      data: {
        object: { ...event.data.object, id: second.payment_intent_id, amount: 8000, amount_received: 8000 },
      },
    });
    const mismatch = "The Stripe-Signature header does not match the request: nothing was recorded";
    const bad: [string | undefined, number, string][] = [
      [signatureHeader(forged, "whsec_someone_else"), 400, mismatch],
      [signatureHeader(payload, WEBHOOK), 400, mismatch],
      [signatureHeader(forged, WEBHOOK, Math.floor(Date.now() / 1000) - 3600), 400, mismatch],
      ["t=1,v1=00", 400, mismatch],
      [undefined, 400, "The request has no Stripe-Signature header"],
    ];
    for (const [signature, code, message] of bad)
      refused(await webhook(t.app, forged, signature), code, message);
    expect(await paymentsOf(o.id)).toHaveLength(1);
    expect(ok<Json>(await csr.call("GET", `orders/${o.id}`)).amount_due).toBe(80);
  });

  it("says plainly when a card is declined, and records nothing", async () => {
    const o = await orderOf200();
    const intent = ok<Intent>(await csr.call("POST", `orders/${o.id}/card-payments`, {}), 201);
    const declined = await confirm(intent, "pm_card_chargeDeclined");
    expect(declined.status).toBe(402);
    expect(declined.body.error).toMatchObject({
      type: "card_error",
      code: "card_declined",
      message: "Your card was declined.",
    });
    expect(stripe.events.at(-1)?.type).toBe("payment_intent.payment_failed");
    expect(
      ok<Json>(await csr.call("GET", `orders/${o.id}/card-payments/${intent.payment_intent_id}`)),
    ).toEqual({
      payment_intent_id: intent.payment_intent_id,
      status: "requires_payment_method",
      amount: 200,
      error: "Your card was declined.",
      payment_id: null,
    });
    expect(await paymentsOf(o.id)).toEqual([]);
    expect(ok<Json>(await csr.call("GET", `orders/${o.id}`)).amount_due).toBe(200);
  });

  it("sends an approved card refund to Stripe and records it processed; Stripe's refusal leaves it approved", async () => {
    const o = await orderOf200();
    const intent = ok<Intent>(await csr.call("POST", `orders/${o.id}/card-payments`, {}), 201);
    expect((await confirm(intent, "pm_card_visa")).status).toBe(200);
    const [paid] = await paymentsOf(o.id);
    const ask = (amount: number) =>
      csr.create("refund-approvals", {
        order_id: o.id,
        payment_id: paid.id,
        amount,
        reason: "damaged",
        remedy: "refund",
      });
    const approve = (r: Saved) =>
      admin.call("POST", `refund-approvals/${r.id}/approve`, { version: r.version });
    const first = await ask(50);
    const done = ok<{ refund: Saved; message: string }>(await approve(first));
    const [sent] = stripe.refunds;
    expect(stripe.refunds).toHaveLength(1);
    expect(sent).toMatchObject({
      object: "refund",
      payment_intent: intent.payment_intent_id,
      amount: 5000,
      status: "succeeded",
      metadata: { tenant_id: "1", order_id: String(o.id), refund_approval_id: String(first.id) },
    });
    expect(done.message).toBe(
      `Refund request #${first.id} approved and refunded through Stripe (${sent.id})`,
    );
    expect(done.refund).toMatchObject({ status: "processed", notes: `Stripe refund ${sent.id}` });
    expect(await admin.get("user-payments", paid.id)).toMatchObject({ status: "partially_refunded" });
    expect(ok<Json>(await csr.call("GET", `orders/${o.id}`)).amount_due).toBe(50);

    // $1.00 refunded at Stripe directly (its dashboard): the next $150.00 is more than Stripe holds.
    await fetch(`${stripe.url}/v1/refunds`, {
      method: "POST",
      headers: { authorization: `Bearer ${SECRET}`, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ payment_intent: intent.payment_intent_id, amount: "100" }),
    });
    const second = await ask(150);
    const refusal = "Refund amount ($150.00) is greater than unrefunded amount on charge ($149.00)";
    const kept = ok<{ refund: Saved; message: string }>(await approve(second));
    expect(kept.message).toBe(
      `Refund request #${second.id} approved, but Stripe did not refund it: ${refusal}. It stays approved: approve it again to send it again`,
    );
    expect(kept.refund).toMatchObject({
      status: "approved",
      notes: `Stripe refused the refund: ${refusal}.`,
    });
    const queue = ok<{ id: number; card_resend: boolean; awaiting_card_processor: boolean }[]>(
      await admin.call("GET", "refund-approvals/queue?status=approved"),
    );
    expect(queue.find((q) => q.id === second.id)).toMatchObject({
      card_resend: true,
      awaiting_card_processor: false,
    });
    // Sent again: a new attempt (Stripe refuses it again), still approved, nothing refunded.
    const again = ok<{ refund: Saved; message: string }>(await approve(kept.refund));
    expect(again.refund.status).toBe("approved");
    expect(stripe.refunds).toHaveLength(2);
    refused(
      await approve(done.refund),
      409,
      `Refund request #${first.id} is processed: it was decided already`,
    );
    refused(
      await other.call("POST", `refund-approvals/${second.id}/approve`, { version: 1 }),
      404,
      "Not found",
    );
  });

  it("without a secret key, says card payments are not configured and takes no webhook", async () => {
    const plain = buildApp({ database: t.database });
    try {
      const token = await signIn(plain, "csr@pressroom.test");
      const o = await orderOf200();
      const as = api(plain, token);
      refused(await as.call("POST", `orders/${o.id}/card-payments`, {}), 409, NOT_CONFIGURED);
      refused(
        await as.call("POST", `orders/${o.id}/payments`, { method: "card", amount: 5 }),
        409,
        NOT_CONFIGURED,
      );
      expect(ok<{ card: Json }>(await as.call("GET", `orders/${o.id}/desk`)).card).toEqual({
        configured: false,
        message: NOT_CONFIGURED,
      });
      const payload = JSON.stringify({ id: "evt_x", type: "payment_intent.succeeded", data: { object: {} } });
      refused(
        await webhook(plain, payload, signatureHeader(payload, WEBHOOK)),
        404,
        "Card payments are not configured on this server",
      );
      // Configured, a card is never typed in as taken: Stripe confirms it.
      refused(
        await csr.call("POST", `orders/${o.id}/payments`, { method: "card", amount: 5 }),
        409,
        "Take a card payment through the card form: it is recorded when Stripe confirms it",
      );
    } finally {
      await plain.close();
    }
  });

  it("calls Stripe with the approval committed: the request can be edited while Stripe answers, and the refund is recorded once", async () => {
    const o = await orderOf200();
    const intent = ok<Intent>(await csr.call("POST", `orders/${o.id}/card-payments`, {}), 201);
    expect((await confirm(intent, "pm_card_visa")).status).toBe(200);
    const [paid] = await paymentsOf(o.id);
    const asked = await csr.create("refund-approvals", {
      order_id: o.id,
      payment_id: paid.id,
      amount: 40,
      reason: "late",
      remedy: "refund",
    });
    let release = () => {};
    const arrived = new Promise<void>((resolve) => {
      refundsHeld = { arrived: resolve, release: new Promise<void>((done) => (release = done)) };
    });
    try {
      const approving = admin.call("POST", `refund-approvals/${asked.id}/approve`, {
        version: asked.version,
      });
      await arrived;
      // Stripe has not answered: the approval is committed and nothing waits on its row.
      expect(await admin.get("refund-approvals", asked.id)).toMatchObject({ status: "approved" });
      await admin.update("refund-approvals", asked.id, { notes: "Customer called about it" });
      release();
      const done = ok<{ refund: Saved; message: string }>(await approving);
      const mine = stripe.refunds.filter((r) => (r.metadata as Json).refund_approval_id === String(asked.id));
      expect(mine).toHaveLength(1);
      expect(done.refund).toMatchObject({
        status: "processed",
        notes: `Customer called about it\nStripe refund ${mine[0].id}`,
      });
    } finally {
      refundsHeld = undefined;
      release();
    }
  });

  it("gives back a card payment the order refuses once Stripe took it (paid meanwhile by check): refunded whole, once", async () => {
    const o = await orderOf200();
    const intent = ok<Intent>(await csr.call("POST", `orders/${o.id}/card-payments`, {}), 201);
    // The customer pays the whole order by check while the card form is open.
    await csr.create("user-payments", {
      order_id: o.id,
      customer_id: o.customer_id,
      amount: 200,
      method: "check",
      status: "captured",
      paid_at: "2026-03-03T15:00:00.000Z",
    });
    expect((await confirm(intent, "pm_card_visa")).status).toBe(200);
    const back = stripe.refunds.filter((r) => r.payment_intent === intent.payment_intent_id);
    expect(back).toHaveLength(1);
    expect(back[0]).toMatchObject({ amount: 20000, metadata: { unrecorded_payment: "true" } });
    expect((await paymentsOf(o.id)).map((p) => p.method)).toEqual(["check"]);
    // Stripe sends the event again: the same refund is answered, nothing more is refunded or recorded.
    const event = stripe.events.findLast((e) => e.data.object.id === intent.payment_intent_id);
    const payload = JSON.stringify(event);
    const again = ok<{ recorded: boolean; refunded: string; message: string }>(
      await webhook(t.app, payload, signatureHeader(payload, WEBHOOK)),
    );
    expect(again).toMatchObject({ recorded: false, refunded: back[0].id });
    expect(again.message).toMatch(/^Not recorded: .+\. The payment was refunded at Stripe \(re_/);
    expect(stripe.refunds.filter((r) => r.payment_intent === intent.payment_intent_id)).toHaveLength(1);
    expect(await paymentsOf(o.id)).toHaveLength(1);
  });
});
