import { afterAll, beforeAll, expect, it } from "vitest";
import { type Api, api, type Json, type Saved } from "./domain-fixtures";
import { createTestApp, describeEachStore, signIn, type TestApp } from "./helpers";

// GET {path}/lookups/{field}: a reference's titles for whoever may read, create or update the
// referencing kind, without Read on the target kind; tenant-scoped; a status reference offers
// its entity's statuses only; users by name. Expected titles come from the records the admin
// reads through the kinds' own routes.

type Lookup = { id: number; title: string } & Json;

describeEachStore("reference look-ups (%s)", (dbKind) => {
  let t: TestApp;
  let admin: Api;
  let csr: Api;
  let press: Api;
  let other: Api;
  let order: Saved;
  let run: Saved;

  beforeAll(async () => {
    t = await createTestApp(dbKind);
    await t.app.ready();
    admin = api(t.app, await signIn(t.app, "admin@pressroom.test"));
    csr = api(t.app, await signIn(t.app, "csr@pressroom.test"));
    press = api(t.app, await signIn(t.app, "press@pressroom.test"));
    other = api(t.app, await signIn(t.app, "admin@other.test", 2));
    const listed = (await admin.call("GET", "orders?limit=100")).json().data as Saved[];
    const full = listed.find((o) => o.status_id && o.bill_to_id && o.csr_id && o.sales_rep_id);
    if (!full) throw new Error("no seeded order with a status, a bill-to address, a CSR and a rep");
    order = await admin.get("orders", full.id);
    const runs = (await admin.call("GET", "runs?limit=100")).json().data as Saved[];
    const shown = runs.find((r) => r.status_id && r.equipment_id && r.stock_id);
    if (!shown) throw new Error("no seeded run with a status, a press and stock");
    run = shown;
  });
  afterAll(() => t?.dispose());

  const lookup = async (who: Api, url: string): Promise<Lookup[]> => {
    const res = await who.call("GET", url);
    if (res.statusCode !== 200) throw new Error(`GET ${url}: ${res.statusCode} ${res.body}`);
    return res.json().data as Lookup[];
  };
  const titleOf = async (who: Api, url: string) => (await lookup(who, url)).map((r) => r.title);

  it("names an order's status, addresses, people and products for the CSR", async () => {
    const status = await admin.get("statuses", order.status_id as number);
    const address = await admin.get("customer-addresses", order.bill_to_id as number);
    const customer = await admin.get("customers", address.customer_id as number);
    const items = order.items as Saved[];
    const product = await admin.get("products", items[0].product_id as number);
    // The CSR may not read these kinds' own lists.
    expect((await csr.call("GET", `statuses?id=${status.id}`)).statusCode).toBe(403);

    const [statusLookup] = await lookup(csr, `orders/lookups/status_id?id=${status.id}`);
    expect(statusLookup).toMatchObject({ id: status.id, title: status.name, color: status.color });
    expect(await titleOf(csr, `orders/lookups/bill_to_id?id=${address.id}`)).toEqual([
      `${address.street1}, ${address.city} · ${customer.name}`,
    ]);
    expect(await titleOf(csr, `orders/lookups/items.product_id?id=${product.id}`)).toEqual([product.name]);
    const [productLookup] = await lookup(csr, `orders/lookups/items.product_id?id=${product.id}`);
    expect(productLookup.site_id).toBe(product.site_id);

    const profile = (await csr.call("POST", "auth/profile", { tenantId: 1 })).json().data.user;
    const people = await lookup(csr, `orders/lookups/csr_id?id=${profile.id}`);
    expect(people).toEqual([{ id: profile.id, title: "Casey CSR" }]);
    expect(await titleOf(csr, "orders/lookups/sales_rep_id?search=avery")).toEqual(["Avery Admin"]);
  });

  it("offers a status reference its entity's statuses only, in their order", async () => {
    const orderStatuses = (await admin.call("GET", "statuses?entity=order&limit=100&sort=sort_order")).json()
      .data as Saved[];
    const offered = await lookup(csr, "orders/lookups/status_id?limit=100");
    expect(offered.map((s) => s.id)).toEqual(orderStatuses.map((s) => s.id));
    const runStatus = await admin.first("statuses", "entity=run");
    expect(await lookup(csr, `orders/lookups/status_id?id=${runStatus.id}`)).toEqual([]);
    expect(await lookup(press, `runs/lookups/status_id?id=${runStatus.id}`)).toHaveLength(1);
  });

  it("names a run's stock, press and status for the press operator", async () => {
    const stock = await admin.get("inventories", run.stock_id as number);
    const equipment = await admin.get("equipments", run.equipment_id as number);
    const status = await admin.get("statuses", run.status_id as number);
    expect((await press.call("GET", `inventories?id=${stock.id}`)).statusCode).toBe(403);
    expect(await titleOf(press, `runs/lookups/stock_id?id=${stock.id}`)).toEqual([stock.name]);
    expect(await titleOf(press, `runs/lookups/equipment_id?id=${equipment.id}`)).toEqual([equipment.name]);
    expect(await titleOf(press, `runs/lookups/status_id?id=${status.id}`)).toEqual([status.name]);
    const runStatuses = (await admin.call("GET", "statuses?entity=run&limit=100")).json().meta.total;
    expect((await press.call("GET", "runs/lookups/status_id")).json().meta.total).toBe(runStatuses);
  });

  it("answers a reader of their own records only (ReadOwn) what those records name", async () => {
    const pressUser = (await press.call("POST", "auth/profile", { tenantId: 1 })).json().data.user;
    const customers = (await admin.call("GET", "customers?limit=2&sort=name")).json().data as Saved[];
    const [mine, notMine] = customers;
    const item = (order.items as Saved[])[0];
    const row = { product_id: item.product_id, description: "Own-scope look-up", quantity: 100 };
    const owned = await admin.create("orders", {
      customer_id: mine.id,
      owner_id: pressUser.id,
      items: [row],
    });
    expect(owned.owner_id).toBe(pressUser.id);
    // No other order of the tenant is theirs: their look-up names this order's customer, and no other.
    const theirs = (await admin.call("GET", `orders?owner_id=${pressUser.id}&limit=100`)).json()
      .data as Saved[];
    const named = [...new Set(theirs.map((o) => o.customer_id))].sort();
    const answer = await lookup(press, "orders/lookups/customer_id?limit=100");
    expect(answer.map((r) => r.id).sort()).toEqual(named);
    expect(answer.map((r) => r.id)).toContain(mine.id);
    if (!named.includes(notMine.id)) {
      expect(await lookup(press, `orders/lookups/customer_id?id=${notMine.id}`)).toEqual([]);
    }
    // A child row's reference likewise: the products of their own orders' items.
    const products = await lookup(press, "orders/lookups/items.product_id?limit=100");
    expect(products.map((r) => r.id)).toContain(item.product_id);
    // Whoever may create or update orders still gets the whole list to pick from.
    const all = (await csr.call("GET", "orders/lookups/customer_id?limit=1")).json().meta.total;
    const tenantCustomers = (await admin.call("GET", "customers?limit=1")).json().meta.total;
    expect(all).toBe(tenantCustomers);
  });

  it("refuses a caller with no permission on the referencing kind (403)", async () => {
    expect((await press.call("GET", "customers/lookups/sales_rep_id")).statusCode).toBe(403);
    expect((await csr.call("GET", `runs/lookups/stock_id?id=${run.stock_id}`)).statusCode).toBe(403);
    expect((await csr.call("GET", "purchase-orders/lookups/lines.inventory_id")).statusCode).toBe(403);
  });

  it("never answers another tenant's records", async () => {
    const theirs = await other.create("statuses", { name: "Theirs", code: "theirs", entity: "order" });
    const theirCustomer = await other.create("customers", {
      customer_number: "T2-LOOKUP",
      name: "Their Customer",
    });
    expect(await lookup(csr, `orders/lookups/status_id?id=${theirs.id}`)).toEqual([]);
    expect(await lookup(csr, `orders/lookups/customer_id?id=${theirCustomer.id}`)).toEqual([]);
    const olive = (await other.call("POST", "auth/profile", { tenantId: 2 })).json().data.user;
    expect(await lookup(csr, `orders/lookups/csr_id?id=${olive.id}`)).toEqual([]);
    expect(await lookup(other, `orders/lookups/status_id?id=${order.status_id}`)).toEqual([]);
    const everyone = await titleOf(other, "orders/lookups/csr_id?limit=100");
    expect(everyone).toEqual(["Olive Other"]);
  });

  it("offers a dependent reference the records matching its field's value, without the shared part", async () => {
    const customerId = order.customer_id as number;
    const addresses = (
      await admin.call("GET", `customer-addresses?customer_id=${customerId}&limit=100`)
    ).json().data as Saved[];
    expect(addresses.length).toBeGreaterThan(0);
    const offered = await lookup(csr, `orders/lookups/bill_to_id?customer_id=${customerId}&limit=100`);
    expect(offered.map((a) => a.id).sort()).toEqual(addresses.map((a) => a.id).sort());
    const first = addresses[0];
    expect(offered.find((a) => a.id === first.id)?.title).toBe(`${first.street1}, ${first.city}`);
  });

  it("finds records by search and answers unknown fields and parameters", async () => {
    const customer = await admin.get("customers", order.customer_id as number);
    const word = String(customer.name).split(" ")[0];
    expect(await titleOf(csr, `orders/lookups/customer_id?search=${encodeURIComponent(word)}`)).toContain(
      customer.name,
    );
    expect((await csr.call("GET", "orders/lookups/order_number")).statusCode).toBe(404);
    const res = await csr.call("GET", "orders/lookups/status_id?colour=red");
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field: "colour", message: "Unknown parameter" }]);
  });
});
