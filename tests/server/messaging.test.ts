import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { buildApp } from "../../server/app";
import { selectRows } from "../../server/db/open";
import { type Api, api, type Saved, status, unique } from "./domain-fixtures";
import { bearer, createTestApp, describeEachStore, signIn, type TestApp } from "./helpers";

// /messaging's server (issue 22): an SMS template rendered with a real order on the server (merge tags
// customer, order, status, due date…; unknown and empty tags reported), sent through Twilio's
// Messages API when configured (a local server answers its documented request) or else kept in the
// outbox and said so. The expected texts are built here from the order as the generic API reads it.

const post = (app: FastifyInstance, url: string, token: string, payload: unknown) =>
  app.inject({ method: "POST", url: `/api/v1/${url}`, headers: bearer(token), payload: payload as object });
const get = (app: FastifyInstance, url: string, token: string) =>
  app.inject({ method: "GET", url: `/api/v1/${url}`, headers: bearer(token) });

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const longDate = (iso: string) => {
  const [y, m, d] = iso.slice(0, 10).split("-").map(Number);
  return `${MONTHS[m - 1]} ${d}, ${y}`;
};
const dollars = (v: unknown) => `$${Number(v).toLocaleString("en-US", { minimumFractionDigits: 2 })}`;

const SID = `AC${"0123456789abcdef".repeat(2)}`;
const TOKEN = "twilio-auth-token";

interface TwilioCall {
  path: string;
  auth: string;
  form: Record<string, string>;
}

/** Twilio's Messages resource as documented: 201 with the message, or 400 { code, message } for a bad number. */
function twilioServer(calls: TwilioCall[]): Server {
  return createServer(async (req, res) => {
    let text = "";
    for await (const chunk of req) text += chunk;
    const form = Object.fromEntries(new URLSearchParams(text));
    calls.push({ path: req.url ?? "", auth: req.headers.authorization ?? "", form });
    res.setHeader("content-type", "application/json");
    const basic = `Basic ${Buffer.from(`${SID}:${TOKEN}`).toString("base64")}`;
    if (
      req.method !== "POST" ||
      req.url !== `/2010-04-01/Accounts/${SID}/Messages.json` ||
      req.headers.authorization !== basic
    ) {
      res.statusCode = 401;
      res.end(JSON.stringify({ code: 20003, message: "Authenticate", status: 401 }));
      return;
    }
    if (form.To === "+15005550001") {
      res.statusCode = 400;
      res.end(
        JSON.stringify({
          code: 21211,
          message: "The 'To' number +15005550001 is not a valid phone number.",
          more_info: "https://www.twilio.com/docs/errors/21211",
          status: 400,
        }),
      );
      return;
    }
    res.statusCode = 201;
    res.end(
      JSON.stringify({
        sid: `SM${"a".repeat(32)}`,
        account_sid: SID,
        to: form.To,
        from: form.From,
        body: form.Body,
        status: "queued",
        num_segments: "1",
      }),
    );
  });
}

