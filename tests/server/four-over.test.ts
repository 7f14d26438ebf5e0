import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { four_over_jobs, scheduled_jobs } from "../../server/db/schema";
import { type Api, demoStaff, type Saved, status, unique } from "./domain-fixtures";
import {
  FOUR_OVER_PRIVATE,
  FOUR_OVER_PUBLIC,
  type FourOverState,
  OPTIONS,
  PRODUCT_UUID,
  startFourOver,
} from "./four-over-server";
import { createTestApp, describeEachStore, type TestApp } from "./helpers";

// Issue 22, /4-over-tool's server against a local 4over (four-over-server.ts): the sentence without keys, a
// refused signature, the preview (mapped product, options, shipping quote), submit storing 4over's job id on the
// order with its change log, a second submit refused, another tenant's item a 404, the status and tracking poll
// (the durable scheduler's job and the Refresh status button), and a "Sending" whose answer was lost resolved.

type Row = Record<string, unknown>;
const NOT_CONFIGURED =
  "4over is not configured: add its public and private keys to the 4over integration under Integrations";

describeEachStore("4over tool (%s)", (dbKind) => {
  let t: TestApp;
  let admin: Api;
  let press: Api;
  let other: Api;
  let fourOver: { url: string; state: FourOverState; stop(): Promise<void> };
  let integration: Saved;
  let order: Saved;
  let itemId: number;
  let oddItemId: number;

  beforeAll(async () => {
    // The API's address is the server's (FOUR_OVER_API_URL): a tenant's settings may name only 4over's own hosts.
    fourOver = await startFourOver();
    t = await createTestApp(dbKind, { config: { fourOverApiUrl: fourOver.url } });
    await t.app.ready();
    ({ admin, press, other } = await demoStaff(t.app));
    integration = await admin.first("integrations", "kind=four_over");
    const sku = unique("TR-BC-");
    const site = await admin.first("sites");
    const type = await admin.first("product-types");
    const product = await admin.create("products", {
      sku,
      name: "Foil business cards",
      site_id: site.id,
      product_type_id: type.id,
    });
    await admin.create("maps", {
      name: "4over: test cards",
      kind: "four_over_product",
      source_key: sku,
      target_key: PRODUCT_UUID,
    });
    await admin.create("maps", {
      name: "4over: 16pt matte",
      kind: "four_over_product",
      source_key: "paper:16pt-matte-test",
      target_key: "16PT Matte",
    });
    const customer = await admin.create("customers", {
      name: unique("Trade Co "),
      contact_email: "buyer@trade.test",
    });
    const address = await admin.create("customer-addresses", {
      customer_id: customer.id,
      kind: "shipping",
      company: "Trade Co",
      attention: "Jamie Buyer",
      street1: "100 Main St",
      city: "Springfield",
      state: "IL",
      postal_code: "62701",
      phone: "(217) 555-0142",
    });
    const approved = await status(admin, "order_item", "approved");
    order = await admin.create("orders", {
      order_number: unique("W-"),
      customer_id: customer.id,
      ship_to_id: address.id,
      ordered_at: "2026-03-02T15:00:00.000Z",
      items: [
        {
          product_id: product.id,
          description: "Foil cards",
          quantity: 500,
          color_spec: "4/4",
          options: { paper: "16pt-matte-test" },
          item_status_id: approved.id,
          artwork: [{ name: "front.pdf", url: "https://files.example.com/front.pdf", side: "front" }],
        },
        {
          product_id: product.id,
          description: "Odd run",
          quantity: 300,
          color_spec: "4/4",
          item_status_id: approved.id,
        },
      ],
    });
    itemId = (order.items as Saved[])[0]?.id as number;
    oddItemId = (order.items as Saved[])[1]?.id as number;
  });
  afterAll(async () => {
    await fourOver?.stop();
    await t?.dispose();
  });

  const configure = (privateKey: string) =>
    admin.update("integrations", integration.id, {
      credentials: { public_key: FOUR_OVER_PUBLIC, private_key: privateKey },
    });

  it("without keys, lists the candidates with the sentence and refuses to reach 4over", async () => {
    const list = await admin.call("GET", "four-over/items?state=candidate");
    expect(list.statusCode, list.body).toBe(200);
    const data = list.json().data as { configured: boolean; message: string; rows: Row[] };
    expect(data).toMatchObject({ configured: false, message: NOT_CONFIGURED });
    expect(data.rows.filter((r) => r.order_id === order.id).map((r) => r.item_id)).toEqual([
      itemId,
      oddItemId,
    ]);
    expect(data.rows.find((r) => r.item_id === itemId)).toMatchObject({
      four_over_product: PRODUCT_UUID,
      status: null,
    });
    for (const action of ["preview", "refresh"]) {
      const res = await admin.call("POST", `four-over/items/${itemId}/${action}`);
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toBe(NOT_CONFIGURED);
    }
    const submit = await admin.call("POST", `four-over/items/${itemId}/submit`, {
      version: order.version,
      shipping_code: "03",
    });
    expect(submit.statusCode).toBe(503);
    expect(fourOver.state.calls).toEqual([]);
  });

  it("a wrong private key is refused by 4over's signature check, as a 502 sentence", async () => {
    await configure("not-the-private-key");
    const res = await admin.call("POST", `four-over/items/${itemId}/preview`);
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toBe(
      "4over refused the request (401): Invalid API key or signature: check the public and private keys of the 4over integration",
    );
    expect(res.body).not.toContain("at ");
  });

  it("previews the mapped product, the options chosen and 4over's shipping quote", async () => {
    await configure(FOUR_OVER_PRIVATE);
    fourOver.state.calls.length = 0;
    const res = await admin.call("POST", `four-over/items/${itemId}/preview`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      product_uuid: PRODUCT_UUID,
      chosen: [
        { group: "Runsize", option: "500" },
        { group: "Colorspec", option: "4/4" },
        { group: "Turn Around Time", option: "2 - 4 Business Days" },
        { group: "Stock", option: "16PT Matte" },
      ],
      unmapped: [],
      ship_to: {
        company: "Trade Co",
        firstname: "Jamie",
        lastname: "Buyer",
        email: "buyer@trade.test",
        phone: expect.stringContaining("555"),
        address: "100 Main St",
        address2: "",
        city: "Springfield",
        state: "IL",
        zipcode: "62701",
        country: "US",
      },
      shipping_options: [
        { code: "03", name: "UPS Ground", price: 14.53 },
        { code: "02", name: "UPS 2nd Day Air", price: 41.1 },
      ],
      files: { fr: "https://files.example.com/front.pdf" },
      test_order: false,
      sent: false,
    });
    expect(fourOver.state.calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      `GET /printproducts/products/${PRODUCT_UUID}/optiongroups`,
      "POST /shippingquote",
    ]);
    const odd = await admin.call("POST", `four-over/items/${oddItemId}/preview`);
    expect(odd.statusCode).toBe(409);
    expect(odd.json().message).toBe(
      `Item 2 of ${order.order_number} cannot go to 4over as it is. 4over prints this product in runs of 250, 500, 1,000: change the item's quantity (300) to one of them`,
    );
  });

  it("submits: 4over's job id on the order with its change log; a second submit is a 409", async () => {
    expect(
      (
        await press.call("POST", `four-over/items/${itemId}/submit`, {
          version: order.version,
          shipping_code: "03",
        })
      ).statusCode,
    ).toBe(403);
    const stale = await admin.call("POST", `four-over/items/${itemId}/submit`, {
      version: order.version + 5,
      shipping_code: "03",
    });
    expect(stale.statusCode).toBe(409);
    fourOver.state.calls.length = 0;
    const res = await admin.call("POST", `four-over/items/${itemId}/submit`, {
      version: order.version,
      shipping_code: "03",
    });
    expect(res.statusCode, res.body).toBe(201);
    const jobId = "Z40000001-001";
    expect(res.json().data.message).toBe(`Item 1 of ${order.order_number} went to 4over as job ${jobId}`);
    expect(res.json().data.item).toMatchObject({
      job_id: jobId,
      status: "Submitted",
      reference: `${order.order_number}-1`,
    });
    const placed = fourOver.state.calls.find((c) => c.path === "/orders");
    expect(placed?.body).toEqual({
      order_id: `${order.order_number}-1`,
      is_test_order: false,
      skip_conformation: true,
      jobs: [
        {
          product_uuid: PRODUCT_UUID,
          runsize_uuid: OPTIONS.run500,
          turnaroundtime_uuid: OPTIONS.tat,
          colorspec_uuid: OPTIONS.c44,
          option_uuids: [OPTIONS.matte],
          dropship: false,
          files: {
            set_001: {
              job_name: `${order.order_number}-1 Foil cards`,
              files: { fr: "https://files.example.com/front.pdf" },
            },
          },
          ship_to: expect.objectContaining({ company: "Trade Co", zipcode: "62701" }),
          shipper: { shipping_method: "UPS Ground", shipping_code: "03" },
        },
      ],
    });
    const saved = await admin.get("orders", order.id);
    expect(saved.four_over_order_id).toBe(jobId);
    expect(saved.version).toBe(order.version + 1);
    const log = await admin.call("GET", `orders/${order.id}/change-logs`);
    expect(log.body).toContain(`item 1 sent to 4over as job ${jobId}`);

    const again = await admin.call("POST", `four-over/items/${itemId}/submit`, {
      version: saved.version,
      shipping_code: "03",
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(
      `Item 1 of ${order.order_number} went to 4over already, as job ${jobId}`,
    );
    const sent = (await admin.call("GET", "four-over/items?state=sent")).json().data.rows as Row[];
    expect(sent.map((r) => r.item_id)).toContain(itemId);
    const candidates = (await admin.call("GET", "four-over/items?state=candidate")).json().data.rows as Row[];
    expect(candidates.map((r) => r.item_id)).not.toContain(itemId);
  });

  it("another tenant's item is a 404 to every call; the press operator (Order ReadOwn) gets a 403", async () => {
    for (const [method, path] of [
      ["GET", `four-over/items/${itemId}`],
      ["POST", `four-over/items/${itemId}/preview`],
      ["POST", `four-over/items/${itemId}/refresh`],
      ["POST", `four-over/items/${oddItemId}/submit`],
    ] as const) {
      const res = await other.call(
        method,
        path,
        method === "POST" ? { version: 1, shipping_code: "03" } : undefined,
      );
      expect(res.statusCode, `${method} ${path}`).toBe(404);
    }
    const theirs = (await other.call("GET", "four-over/items")).json().data as {
      configured: boolean;
      rows: Row[];
    };
    expect(theirs.configured).toBe(false);
    expect(theirs.rows.some((r) => r.order_id === order.id)).toBe(false);
    expect((await press.call("GET", "four-over/items")).statusCode).toBe(403);
  });

  it("the scheduler's poll, then Refresh status, bring 4over's statuses and tracking number onto the item", async () => {
    const jobId = "Z40000001-001";
    const job = fourOver.state.jobs.get(jobId);
    if (!job) throw new Error("4over has no such job");
    const polls = await t.database.db
      .select()
      .from(scheduled_jobs)
      .where(eq(scheduled_jobs.kind, "four_over_poll"));
    expect(polls).toHaveLength(1);
    const [first] = polls;
    if (!first) throw new Error("no poll was scheduled");
    expect(first).toMatchObject({ tenant_id: 1, subject_id: itemId, state: "scheduled" });
    // Two hours after the submit (the poll's wait), not before.
    expect(first.run_at.getTime() - Date.now()).toBeGreaterThan(7_100_000);
    job.statuses.push("Print Ready");
    expect(await t.app.scheduler.runNow(first.id, new Date(Date.now() + 7_300_000))).toBe("done");
    const polled = (await admin.call("GET", `four-over/items/${itemId}`)).json().data.item as Row;
    expect(polled).toMatchObject({ status: "Print Ready", tracking: null });
    expect(polled.polled_at).not.toBeNull();
    const next = await t.database.db
      .select()
      .from(scheduled_jobs)
      .where(eq(scheduled_jobs.kind, "four_over_poll"));
    expect(next.map((j) => j.state).sort()).toEqual(["done", "scheduled"]);

    job.statuses.push("Shipped");
    job.tracking.push("1Z999AA10123456784");
    const res = await admin.call("POST", `four-over/items/${itemId}/refresh`);
    expect(res.statusCode, res.body).toBe(200);
    const item = res.json().data.item as Row;
    expect(item).toMatchObject({ status: "Shipped", tracking: "1Z999AA10123456784" });
    expect((item.history as { status: string }[]).map((h) => h.status)).toEqual([
      "Submitted",
      "Order Received",
      "Print Ready",
      "Shipped",
    ]);
    const one = (await admin.call("GET", `four-over/items/${itemId}`)).json().data.item as Row;
    expect(one).toMatchObject({ status: "Shipped", tracking: "1Z999AA10123456784", job_id: jobId });
    const notSent = await admin.call("POST", `four-over/items/${oddItemId}/refresh`);
    expect(notSent.statusCode).toBe(409);
    expect(notSent.json().message).toBe(
      `Item 2 of ${order.order_number} has not been sent to 4over: send it first`,
    );
  });

  it("resolves a “Sending” whose answer was lost: the job found on 4over recorded, or the attempt dropped to send again", async () => {
    // The process ended between 4over's answer and our write: the claim (our reference) is all that was kept.
    const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);
    const claim = () =>
      t.database.db.insert(four_over_jobs).values({
        tenant_id: 1,
        order_id: order.id,
        item_id: oddItemId,
        reference: `${order.order_number}-2`,
        job_id: "",
        product_uuid: PRODUCT_UUID,
        created_at: minutesAgo(1),
      });
    const age = (minutes: number) =>
      t.database.db
        .update(four_over_jobs)
        .set({ created_at: minutesAgo(minutes) })
        .where(eq(four_over_jobs.item_id, oddItemId));
    const item = async () =>
      (await admin.call("GET", `four-over/items/${oddItemId}`)).json().data.item as Row;
    const recover = (body: unknown, who = admin) =>
      who.call("POST", `four-over/items/${oddItemId}/recover`, body);
    const label = `Item 2 of ${order.order_number}`;
    await claim();
    expect(await item()).toMatchObject({ status: "Sending", stale: false, job_id: null });
    // A minute old: it may still be answered.
    const early = await recover({ resend: true });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(
      `${label} is still being sent to 4over: wait a few minutes for its answer, then look again`,
    );
    await age(10);
    expect(await item()).toMatchObject({ status: "Sending", stale: true });
    const blocked = await admin.call("POST", `four-over/items/${oddItemId}/submit`, {
      version: order.version,
      shipping_code: "03",
    });
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().message).toBe(
      `${label} was sent to 4over but its answer was lost: look up ${order.order_number}-2 on 4over and resolve it on the item's page`,
    );
    expect((await recover({ resend: true }, press)).statusCode).toBe(403);
    expect((await recover({})).statusCode).toBe(400);
    // A job 4over does not have is not recorded.
    const unknown = await recover({ job_id: "Z49999999-001" });
    expect(unknown.statusCode).toBe(409);
    expect(unknown.json().message).toContain("4over did not find job Z49999999-001");
    expect(await item()).toMatchObject({ status: "Sending", job_id: null });
    // 4over has no order under the reference: dropped, the item may be sent again.
    const resent = await recover({ resend: true });
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json().data.message).toBe(`${label} can be sent to 4over again`);
    expect(resent.json().data.item).toMatchObject({ status: null, reference: null, stale: false });
    // Again, and this time 4over has the order: its job is recorded as the submit would have, and polled.
    await claim();
    await age(10);
    fourOver.state.jobs.set("Z49999999-001", { statuses: ["Order Received"], tracking: [] });
    const found = await recover({ job_id: "Z49999999-001" });
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json().data.message).toBe(`${label} is recorded as 4over job Z49999999-001`);
    expect(found.json().data.item).toMatchObject({
      job_id: "Z49999999-001",
      status: "Submitted",
      stale: false,
    });
    const log = await admin.call("GET", `orders/${order.id}/change-logs`);
    expect(log.body).toContain("item 2 sent to 4over as job Z49999999-001");
    const polls = await t.database.db
      .select()
      .from(scheduled_jobs)
      .where(eq(scheduled_jobs.subject_id, oddItemId));
    expect(polls.map((p) => p.kind)).toEqual(["four_over_poll"]);
    expect((await recover({ resend: true })).statusCode).toBe(409);
  });
});
