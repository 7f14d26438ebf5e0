import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkImport } from "../../server/resources/csv-import";
import { loadRegistry } from "../../server/resources/model";
import { type Api, api, expectFieldError, type Json, type Saved, status, unique } from "./domain-fixtures";
import { bearer, createTestApp, describeEachStore, signIn, type TestApp } from "./helpers";

// Issue 16, class 9 (sites), class 10 (credit and activity) and class 7's loose ends (an order
// with work in production cannot be deleted; the CSV import keeps the API's rules). Each wrong
// write is refused through the API with its message; the right one passes. Figures by hand.

describeEachStore("site, credit and activity rules (%s)", (dbKind) => {
  let t: TestApp;
  let a: Api;
  let token: string;
  let storefront: Saved;
  let portal: Saved;
  let productType: Saved;
  let templateType: Saved;

  beforeAll(async () => {
    t = await createTestApp(dbKind);
    await t.app.ready();
    token = await signIn(t.app, "admin@pressroom.test");
    a = api(t.app, token);
    storefront = await a.first("sites", "search=Storefront");
    portal = await a.first("sites", "search=Portal");
    productType = await a.first("product-types");
    templateType = await a.first("template-types");
  });
  afterAll(() => t?.dispose());

  const refused = (
    res: { statusCode: number; json(): unknown; body: string },
    code: number,
    message: string,
  ) => {
    expect(res.statusCode, res.body).toBe(code);
    expect((res.json() as { message: string }).message).toBe(message);
  };
  const patch = async (path: string, id: number, body: Json) => {
    const { version } = await a.get(path, id);
    return a.call("PATCH", `${path}/${id}`, { ...body, version });
  };
  const product = (site: Saved, extra: Json = {}) =>
    a.create("products", {
      sku: unique("S-"),
      name: "Flyer 8.5×11",
      site_id: site.id,
      product_type_id: productType.id,
      ...extra,
    });
  const template = (site: Saved, name = unique("Design ")) =>
    a.create("templates", { name, site_id: site.id, template_type_id: templateType.id });
  const customer = (extra: Json = {}) =>
    a.create("customers", { name: unique("Buyer "), status: "active", ...extra });
  const orderBody = (who: Saved, lines: Json[], extra: Json = {}): Json => ({
    customer_id: who.id,
    ordered_at: "2026-03-02T15:00:00.000Z",
    items: lines.map((line) => ({ description: "Flyers", quantity: 500, price: 100, ...line })),
    ...extra,
  });

  describe("sites (class 9)", () => {
    it("keeps a product's templates and categories on its site", async () => {
      const own = await template(storefront);
      const other = await template(portal);
      const res = await a.call("POST", "products", {
        sku: unique("S-"),
        name: "Card",
        site_id: storefront.id,
        product_type_id: productType.id,
        template_ids: [own.id, other.id],
      });
      expectFieldError(res, "template_ids", "Templates must be a template of the product's site");
      const otherCategory = await a.create("product-categories", {
        name: unique("Cat "),
        slug: unique("cat-").toLowerCase(),
        site_id: portal.id,
      });
      const cat = await a.call("POST", "products", {
        sku: unique("S-"),
        name: "Card",
        site_id: storefront.id,
        product_type_id: productType.id,
        category_ids: [otherCategory.id],
      });
      expectFieldError(cat, "category_ids", "Categories must be a product category of the product's site");
      const ok = await product(storefront, { template_ids: [own.id] });
      expect(ok.template_ids).toEqual([own.id]);
      // Moving the product while it keeps the old site's template is the same mismatch.
      const moved = await patch("products", ok.id, { site_id: portal.id });
      expectFieldError(moved, "template_ids", "Templates must be a template of the product's site");
    });

    it("keeps an order's items on the order's site's products and templates", async () => {
      const buyer = await customer();
      const mine = await product(storefront);
      const theirs = await product(portal);
      const design = await template(portal);
      const wrong = await a.call(
        "POST",
        "orders",
        orderBody(buyer, [{ product_id: theirs.id }], { site_id: storefront.id }),
      );
      expectFieldError(wrong, "items.0.product_id", "Product must be a product of the order's site");
      const wrongTemplate = await a.call(
        "POST",
        "orders",
        orderBody(buyer, [{ product_id: mine.id, template_id: design.id }], { site_id: storefront.id }),
      );
      expectFieldError(
        wrongTemplate,
        "items.0.template_id",
        "Template must be a template of the order's site",
      );
      const ok = await a.call(
        "POST",
        "orders",
        orderBody(buyer, [{ product_id: mine.id }], { site_id: storefront.id }),
      );
      expect(ok.statusCode, ok.body).toBe(201);
    });

    it("keeps a template on its site while that site's products or orders link it", async () => {
      const name = unique("Linked ");
      const design = await template(storefront, name);
      await product(storefront, { template_ids: [design.id] });
      refused(
        await patch("templates", design.id, { site_id: portal.id }),
        409,
        `Template "${name}" is linked by 1 product of ${storefront.name}: it cannot move to another site while they link it`,
      );
      const buyer = await customer();
      const plain = await product(storefront);
      await a.create(
        "orders",
        orderBody(buyer, [{ product_id: plain.id, template_id: design.id }], { site_id: storefront.id }),
      );
      refused(
        await patch("templates", design.id, { site_id: portal.id }),
        409,
        `Template "${name}" is linked by 1 product and 1 order of ${storefront.name}: it cannot move to another site while they link it`,
      );
      const free = await template(storefront);
      const res = await patch("templates", free.id, { site_id: portal.id });
      expect(res.statusCode, res.body).toBe(200);
    });

    it("keeps a product on its site while that site's orders carry it", async () => {
      const carried = await product(storefront);
      const buyer = await customer();
      await a.create("orders", orderBody(buyer, [{ product_id: carried.id }], { site_id: storefront.id }));
      await a.create("orders", orderBody(buyer, [{ product_id: carried.id }], { site_id: storefront.id }));
      refused(
        await patch("products", carried.id, { site_id: portal.id }),
        409,
        `Product ${carried.sku} (Flyer 8.5×11) is linked by 2 orders of ${storefront.name}: it cannot move to another site while they link it`,
      );
      const idle = await product(storefront);
      const res = await patch("products", idle.id, { site_id: portal.id });
      expect(res.statusCode, res.body).toBe(200);
    });
  });

  describe("credit and activity (class 10)", () => {
    let item: Saved;
    beforeAll(async () => {
      item = await product(storefront);
    });
    const who = (c: Saved) => `Customer ${c.customer_number} (${c.name})`;
    const order = (c: Saved, price: number) =>
      a.call("POST", "orders", orderBody(c, [{ product_id: item.id, price }]));

    it("takes no order for an inactive customer, nor moves one to them", async () => {
      const gone = await customer({ status: "inactive" });
      refused(
        await order(gone, 100),
        409,
        `${who(gone)} is inactive: an inactive customer takes no new orders`,
      );
      const buyer = await customer();
      const res = await order(buyer, 100);
      expect(res.statusCode, res.body).toBe(201);
      const placed = res.json().data as Saved;
      refused(
        await patch("orders", placed.id, { customer_id: gone.id }),
        409,
        `${who(gone)} is inactive: an inactive customer takes no new orders`,
      );
      const prospect = await customer({ status: "prospect" });
      expect((await order(prospect, 100)).statusCode).toBe(201);
    });

    it("takes no new order, and no rise of a total, on credit hold", async () => {
      const buyer = await customer({ credit_limit: 10 });
      const held = await a.update("customers", buyer.id, { status: "credit_hold" });
      refused(
        await order(held, 5000),
        409,
        `${who(held)} is on credit hold: no new orders until the hold is lifted`,
      );
      // An order taken before the hold may shrink, not grow.
      const before = await customer();
      const placed = (await order(before, 100)).json().data as Saved;
      await a.update("customers", before.id, { status: "credit_hold" });
      const [line] = (await a.get("orders", placed.id)).items as Saved[];
      refused(
        await patch("orders", placed.id, { items: [{ id: line.id, price: 150 }] }),
        409,
        `${who(before)} is on credit hold: the total of ${placed.order_number} cannot rise from $100.00 to $150.00 until the hold is lifted`,
      );
      const lower = await patch("orders", placed.id, { items: [{ id: line.id, price: 80 }] });
      expect(lower.statusCode, lower.body).toBe(200);
      expect(lower.json().data.total).toBe(80);
    });

    it("keeps the open balance within the credit limit", async () => {
      const buyer = await customer({ credit_limit: 1000 });
      const first = await order(buyer, 600);
      expect(first.statusCode, first.body).toBe(201);
      const over = await order(buyer, 500);
      expect(over.statusCode).toBe(409);
      expect(over.json().message).toMatch(
        new RegExp(
          `^${who(buyer).replace(/[()]/g, "\\$&")} would owe \\$1,100\\.00 on open orders with [\\w-]+, above their credit limit of \\$1,000\\.00$`,
        ),
      );
      const fits = await order(buyer, 400);
      expect(fits.statusCode, fits.body).toBe(201);
      // A cancelled order owes nothing: its amount leaves the open balance.
      const placed = first.json().data as Saved;
      const [line] = placed.items as Saved[];
      const cancelled = (await status(a, "order_item", "cancelled")).id;
      const cancel = await patch("orders", placed.id, {
        items: [{ id: line.id, item_status_id: cancelled }],
      });
      expect(cancel.statusCode, cancel.body).toBe(200);
      expect((await order(buyer, 600)).statusCode).toBe(201);
      // No limit (0) bounds nothing.
      const open = await customer({ credit_limit: 0 });
      expect((await order(open, 250_000)).statusCode).toBe(201);
    });

    it("puts no inactive product on a new line; existing lines stay", async () => {
      const buyer = await customer();
      const retired = await product(storefront, { active: false });
      const res = await a.call(
        "POST",
        "orders",
        orderBody(buyer, [{ product_id: item.id }, { product_id: retired.id }]),
      );
      expectFieldError(
        res,
        "items.1.product_id",
        `Product ${retired.sku} (Flyer 8.5×11) is inactive: it cannot go on a new line`,
      );
      const later = await product(storefront);
      const placed = await a.create("orders", orderBody(buyer, [{ product_id: later.id }]));
      await a.update("products", later.id, { active: false });
      const [line] = placed.items as Saved[];
      const kept = await patch("orders", placed.id, { items: [{ id: line.id, quantity: 750 }] });
      expect(kept.statusCode, kept.body).toBe(200);
      const added = await patch("orders", placed.id, {
        items: [{ id: line.id }, { product_id: later.id, description: "More", quantity: 100, price: 10 }],
      });
      expectFieldError(
        added,
        "items.1.product_id",
        `Product ${later.sku} (Flyer 8.5×11) is inactive: it cannot go on a new line`,
      );
    });
  });

  describe("the seeded data keeps these rules", () => {
    const count = async (query: string) =>
      ((await t.database.db.execute(sql.raw(query))) as unknown as { rows: { n: number }[] }).rows[0].n;

    it("links products only to their own site's templates and categories", async () => {
      for (const [column, table] of [
        ["template_ids", "templates"],
        ["category_ids", "product_categories"],
      ]) {
        const n = await count(`select count(*)::int as n from products p
          join ${table} x on x.id = any(p.${column}) where x.site_id is distinct from p.site_id`);
        expect(n, column).toBe(0);
      }
    });

    it("keeps every customer's open balance within their credit limit", async () => {
      const n = await count(`select count(*)::int as n from (
          select c.id from customers c join orders o on o.customer_id = c.id
          left join statuses s on s.id = o.status_id
          where c.credit_limit > 0 and (s.category is null or s.category not in ('cancelled', 'complete'))
          group by c.id, c.credit_limit having sum(o.amount_due) > c.credit_limit) over`);
      expect(n).toBe(0);
    });
  });

  describe("statuses (class 7's loose ends)", () => {
    it("refuses to delete an order with an item in production, not one still open", async () => {
      const buyer = await customer();
      const item = await product(storefront);
      const printing = (await status(a, "order_item", "printing")).id;
      const busy = await a.create(
        "orders",
        orderBody(buyer, [
          { product_id: item.id, description: "Flyers" },
          { product_id: item.id, description: "Cards", item_status_id: printing },
        ]),
      );
      refused(
        await a.call("DELETE", `orders/${busy.id}`),
        409,
        `Item 2 of ${busy.order_number} (Cards) is Printing: an order with work in production or done cannot be deleted (cancel it instead)`,
      );
      expect((await a.call("GET", `orders/${busy.id}`)).statusCode).toBe(200);
      const idle = await a.create("orders", orderBody(buyer, [{ product_id: item.id }]));
      expect((await a.call("DELETE", `orders/${idle.id}`)).statusCode).toBe(200);
    });

    it("imports no product row that breaks a rule: the row's error, nothing written", async () => {
      const other = await template(portal, unique("Portal design "));
      const sku = unique("IMPS-");
      const file = [
        "sku,name,product_type_id,template_ids",
        `${sku}-1,Good,${productType.id},`,
        `${sku}-2,Bad,${productType.id},${other.id}`,
      ].join("\n");
      const send = (step: string) =>
        t.app.inject({
          method: "POST",
          url: `/api/v1/products/import/${step}?site_id=${storefront.id}`,
          headers: { ...bearer(token), "content-type": "text/csv" },
          payload: file,
        });
      const preview = await send("preview");
      expect(preview.statusCode, preview.body).toBe(200);
      expect(preview.json().data.errors).toEqual([
        { row: 3, field: "template_ids", message: "Templates must be a template of the product's site" },
      ]);
      const commit = await send("commit");
      expectFieldError(commit, "rows.3.template_ids", "Templates must be a template of the product's site");
      const found = await a.call("GET", `products?search=${sku}&limit=5`);
      expect(found.json().meta.total).toBe(0);
    });

    it("the status look-up offers what the workflow allows from a status, or for a new record", async () => {
      const items = (await a.call("GET", "statuses?entity=order_item&limit=100")).json().data as Saved[];
      const id = (code: string) => (items.find((s) => s.code === code) as Saved).id;
      const offered = async (from: string | number) => {
        const res = await a.call("GET", `orders/lookups/items.item_status_id?from=${from}&limit=100`);
        expect(res.statusCode, res.body).toBe(200);
        return (res.json().data as Saved[]).map((s) => s.title).sort();
      };
      expect(await offered(id("packed"))).toEqual(["Cancelled", "Mailed", "On hold", "Packed", "Shipped"]);
      // Complete: only the complete statuses it lists; cancelled: nothing but itself.
      expect(await offered(id("shipped"))).toEqual(["Delivered", "Shipped"]);
      expect(await offered(id("delivered"))).toEqual(["Delivered"]);
      expect(await offered(id("cancelled"))).toEqual(["Cancelled"]);
      expect(await offered("new")).toEqual([
        "Approved",
        "Awaiting proof approval",
        "On hold",
        "Preflight",
        "Received",
      ]);
      const bad = await a.call("GET", "orders/lookups/items.item_status_id?from=soon");
      expect(bad.statusCode).toBe(400);
    });

    it("checks an imported status as the API does (a status of the kind's own entity)", async () => {
      const registry = await loadRegistry();
      const runs = registry.byKind.get("Run");
      if (!runs) throw new Error("no Run declaration");
      const itemStatus = await status(a, "order_item", "printing");
      const check = await checkImport(t.app.db, registry, runs, 1, `status_id\n${itemStatus.id}\n`, {});
      expect(check.errors).toContainEqual({
        row: 2,
        field: "status_id",
        message: `"Printing" is a status of order items; choose one of runs`,
      });
    });
  });
});
