import { existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, selectRows } from "../../server/db/open";
import { recordDraftFile } from "../../server/mail-tools/draft-files";
import { bytes, metadataOf, tusUpload } from "./file-uploads";
import { bearer, createTestApp, describeEachStore, signIn, type TestApp, tempDir } from "./helpers";
import { mailDates } from "./mail-dates";

// The postcard and letter tools (issue 22): a job's price (print from the product's tiers, postage from the
// tenant's editable rate table), the tools' size rules, EDDM Retail's 200–5,000 pieces a day per ZIP, a drop on
// a USPS holiday refused with its reason, the order, its item, mail order and drops made in one transaction
// (nothing written when any part is refused), saved jobs resumed by their person only, and the permissions;
// artwork uploaded to a saved job (tus, on a port) and moved to the order's files when the order is made.

type Json = Record<string, unknown>;
type Answer = { status: number; body: { data: Json & Json[]; errors?: Json[]; message?: string } };
const call = async (
  app: FastifyInstance,
  method: string,
  url: string,
  token: string,
  payload?: unknown,
): Promise<Answer> => {
  const res = await app.inject({
    method: method as "GET",
    url: `/api/v1/${url}`,
    headers: bearer(token),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  return { status: res.statusCode, body: res.statusCode === 204 ? { data: {} as never } : res.json() };
};
const n = async (db: DatabaseHandle["db"], query: ReturnType<typeof sql>) =>
  Number((await selectRows<{ n: number }>(db, query))[0].n);

const { FIRST, SECOND, HOLIDAY } = mailDates();
const MAX = 64 * 1024;

describeEachStore("postcard and letter tools", (kind) => {
  let t: TestApp;
  let db: DatabaseHandle["db"];
  let admin = "";
  let csr = "";
  let press = "";
  let other = "";
  let customer = 0;
  let list = 0;
  let product = 0;
  let template = 0;
  let base = "";
  let filesDir = "";
  const routes: Record<string, number> = {};

  const job = (change: Json = {}): Json => ({
    tool: "postcard",
    customer_id: customer,
    product_id: product,
    template_id: template,
    width: 4,
    length: 6,
    source: "list",
    list_ids: [list],
    mail_class: "marketing",
    quantity: 500,
    ...change,
  });
  const eddm = (keys: string[], change: Json = {}) =>
    job({
      source: "eddm",
      // EDDM takes flats only: a jumbo postcard.
      width: 6.25,
      length: 11,
      list_ids: [],
      route_ids: keys.map((k) => routes[k]),
      mail_class: "eddm_retail",
      quantity: undefined,
      drop_dates: [FIRST],
      ...change,
    });

  beforeAll(async () => {
    filesDir = tempDir("files");
    t = await createTestApp(kind, { config: { filesDir, maxUploadBytes: MAX } });
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const address = t.app.server.address();
    base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}/api/v1`;
    db = t.database.db;
    [admin, csr, press, other] = await Promise.all([
      signIn(t.app, "admin@pressroom.test"),
      signIn(t.app, "csr@pressroom.test"),
      signIn(t.app, "press@pressroom.test"),
      signIn(t.app, "admin@other.test", 2),
    ]);
    const [l] = await selectRows<{ id: number; customer_id: number }>(
      db,
      sql`select id, customer_id from lists where tenant_id = 1 and customer_id is not null
        and greatest(record_count, valid_count) >= 1000 order by id limit 1`,
    );
    [list, customer] = [l.id, l.customer_id];
    // A product priced for the test: $50 for 100, $300 for 1,000 (500 pieces: 500 × $0.50 = $250).
    const [p] = await selectRows<{ id: number }>(
      db,
      sql`select id from products where tenant_id = 1 order by id limit 1`,
    );
    product = p.id;
    const [tp] = await selectRows<{ id: number }>(
      db,
      sql`select id from templates where tenant_id = 1 order by id limit 1`,
    );
    template = tp.id;
    await db.execute(
      sql`update products set price_tiers = ${JSON.stringify([
        { quantity: 100, price: 50 },
        { quantity: 1000, price: 300 },
      ])}::jsonb where id = ${product}`,
    );
    // EDDM routes: ZIP 99901 with 6,000 addresses, ZIP 99902 with 150, ZIP 99903 with 1,200 in two routes.
    for (const [zip, route, total] of [
      ["99901", "C001", 3_000],
      ["99901", "C002", 3_000],
      ["99902", "C001", 150],
      ["99903", "C001", 700],
      ["99903", "C002", 500],
    ] as const) {
      const [row] = await selectRows<{ id: number }>(
        db,
        sql`insert into routes (tenant_id, zip5, carrier_route, type, residential_count, business_count, total_count, selected, created_at, updated_at, version)
          values (1, ${zip}, ${route}, 'city', ${total}, 0, ${total}, false, now(), now(), 1) returning id`,
      );
      routes[`${zip}-${route}`] = row.id;
    }
  });
  afterAll(async () => t?.dispose());

  it("prices a job: the product's tier price plus postage at the rate table's rate", async () => {
    const res = await call(t.app, "POST", "mail-tools/quote", csr, job());
    expect(res.status).toBe(200);
    // Print 500 × $0.50 = $250.00; postage 500 × $0.31 (Marketing Mail card) = $155.00.
    expect(res.body.data).toMatchObject({ pieces: 500, print: 250, rate: 0.31, postage: 155, total: 405 });
    const letter = await call(
      t.app,
      "POST",
      "mail-tools/quote",
      csr,
      job({ tool: "letter", width: 6, length: 11 }),
    );
    // 500 × $0.305 (Marketing Mail letter) = $152.50.
    expect(letter.body.data).toMatchObject({ postage: 152.5, total: 402.5 });
  });

  it("takes a tenant admin's rate table (409 on a stale version, 403 for others) and prices from it", async () => {
    // The seed saved the demo shop's table (version 1); another tenant reads the defaults (version 0).
    const read = await call(t.app, "GET", "mail-tools/rates", csr);
    expect(read.body.data.version).toBe(1);
    expect(read.body.data.rates).toContainEqual({ mail_class: "marketing", shape: "card", rate: 0.31 });
    const rates = [{ mail_class: "marketing", shape: "card", rate: 0.4 }];
    expect((await call(t.app, "PUT", "mail-tools/rates", csr, { version: 1, rates })).status).toBe(403);
    expect((await call(t.app, "PUT", "mail-tools/rates", admin, { version: 1, rates })).status).toBe(200);
    const stale = await call(t.app, "PUT", "mail-tools/rates", admin, { version: 1, rates });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toContain("Reload");
    const bad = await call(t.app, "PUT", "mail-tools/rates", admin, {
      version: 2,
      rates: [{ mail_class: "marketing", shape: "card", rate: -1 }],
    });
    expect(bad.status).toBe(400);
    // 500 × $0.40 = $200.00 postage.
    expect((await call(t.app, "POST", "mail-tools/quote", csr, job())).body.data).toMatchObject({
      postage: 200,
      total: 450,
    });
    // A class the table no longer has cannot be priced.
    const gone = await call(t.app, "POST", "mail-tools/quote", csr, job({ mail_class: "first_class" }));
    expect(gone.body.errors?.[0]).toMatchObject({ field: "mail_class" });
    const defaults = await call(t.app, "GET", "mail-tools/rates", other);
    expect(defaults.body.data.version).toBe(0);
    await call(t.app, "PUT", "mail-tools/rates", admin, { version: 2, rates: defaults.body.data.rates });
  });

  it.each([
    ["a 4.5 in wide postcard", { width: 4.5 }, "width", "A postcard is 3.5–4.25 in by 5–6 in"],
    ["a 6.5 in long postcard", { length: 6.5 }, "width", "4 × 6.5 in does not mail as one"],
    ["a letter over 11.5 in", { tool: "letter", width: 6, length: 12 }, "width", "A letter is up to 6.125"],
    ["a list job without a list", { list_ids: [] }, "list_ids", "Choose a mailing list"],
    ["EDDM Retail to a list", { mail_class: "eddm_retail" }, "mail_class", "carrier routes"],
    [
      "a 4 × 6 in postcard to EDDM routes",
      { source: "eddm", list_ids: [], route_ids: [1], mail_class: "eddm_retail" },
      "width",
      "EDDM takes only flats: a piece larger than a letter (over 6.125 in wide or 11.5 in long), up to 12 in by 15 in; 4 × 6 in mails to a list",
    ],
    [
      "a letter to EDDM routes",
      {
        tool: "letter",
        width: 6,
        length: 11,
        source: "eddm",
        list_ids: [],
        route_ids: [1],
        mail_class: "eddm_retail",
      },
      "width",
      "6 × 11 in mails to a list",
    ],
    ["more pieces than the list", { quantity: 9_000_000 }, "quantity", "Mail at most the"],
    ["no customer", { customer_id: 0 }, "customer_id", "Choose the customer"],
    ["an unknown list", { list_ids: [2_000_000] }, "list_ids", "Choose mailing lists of this customer"],
  ])("refuses %s with a sentence on its field", async (_, change: Json, field, message) => {
    const res = await call(t.app, "POST", "mail-tools/quote", csr, job(change));
    expect(res.status).toBe(400);
    const error = res.body.errors?.find((e) => e.field === field);
    expect(String(error?.message)).toContain(message);
  });

  it.each([
    ["6,000 pieces in ZIP 99901 on one day", ["99901-C001", "99901-C002"], "ZIP 99901 would get 6,000"],
    ["150 pieces in ZIP 99902", ["99902-C001"], "ZIP 99902 would get 150"],
  ])("refuses EDDM Retail with %s, naming the ZIP and the count", async (_, keys, message) => {
    const res = await call(t.app, "POST", "mail-tools/quote", csr, eddm(keys));
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ field: "route_ids", message: expect.stringContaining(message) }]);
    expect(String(res.body.errors?.[0].message)).toContain("200 to 5,000 pieces a day per ZIP");
  });

  it("takes EDDM Retail within the limit: 6,000 pieces in two drops, 3,000 a day", async () => {
    const two = await call(
      t.app,
      "POST",
      "mail-tools/quote",
      csr,
      eddm(["99901-C001", "99901-C002"], { drop_dates: [FIRST, SECOND] }),
    );
    expect(two.status).toBe(200);
    // Priced as a flat at the EDDM Retail rate of the table.
    expect(two.body.data.rate).toBe(0.247);
    expect(two.body.data.drops).toEqual([
      { drop_no: 1, scheduled_date: FIRST, quantity: 3_000 },
      { drop_no: 2, scheduled_date: SECOND, quantity: 3_000 },
    ]);
  });

  it("refuses the same EDDM Retail mailing entered as a mail order on its own page", async () => {
    const res = await call(t.app, "POST", "mail-orders", csr, {
      customer_id: customer,
      mail_class: "eddm_retail",
      shape: "flat",
      route_ids: [routes["99901-C001"], routes["99901-C002"]],
      drops: [{ drop_no: 1, scheduled_date: FIRST, quantity: 6_000 }],
    });
    expect(res.status).toBe(400);
    // A card at EDDM is refused on its shape, as the tools refuse its size.
    const card = await call(t.app, "POST", "mail-orders", csr, {
      customer_id: customer,
      mail_class: "eddm_retail",
      shape: "card",
      route_ids: [routes["99901-C001"]],
      drops: [{ drop_no: 1, scheduled_date: FIRST, quantity: 1_000 }],
    });
    expect(card.status).toBe(400);
    expect(card.body.errors).toEqual([
      {
        field: "shape",
        message:
          "EDDM takes only flats: a piece larger than a letter (over 6.125 in wide or 11.5 in long), up to 12 in by 15 in. Choose Flat",
      },
    ]);
    expect(res.body.errors).toEqual([
      {
        field: "route_ids",
        message: `EDDM Retail mails 200 to 5,000 pieces a day per ZIP: ZIP 99901 would get 6,000 on ${FIRST}`,
      },
    ]);
  });

  it("refuses a drop on a USPS holiday with its reason, and writes nothing", async () => {
    const before = await n(db, sql`select count(*)::int as n from orders`);
    const beforeMail = await n(db, sql`select count(*)::int as n from mail_orders`);
    const body = job({ drop_dates: [FIRST, HOLIDAY.date] });
    for (const url of ["mail-tools/quote", "mail-tools/orders"]) {
      const res = await call(t.app, "POST", url, csr, url.endsWith("orders") ? { job: body } : body);
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([
        {
          field: "drop_dates.1",
          message: `Drops cannot mail on a USPS holiday: ${HOLIDAY.date} is ${HOLIDAY.name}`,
        },
      ]);
    }
    expect(await n(db, sql`select count(*)::int as n from orders`)).toBe(before);
    expect(await n(db, sql`select count(*)::int as n from mail_orders`)).toBe(beforeMail);
  });

  it("creates the order, its item, its mail order and two drops in one go, and removes the saved job", async () => {
    const draft = await call(t.app, "POST", "mail-tools/drafts", csr, {
      tool: "postcard",
      step: 4,
      state: job(),
    });
    const res = await call(t.app, "POST", "mail-tools/orders", csr, {
      draft_id: draft.body.data.id,
      job: job({ drop_dates: [FIRST, SECOND] }),
    });
    expect(res.status).toBe(201);
    const made = res.body.data;
    expect(made).toMatchObject({ pieces: 500, total: 405 });
    const order = (await call(t.app, "GET", `orders/${made.order_id}`, csr)).body.data;
    // The quote: print $250.00, postage 500 × $0.31 = $155.00, total $405.00; postage is a Service line.
    expect(order).toMatchObject({ customer_id: customer, subtotal: 405, total: 405 });
    const items = order.items as Json[];
    expect(items.map((i) => [i.product_id, i.quantity, i.price, i.service_id === null])).toEqual([
      [product, 500, 250, true],
      [product, 500, 155, false],
    ]);
    expect(items[0].item_status_id).not.toBeNull();
    expect(items[1]).toMatchObject({
      item_status_id: null,
      description: "Postage: 500 pieces × $0.310, Marketing Mail card",
    });
    const [service] = await selectRows<{ name: string; pricing_unit: string }>(
      db,
      sql`select name, pricing_unit from product_services where id = ${items[1].service_id}`,
    );
    expect(service).toEqual({ name: "Postage", pricing_unit: "piece" });
    const mail = (await call(t.app, "GET", `mail-orders/${made.mail_order_id}`, csr)).body.data;
    expect(mail).toMatchObject({
      order_id: made.order_id,
      list_ids: [list],
      mail_class: "marketing",
      shape: "card",
      piece_count: 500,
      postage_estimate: 155,
    });
    expect((mail.drops as Json[]).map((d) => [d.scheduled_date, d.quantity])).toEqual([
      [FIRST, 250],
      [SECOND, 250],
    ]);
    expect((await call(t.app, "GET", `mail-tools/drafts/${draft.body.data.id}`, csr)).status).toBe(404);
  });

  it("adds a Postage service to a shop without one, and bills the letter's postage on it", async () => {
    await db.execute(
      sql`update product_services set name = 'Postage (old)' where tenant_id = 1 and name = 'Postage'`,
    );
    const res = await call(t.app, "POST", "mail-tools/orders", csr, {
      job: job({
        tool: "letter",
        width: 6,
        length: 11,
        mail_class: "first_class",
        quantity: 200,
        drop_dates: [FIRST],
      }),
    });
    expect(res.status).toBe(201);
    // Print: 200 pieces at the 100 tier's $0.50 = $100.00; postage 200 × $0.553 = $110.60.
    expect(res.body.data.total).toBe(210.6);
    const order = (await call(t.app, "GET", `orders/${res.body.data.order_id}`, csr)).body.data;
    expect(order).toMatchObject({ subtotal: 210.6, total: 210.6 });
    const [line] = (order.items as Json[]).filter((i) => i.service_id !== null);
    expect(line).toMatchObject({
      quantity: 200,
      price: 110.6,
      item_status_id: null,
      description: "Postage: 200 pieces × $0.553, First-Class letter",
    });
    const made = await selectRows<{ id: number; rate: string; category: string }>(
      db,
      sql`select id, rate, category from product_services where tenant_id = 1 and name = 'Postage'`,
    );
    expect(made.map((r) => [r.id, Number(r.rate), r.category])).toEqual([[line.service_id, 0, "mailing"]]);
  });

  it("texts the drop's number, mail order and pieces when the tool's item reaches Mailed", async () => {
    const res = await call(t.app, "POST", "mail-tools/orders", csr, {
      job: job({ quantity: 600, drop_dates: [FIRST, SECOND] }),
    });
    expect(res.status).toBe(201);
    const { order_id, mail_order_id, mail_order_number } = res.body.data;
    await db.execute(sql`update customers set contact_phone = '(217) 555-0142' where id = ${customer}`);
    // The post office took drop 2 (300 pieces); the print line was packed.
    await db.execute(
      sql`update mail_orders_drops set status = 'mailed', mailed_at = now() where parent_id = ${mail_order_id} and drop_no = 2`,
    );
    const statusId = async (code: string) =>
      (
        await selectRows<{ id: number }>(
          db,
          sql`select id from statuses where tenant_id = 1 and entity = 'order_item' and code = ${code}`,
        )
      )[0].id;
    const order = (await call(t.app, "GET", `orders/${order_id}`, csr)).body.data;
    const [print, postage] = order.items as Json[];
    await db.execute(
      sql`update orders_items set item_status_id = ${await statusId("packed")} where id = ${print.id}`,
    );
    const mailed = await call(t.app, "PATCH", `orders/${order_id}`, admin, {
      version: order.version,
      items: [{ id: print.id, item_status_id: await statusId("mailed") }, { id: postage.id }],
    });
    expect(mailed.status, JSON.stringify(mailed.body)).toBe(200);
    await t.app.scheduler.runDue();
    const texts = await selectRows<{ body: string; status: string; to: string; error: string | null }>(
      db,
      sql`select m.body, m.status, m.to, m.error from sms_messages m join sms_templates s on s.id = m.template_id
        where m.order_id = ${order_id} and s.name = 'Drop mailed'`,
    );
    expect(texts).toEqual([
      {
        body: `Drop 2 of mailing ${mail_order_number} (300 pieces) went to the post office today.`,
        status: "outbox",
        to: "+12175550142",
        error: null,
      },
    ]);
  });

  it("writes nothing when a part of the order is refused (a template not the shop's)", async () => {
    const before = await n(db, sql`select count(*)::int as n from orders`);
    const res = await call(t.app, "POST", "mail-tools/orders", csr, {
      job: job({ template_id: 2_000_000, drop_dates: [FIRST] }),
    });
    expect(res.status).toBe(400);
    expect(await n(db, sql`select count(*)::int as n from orders`)).toBe(before);
  });

  it("saves and resumes a job for its person only (409 on a stale save; 404 to others)", async () => {
    const saved = await call(t.app, "POST", "mail-tools/drafts", csr, {
      tool: "letter",
      step: 2,
      state: { width: 6 },
    });
    expect(saved.status).toBe(201);
    const id = saved.body.data.id as number;
    const next = await call(t.app, "PATCH", `mail-tools/drafts/${id}`, csr, {
      version: 1,
      step: 3,
      state: { width: 5 },
    });
    expect(next.body.data).toMatchObject({ step: 3, state: { width: 5 }, version: 2 });
    expect(
      (await call(t.app, "PATCH", `mail-tools/drafts/${id}`, csr, { version: 1, step: 1, state: {} })).status,
    ).toBe(409);
    expect((await call(t.app, "GET", `mail-tools/drafts/${id}`, csr)).body.data).toMatchObject({
      tool: "letter",
      step: 3,
    });
    expect(
      (await call(t.app, "GET", "mail-tools/drafts?tool=letter", csr)).body.data.map((d) => d.id),
    ).toContain(id);
    expect((await call(t.app, "GET", "mail-tools/drafts?tool=flyer", csr)).status).toBe(400);
    for (const token of [other, admin]) {
      expect((await call(t.app, "GET", `mail-tools/drafts/${id}`, token)).status).toBe(404);
      expect((await call(t.app, "DELETE", `mail-tools/drafts/${id}`, token)).status).toBe(404);
      expect((await call(t.app, "GET", "mail-tools/drafts", token)).body.data.map((d) => d.id)).not.toContain(
        id,
      );
    }
    expect((await call(t.app, "DELETE", `mail-tools/drafts/${id}`, csr)).status).toBe(204);
  });

  it("lists the customer's mailing lists with their counts and the EDDM routes to whoever makes mail orders", async () => {
    const lists = await call(t.app, "GET", `mail-tools/lists?customer_id=${customer}`, csr);
    expect(lists.status).toBe(200);
    const [row] = await selectRows<{ name: string; record_count: number }>(
      db,
      sql`select name, record_count from lists where id = ${list}`,
    );
    expect(lists.body.data.find((l) => l.id === list)).toMatchObject(row);
    expect(lists.body.data.every((l) => typeof l.record_count === "number")).toBe(true);
    const otherLists = await call(t.app, "GET", `mail-tools/lists?customer_id=${customer}`, other);
    expect(otherLists.body.data).toEqual([]);
    const picked = (await call(t.app, "GET", "mail-tools/routes", csr)).body.data.filter((r) =>
      String(r.zip5).startsWith("999"),
    );
    expect(picked.map((r) => [r.zip5, r.carrier_route, r.total_count])).toEqual([
      ["99901", "C001", 3_000],
      ["99901", "C002", 3_000],
      ["99902", "C001", 150],
      ["99903", "C001", 700],
      ["99903", "C002", 500],
    ]);
    expect(
      (await call(t.app, "GET", "mail-tools/routes", other)).body.data.some((r) => r.zip5 === "99901"),
    ).toBe(false);
  });

  it("refuses pricing and creating to a person who may not create orders (403)", async () => {
    expect((await call(t.app, "GET", "mail-tools/routes", press)).status).toBe(403);
    expect((await call(t.app, "GET", `mail-tools/lists?customer_id=${customer}`, press)).status).toBe(403);
    expect((await call(t.app, "POST", "mail-tools/quote", press, job())).status).toBe(403);
    expect(
      (await call(t.app, "POST", "mail-tools/orders", press, { job: job({ drop_dates: [FIRST] }) })).status,
    ).toBe(403);
  });

  describe("uploaded artwork", () => {
    const draftOf = async (tool = "postcard") =>
      (await call(t.app, "POST", "mail-tools/drafts", csr, { tool, step: 1, state: job({ tool }) })).body.data
        .id as number;
    const meta = (draft: number, side: string, filename: string, filetype: string) => ({
      draft_id: String(draft),
      side,
      kind: "artwork",
      filename,
      filetype,
    });
    /** A tus creation as the app sends it; the server answers before any byte is sent. */
    const create = (token: string, size: number, m: Record<string, string>) =>
      fetch(`${base}/uploads/shop`, {
        method: "POST",
        headers: {
          authorization: `Bearer ${token}`,
          "tus-resumable": "1.0.0",
          "upload-length": String(size),
          "upload-metadata": metadataOf(m),
        },
      });
    const kept = (draft: number) =>
      n(db, sql`select count(*)::int as n from mail_tool_draft_files where draft_id = ${draft}`);
    const keyOf = async (draft: number, side: string) =>
      (
        await selectRows<{ storage_key: string }>(
          db,
          sql`select storage_key from mail_tool_draft_files where draft_id = ${draft} and side = ${side}`,
        )
      )[0].storage_key;
    /** Whether the embedded store still holds the object. */
    const stored = (key: string) => existsSync(join(filesDir, "shop", key));

    it("keeps a saved job's front and back, shows them on resuming, and moves them to the order's files", async () => {
      const draft = await draftOf();
      const front = bytes(40 * 1024);
      await tusUpload(base, csr, front, meta(draft, "front", "front.pdf", "application/pdf"));
      await tusUpload(base, csr, bytes(1000, 3), meta(draft, "back", "back.png", "image/png"));
      // A second front replaces the first, whose object is removed from the store.
      const first = await keyOf(draft, "front");
      expect(stored(first)).toBe(true);
      await tusUpload(base, csr, bytes(2000, 5), meta(draft, "front", "front-v2.jpg", "image/jpeg"));
      expect(stored(first)).toBe(false);
      const resumed = await call(t.app, "GET", `mail-tools/drafts/${draft}`, csr);
      expect(
        (resumed.body.data.files as Json[]).map((f) => [f.side, f.name, f.content_type, f.size]),
      ).toEqual([
        ["front", "front-v2.jpg", "image/jpeg", 2000],
        ["back", "back.png", "image/png", 1000],
      ]);
      const res = await call(t.app, "POST", "mail-tools/orders", csr, {
        draft_id: draft,
        job: job({ template_id: null, drop_dates: [FIRST] }),
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      const order = (await call(t.app, "GET", `orders/${res.body.data.order_id}`, csr)).body.data;
      const printId = (order.items as Json[])[0].id;
      const files = await selectRows<{
        name: string;
        kind: string;
        order_item_id: number;
        size: number;
        storage_key?: string;
      }>(
        db,
        sql`select name, kind, order_item_id, size::int as size, storage_key from order_files
          where order_id = ${order.id} order by name`,
      );
      // The same stored objects, now the order's.
      expect(files.every((f) => f.storage_key && stored(f.storage_key))).toBe(true);
      for (const f of files) delete f.storage_key;
      expect(files).toEqual([
        { name: "back.png", kind: "artwork", order_item_id: printId, size: 1000 },
        { name: "front-v2.jpg", kind: "artwork", order_item_id: printId, size: 2000 },
      ]);
      expect(await kept(draft)).toBe(0);
      // The order desk's file list shows them, preflight queued (pending or done).
      const listed = await fetch(`${base}/order-files?order_id=${order.id}`, { headers: bearer(csr) });
      expect(((await listed.json()) as { meta: { total: number } }).meta.total).toBe(2);
    });

    it.each([
      ["a file of the wrong type", "front", "front.tif", "image/tiff", 100, 400, "printable artwork"],
      ["a file too large", "front", "front.pdf", "application/pdf", MAX + 1, 413, "at most 0.1 MB"],
      ["a letter's back", "back", "back.pdf", "application/pdf", 100, 400, "front only"],
    ])("refuses %s with a sentence and keeps nothing", async (_, side, name, type, size, status, words) => {
      const draft = await draftOf(side === "back" ? "letter" : "postcard");
      const res = await create(csr, size, meta(draft, side, name, type));
      expect(res.status).toBe(status);
      expect(JSON.stringify(await res.json())).toContain(words);
      expect(await kept(draft)).toBe(0);
    });

    it("keeps nothing of a file whose saved job was deleted while it uploaded", async () => {
      const draft = await draftOf();
      const created = await create(csr, 1000, meta(draft, "front", "front.pdf", "application/pdf"));
      expect(created.status).toBe(201);
      const location = new URL(created.headers.get("location") ?? "", base).toString();
      expect((await call(t.app, "DELETE", `mail-tools/drafts/${draft}`, csr)).status).toBe(204);
      // Its next bytes find no job.
      const sent = await fetch(location, {
        method: "PATCH",
        headers: {
          authorization: `Bearer ${csr}`,
          "tus-resumable": "1.0.0",
          "upload-offset": "0",
          "content-type": "application/offset+octet-stream",
        },
        body: bytes(1000),
      });
      expect(sent.status).toBe(404);
      // Deleted between the last bytes' check and the file's row: a 409 with a sentence, the object discarded.
      const key = `t1-orphan-${draft}`;
      writeFileSync(join(filesDir, "shop", key), bytes(10));
      const row = recordDraftFile(t.app, {
        tenantId: 1,
        userId: 1,
        draftId: draft,
        side: "front",
        bucket: "shop",
        key,
        name: "front.pdf",
        contentType: "application/pdf",
        size: 10,
      });
      await expect(row).rejects.toMatchObject({
        statusCode: 409,
        message: "This saved job was deleted while the file was uploading: nothing was kept",
      });
      expect(stored(key)).toBe(false);
      expect(await kept(draft)).toBe(0);
    });

    it("refuses an upload to a saved job of another person or tenant (404)", async () => {
      const draft = await draftOf();
      for (const token of [admin, other]) {
        const res = await create(token, 100, meta(draft, "front", "front.pdf", "application/pdf"));
        expect(res.status).toBe(404);
      }
      expect(await kept(draft)).toBe(0);
    });

    it("refuses to make the order with neither a template nor a front file", async () => {
      const before = await n(db, sql`select count(*)::int as n from orders`);
      const draft = await draftOf();
      await tusUpload(base, csr, bytes(500), meta(draft, "back", "back.pdf", "application/pdf"));
      for (const body of [
        { job: job({ template_id: null, drop_dates: [FIRST] }) },
        { draft_id: draft, job: job({ template_id: null, drop_dates: [FIRST] }) },
      ]) {
        const res = await call(t.app, "POST", "mail-tools/orders", csr, body);
        expect(res.status).toBe(400);
        expect(res.body.errors).toEqual([
          { field: "template_id", message: "Choose a template or upload the front artwork" },
        ]);
      }
      expect(await n(db, sql`select count(*)::int as n from orders`)).toBe(before);
      // The back file can be removed from the job, its object with it; deleting a job discards its files.
      const back = await keyOf(draft, "back");
      const files = (await call(t.app, "GET", `mail-tools/drafts/${draft}`, csr)).body.data.files as Json[];
      expect(
        (await call(t.app, "DELETE", `mail-tools/drafts/${draft}/files/${files[0].id}`, other)).status,
      ).toBe(404);
      expect(
        (await call(t.app, "DELETE", `mail-tools/drafts/${draft}/files/${files[0].id}`, csr)).status,
      ).toBe(204);
      expect(await kept(draft)).toBe(0);
      expect(stored(back)).toBe(false);
      await tusUpload(base, csr, bytes(500), meta(draft, "front", "front.pdf", "application/pdf"));
      const front = await keyOf(draft, "front");
      expect((await call(t.app, "DELETE", `mail-tools/drafts/${draft}`, csr)).status).toBe(204);
      expect(await kept(draft)).toBe(0);
      expect(stored(front)).toBe(false);
    });
  });
});
