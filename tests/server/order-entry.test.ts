import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type Api, api, expectFieldError, type Json, type Saved } from "./domain-fixtures";
import { createTestApp, describeEachStore, signIn, type TestApp } from "./helpers";

// Entering an order: the number comes from the tenant's numbering (unique under concurrent
// creates, after the seeded numbers), the date, the status and the items' statuses get their
// defaults, a product fills its item, and out-of-range values and an order without items are
// refused, never changed.

describeEachStore("order entry (%s)", (dbKind) => {
  let t: TestApp;
  let a: Api;
  let csr: Api;
  let customer: Saved;
  let product: Saved;

  beforeAll(async () => {
    t = await createTestApp(dbKind);
    await t.app.ready();
    a = api(t.app, await signIn(t.app, "admin@pressroom.test"));
    csr = api(t.app, await signIn(t.app, "csr@pressroom.test"));
    customer = await a.first("customers");
    product = await a.first("products", "active=true");
  });
  afterAll(() => t?.dispose());

  const item = (extra: Json = {}) => ({
    product_id: product.id,
    description: "Cards",
    quantity: 500,
    ...extra,
  });
  const body = (extra: Json = {}): Json => ({ customer_id: customer.id, items: [item()], ...extra });
  const numberOf = (text: unknown) => Number(/^ORD-(\d+)$/.exec(String(text))?.[1]);

  /** The highest ORD- number stored in tenant 1. */
  async function highestStored(): Promise<number> {
    const result = await t.database.db.execute(
      sql`select max(substring(order_number from '^ORD-([0-9]+)$')::integer) as n from orders where tenant_id = 1`,
    );
    const rows = (Array.isArray(result) ? result : (result as { rows: { n: number }[] }).rows) as {
      n: number;
    }[];
    return Number(rows[0].n);
  }

  it("numbers a new order after the seeded ones, in the tenant's format", async () => {
    const seeded = await highestStored();
    expect(seeded).toBeGreaterThan(100_000);
    const order = await csr.create("orders", body());
    expect(order.order_number).toMatch(/^ORD-\d+$/);
    expect(numberOf(order.order_number)).toBe(seeded + 1);
  });

  it("gives 20 concurrent creates 20 distinct numbers", async () => {
    const before = await highestStored();
    const answers = await Promise.all(Array.from({ length: 20 }, () => csr.call("POST", "orders", body())));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(20).fill(201));
    const numbers = answers.map((r) => numberOf(r.json().data.order_number));
    expect(new Set(numbers).size).toBe(20);
    expect([...numbers].sort((x, y) => x - y)).toEqual(Array.from({ length: 20 }, (_, i) => before + 1 + i));
  });

  it("keeps a typed number, refuses a taken one (409) and steps over typed ones", async () => {
    const next = (await highestStored()) + 1;
    const typed = await a.create("orders", body({ order_number: `ORD-${next + 1}` }));
    expect(typed.order_number).toBe(`ORD-${next + 1}`);
    const taken = await a.call("POST", "orders", body({ order_number: `ORD-${next + 1}` }));
    expect(taken.statusCode).toBe(409);
    expect((await a.create("orders", body())).order_number).toBe(`ORD-${next}`);
    // ORD-{next + 1} is the typed one's: the sequence goes past it.
    expect((await a.create("orders", body({ order_number: "" }))).order_number).toBe(`ORD-${next + 2}`);
    const custom = await a.create("orders", body({ order_number: "PHONE-7" }));
    expect(custom.order_number).toBe("PHONE-7");
  });

  it("continues the second tenant's own numbering", async () => {
    const other = api(t.app, await signIn(t.app, "admin@other.test", 2));
    const otherCustomer = await other.first("customers");
    const otherProduct = await other.first("products");
    const order = await other.create("orders", {
      customer_id: otherCustomer.id,
      items: [{ product_id: otherProduct.id, description: "Flyers", quantity: 100 }],
    });
    expect(order.order_number).toMatch(/^OP-\d+$/);
    const list = await other.call("GET", "orders?limit=100");
    const numbers = (list.json().data as Saved[]).map((o) => o.order_number);
    expect(numbers.filter((n) => n === order.order_number)).toHaveLength(1);
  });

  it("numbers other kinds too (customers after the seeded ones)", async () => {
    const made = await a.create("customers", { name: "Numbered Co", type: "retail" });
    expect(made.customer_number).toMatch(/^C\d+$/);
    // The seed's customers run to C20001.
    expect(Number(String(made.customer_number).slice(1))).toBeGreaterThan(20_001);
    const twin = await a.call("GET", `customers?search=${made.customer_number}&limit=100`);
    const same = (twin.json().data as Saved[]).filter((c) => c.customer_number === made.customer_number);
    expect(same).toHaveLength(1);
  });

  it("defaults the date to now and the statuses to each entity's first", async () => {
    const started = Date.now();
    const order = await csr.create("orders", body({ items: [item(), item({ quantity: 250 })] }));
    const at = Date.parse(String(order.ordered_at));
    expect(at).toBeGreaterThanOrEqual(started - 1000);
    expect(at).toBeLessThanOrEqual(Date.now() + 1000);

    const statuses = async (entity: string) =>
      (
        (await a.call("GET", `statuses?entity=${entity}&sort=sort_order,id&limit=100`)).json().data as Saved[]
      )[0];
    const firstOrder = await statuses("order");
    const firstItem = await statuses("order_item");
    expect(order.status_id).toBe(firstOrder.id);
    const items = order.items as Saved[];
    expect(items.map((i) => i.item_status_id)).toEqual([firstItem.id, firstItem.id]);

    // A row added later gets the first status too; a chosen status is kept.
    const printing = (
      (await a.call("GET", "statuses?entity=order_item&limit=100")).json().data as Saved[]
    ).find((s) => s.code === "printing") as Saved;
    const changed = await csr.update("orders", order.id, {
      items: [{ id: items[0].id }, item(), item({ item_status_id: printing.id })],
    });
    expect((changed.items as Saved[]).map((i) => i.item_status_id)).toEqual([
      firstItem.id,
      firstItem.id,
      printing.id,
    ]);

    const defaults = await csr.call("GET", "orders/defaults");
    expect(defaults.statusCode).toBe(200);
    expect(defaults.json().data).toEqual({
      values: { status_id: firstOrder.id },
      rows: { items: { item_status_id: firstItem.id } },
    });
  });

  it("refuses a quantity below its minimum (400 naming the field), never changing it", async () => {
    const res = await csr.call("POST", "orders", body({ items: [item({ quantity: -5 })] }));
    expectFieldError(res, "items.0.quantity", "Must be at least 1");
    const zero = await csr.call("POST", "orders", body({ items: [item(), item({ quantity: 0 })] }));
    expectFieldError(zero, "items.1.quantity", "Must be at least 1");
  });

  it("refuses an order without items", async () => {
    const none = await csr.call("POST", "orders", { customer_id: customer.id });
    expectFieldError(none, "items", "Add at least 1 item");
    const empty = await csr.call("POST", "orders", body({ items: [] }));
    expectFieldError(empty, "items", "Add at least 1 item");
    const order = await csr.create("orders", body());
    const res = await csr.call("PATCH", `orders/${order.id}`, { items: [], version: order.version });
    expectFieldError(res, "items", "Add at least 1 item");
  });

  it("answers what a product fills to a CSR without Read on products", async () => {
    expect((await csr.call("GET", `products/${product.id}`)).statusCode).toBe(403);
    const res = await csr.call("GET", `orders/fills/items.product_id/${product.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ id: product.id, name: product.name, price_tiers: product.price_tiers });
    expect((await csr.call("GET", "orders/fills/items.product_id/999999")).statusCode).toBe(404);
    expect((await csr.call("GET", `orders/fills/items.template_id/${product.id}`)).statusCode).toBe(404);
    const press = api(t.app, await signIn(t.app, "press@pressroom.test"));
    expect((await press.call("GET", `orders/fills/items.product_id/${product.id}`)).statusCode).toBe(403);
  });
});