describeEachStore("messaging (%s)", (kind) => {
  let t: TestApp;
  let admin: string;
  let csr: string;
  let press: string;
  let other: string;
  let a: Api;
  let order: Saved;
  let customer: Saved;
  let statusText: string;
  let template: Saved;
  /** A customer in good standing with a mobile number, for the status notifications. */
  let texted: Saved;

  beforeAll(async () => {
    t = await createTestApp(kind);
    await t.app.ready();
    [admin, csr, press, other] = await Promise.all([
      signIn(t.app, "admin@pressroom.test"),
      signIn(t.app, "csr@pressroom.test"),
      signIn(t.app, "press@pressroom.test"),
      signIn(t.app, "admin@other.test", 2),
    ]);
    a = api(t.app, admin);
    const orders = (await a.call("GET", "orders?limit=100")).json().data as Saved[];
    const found = orders.find((o) => o.wanted_by && o.status_id && o.amount_due !== null);
    if (!found) throw new Error("no seeded order with a due date and a status");
    order = found;
    customer = await a.update("customers", order.customer_id as number, {
      contact_name: "Dana Whit",
      contact_phone: "(217) 555-0142",
    });
    const status = await a.get("statuses", order.status_id as number);
    statusText = String(status.customer_label || status.name);
    texted = await a.create("customers", {
      name: unique("Texted "),
      status: "active",
      contact_phone: "(217) 555-0142",
    });
    template = await a.create("sms-templates", {
      name: unique("E2E status "),
      trigger: "approved",
      body: "Hi {{customer_name}} ({{ contact_name }}): order {{order_number}} is {{status}}, due {{due_date}}. {{amount_due}} due.",
      active: true,
    });
  });
  afterAll(() => t?.dispose());

  const expectedText = () =>
    `Hi ${customer.name} (Dana Whit): order ${order.order_number} is ${statusText}, due ${longDate(String(order.wanted_by))}. ${dollars(order.amount_due)} due.`;

  it("renders a template with a real order on the server", async () => {
    const res = await post(t.app, `sms-templates/${template.id}/preview`, admin, { order_id: order.id });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      text: expectedText(),
      unknown: [],
      empty: [],
      to: "+12175550142",
      phone_on_file: "(217) 555-0142",
      configured: false,
      order: { id: order.id, order_number: order.order_number, customer_name: customer.name },
    });
    expect(data.characters).toBe(expectedText().length);
    expect(data.segments).toBe(expectedText().length <= 160 ? 1 : Math.ceil(expectedText().length / 153));
  });

  it("reports unknown and empty tags, and will not send them", async () => {
    const odd = await a.create("sms-templates", {
      name: unique("Odd tags "),
      trigger: "proof_ready",
      body: "{{customer_name}}: proof {{proof_link}} {{ Proof URL }} {{proof_link}} by {{contact_name}}",
      active: true,
    });
    await a.update("customers", customer.id, { contact_name: null });
    try {
      const res = await post(t.app, `sms-templates/${odd.id}/preview`, admin, { order_id: order.id });
      expect(res.json().data).toMatchObject({
        text: `${customer.name}: proof {{proof_link}} {{ Proof URL }} {{proof_link}} by `,
        unknown: ["{{proof_link}}", "{{Proof URL}}"],
        empty: ["contact_name"],
      });
      const sent = await post(t.app, `sms-templates/${odd.id}/send`, admin, { order_id: order.id });
      expect(sent.statusCode).toBe(400);
      expect(sent.json().errors.map((e: { message: string }) => e.message)).toEqual([
        "{{proof_link}} is not a merge tag: change the template",
        "{{Proof URL}} is not a merge tag: change the template",
        `Order ${order.order_number} has no contact name: fill it in or choose another order`,
      ]);
    } finally {
      await a.update("customers", customer.id, { contact_name: "Dana Whit" });
    }
  });

  it("keeps the message in the outbox when SMS is not configured, and lists it", async () => {
    const res = await post(t.app, `sms-templates/${template.id}/send`, admin, { order_id: order.id });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({
      status: "outbox",
      to: "+12175550142",
      body: expectedText(),
      provider_id: null,
      message:
        "SMS is not configured on this server: the message to +12175550142 is kept in the outbox, not sent",
    });
    const typed = await post(t.app, `sms-templates/${template.id}/send`, admin, {
      order_id: order.id,
      to: "+44 20 7946 0958",
    });
    expect(typed.json().data).toMatchObject({ status: "outbox", to: "+442079460958" });
    const list = await get(t.app, "sms-messages", admin);
    expect(list.json().data.configured).toBe(false);
    expect(list.json().data.rows.slice(0, 2)).toMatchObject([
      {
        to: "+442079460958",
        status: "outbox",
        order_id: order.id,
        order_number: order.order_number,
        template_id: template.id,
        template_name: template.name,
        sent_by: "Avery Admin",
      },
      { to: "+12175550142", status: "outbox", body: expectedText() },
    ]);
    // Tenant 2 sees none of it.
    const theirs = await get(t.app, "sms-messages", other);
    expect(theirs.json().data.rows).toEqual([]);
  });

  it.each([
    ["preview", "csr", {}, 403],
    ["send", "csr", {}, 403],
    ["preview", "press", {}, 403],
    ["send", "admin", { order_id: "one" }, 400],
    ["send", "admin", { order_id: 1, extra: true }, 400],
    ["send", "admin", { to: "call me" }, 400],
    ["send", "other", {}, 404],
    ["preview", "other", {}, 404],
  ] as const)("%s as %s with %j → %i", async (action, who, body, status) => {
    const token = { admin, csr, press, other }[who];
    const res = await post(t.app, `sms-templates/${template.id}/${action}`, token, {
      order_id: order.id,
      ...body,
    });
    expect(res.statusCode, res.body).toBe(status);
  });

  it("refuses what cannot be sent, with the reason", async () => {
    const theirs = (await api(t.app, other).call("GET", "orders?limit=1")).json().data[0] as Saved;
    const cases: [string, unknown, number, string][] = [
      ["a tenant 2 order", { order_id: theirs.id }, 400, "There is no such order"],
      ["a bad number", { order_id: order.id, to: "555-0142" }, 400, "“555-0142” is not a phone number"],
    ];
    for (const [what, body, status, words] of cases) {
      const res = await post(t.app, `sms-templates/${template.id}/send`, admin, body);
      expect(res.statusCode, what).toBe(status);
      expect(res.body, what).toContain(words);
    }
    await a.update("customers", customer.id, { contact_phone: null });
    const noPhone = await post(t.app, `sms-templates/${template.id}/send`, admin, { order_id: order.id });
    expect(noPhone.json().errors).toEqual([
      { field: "to", message: `${customer.name} has no mobile number on file: type the number to send to` },
    ]);
    await a.update("customers", customer.id, { contact_phone: "(217) 555-0142" });
    const inactive = await a.create("sms-templates", {
      name: unique("Retired "),
      trigger: "shipped",
      body: "Order {{order_number}} shipped",
      active: false,
    });
    const res = await post(t.app, `sms-templates/${inactive.id}/send`, admin, { order_id: order.id });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      `The template “${inactive.name}” is inactive: make it active before sending it`,
    );
    expect((await get(t.app, "sms-messages", csr)).statusCode).toBe(403);
  });

  it("texts the customer when the order or its items reach a notifying status: once each, after the commit", async () => {
    // The demo shop's history is seeded, not lived: it texts nobody.
    const queued = await selectRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from scheduled_jobs where kind = 'status-sms'`,
    );
    expect(queued[0]?.n).toBe(0);
    const product = await a.first("products");
    const made = await a.create("orders", {
      order_number: unique("N-"),
      customer_id: texted.id,
      ordered_at: "2026-03-02T15:00:00.000Z",
      items: ["Cards", "Flyers"].map((description) => ({
        product_id: product.id,
        description,
        quantity: 250,
      })),
    });
    const statusId = async (code: string) => (await status(a, "order_item", code)).id;
    // A refused write queues nothing: Shipped notifies, but Received does not lead there.
    const shipped = await statusId("shipped");
    const refused = await a.call("PATCH", `orders/${made.id}`, {
      version: made.version,
      items: (made.items as Saved[]).map((i) => ({ id: i.id, item_status_id: shipped })),
    });
    expect(refused.statusCode, refused.body).toBe(409);
    // Both items reach Awaiting proof in one write: one "Proof ready" text, not two.
    for (const code of ["preflight", "awaiting_proof"]) {
      const now = await a.get("orders", made.id);
      const to = await statusId(code);
      const res = await a.call("PATCH", `orders/${made.id}`, {
        version: now.version,
        items: (now.items as Saved[]).map((i) => ({ id: i.id, item_status_id: to })),
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const messages = async () =>
      ((await get(t.app, "sms-messages?limit=200", admin)).json().data.rows as Saved[]).filter(
        (m) => m.order_id === made.id,
      );
    expect(await messages()).toEqual([]); // queued, not yet sent
    await t.app.scheduler.runDue();
    const sent = await messages();
    expect(sent.map((m) => [m.template_name, m.status, m.to, m.body, m.error, m.sent_by])).toEqual([
      // Newest first. The proof text needs a proof to link to: without one it is not sent, and says why.
      [
        "Proof ready",
        "failed",
        "+12175550142",
        `Your proof for order ${made.order_number} is ready: . Approve it to start printing.`,
        `Order ${made.order_number} has no proof url`,
        null,
      ],
      [
        "Order received",
        "outbox",
        "+12175550142",
        `Hi ${texted.name}, we have your order ${made.order_number}. We will text you when your proof is ready.`,
        null,
        null,
      ],
    ]);
    // Run again: nothing more goes out.
    await t.app.scheduler.runDue();
    expect(await messages()).toHaveLength(2);
  });

  it("sends through Twilio's Messages API when configured, and keeps its refusals", async () => {
    const calls: TwilioCall[] = [];
    const twilio = twilioServer(calls);
    await new Promise<void>((resolve) => twilio.listen(0, "127.0.0.1", resolve));
    const apiUrl = `http://127.0.0.1:${(twilio.address() as AddressInfo).port}`;
    const app = buildApp({
      database: t.database,
      config: { twilio: { accountSid: SID, authToken: TOKEN, from: "+12175550100", apiUrl } },
    });
    try {
      const res = await post(app, `sms-templates/${template.id}/send`, admin, { order_id: order.id });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().data).toMatchObject({
        status: "sent",
        provider_id: `SM${"a".repeat(32)}`,
        message: `Sent to +12175550142 through Twilio (SM${"a".repeat(32)})`,
      });
      expect(calls).toEqual([
        {
          path: `/2010-04-01/Accounts/${SID}/Messages.json`,
          auth: `Basic ${Buffer.from(`${SID}:${TOKEN}`).toString("base64")}`,
          form: { To: "+12175550142", From: "+12175550100", Body: expectedText() },
        },
      ]);
      const refused = await post(app, `sms-templates/${template.id}/send`, admin, {
        order_id: order.id,
        to: "+15005550001",
      });
      expect(refused.statusCode).toBe(502);
      expect(refused.json().message).toBe(
        "Twilio refused the message: The 'To' number +15005550001 is not a valid phone number. (error 21211)",
      );
      // A status notification goes through Twilio too, after the write that reached the status.
      const product = await a.first("products");
      const made = await post(app, "orders", admin, {
        order_number: unique("T-"),
        customer_id: texted.id,
        ordered_at: "2026-03-02T15:00:00.000Z",
        items: [{ product_id: product.id, description: "Cards", quantity: 250 }],
      });
      expect(made.statusCode, made.body).toBe(201);
      const number = made.json().data.order_number;
      await app.scheduler.runDue();
      expect(calls.filter((c) => c.form.Body?.includes(number)).map((c) => c.form)).toEqual([
        {
          To: "+12175550142",
          From: "+12175550100",
          Body: `Hi ${texted.name}, we have your order ${number}. We will text you when your proof is ready.`,
        },
      ]);
      calls.splice(0);
      const list = (await get(app, "sms-messages?limit=20", admin)).json().data;
      expect(list.configured).toBe(true);
      expect(list.rows.filter((m: Saved) => m.order_id === made.json().data.id)).toMatchObject([
        { status: "sent", to: "+12175550142", provider_id: `SM${"a".repeat(32)}`, sent_by: null },
      ]);
      expect(list.rows.filter((m: Saved) => m.order_id === order.id).slice(0, 2)).toMatchObject([
        { status: "failed", to: "+15005550001", error: expect.stringContaining("error 21211") },
        { status: "sent", to: "+12175550142" },
      ]);
    } finally {
      await app.close();
      twilio.closeAllConnections();
      await new Promise((resolve) => twilio.close(resolve));
    }
  });
});
