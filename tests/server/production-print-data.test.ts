import { afterAll, beforeAll, expect, it } from "vitest";
import { type Api, api, makeInventory, makeOrder, type Saved, unique } from "./domain-fixtures";
import { bearer, createTestApp, describeEachStore, signIn, type TestApp } from "./helpers";

// GET /runs/{id}/print-data (issue 18, the job jacket and run spread): the run with its items joined to their
// orders, customers, products, option names, stock and press; Run Read is enough (the press room has no Order
// ReadAny), only a ticket's fields leave the server, another tenant's run is not found, no Run Read is refused.

describeEachStore("run print data (%s)", (dbKind) => {
  let t: TestApp;
  let a: Api;
  let run: Saved;
  let order: Saved;
  let product: Saved;
  let code: string;
  let stations: Saved[];

  beforeAll(async () => {
    t = await createTestApp(dbKind);
    await t.app.ready();
    a = api(t.app, await signIn(t.app, "admin@pressroom.test"));
    const stock = await makeInventory(a, "100# Gloss Cover 12×18 (print test)", 5000);
    const site = await a.first("sites");
    const stationsRes = await a.call("GET", "production-stations?limit=2&sort=name");
    stations = stationsRes.json().data as Saved[];
    const type = await a.first("product-types");
    product = await a.create("products", {
      sku: unique("P-"),
      name: "Print test card",
      site_id: site.id,
      product_type_id: type.id,
      finished_width: 3.5,
      finished_height: 2,
      bleed: 0.125,
      production_route: [stations[1].id, stations[0].id],
    });
    code = unique("papr").toLowerCase();
    await a.create("attributes", {
      name: "Paper (print test)",
      code,
      input_type: "select",
      values: [{ code: "16pt", label: "16 pt gloss cover" }],
    });
    const same = { stock_id: stock.id, color_spec: "4/4", coating: "uv", product_id: product.id };
    order = await makeOrder(
      a,
      [
        { ...same, description: "Cards A", quantity: 2500, options: { [code]: "16pt" } },
        { ...same, description: "Cards B", quantity: 1000 },
      ],
      { ship_method: "two_day", wanted_by: "2026-03-09" },
    );
    const items = order.items as Saved[];
    run = await a.create("runs", {
      run_number: unique("R-"),
      stock_id: stock.id,
      sheet_width: 12,
      sheet_height: 18,
      color_spec: "4/4",
      coating: "uv",
      notes: "Pull colour to the proof",
      items: [
        { order_id: order.id, order_item_id: items[1].id, slot: 2, number_up: 2, quantity_required: 1000 },
        { order_id: order.id, order_item_id: items[0].id, slot: 1, number_up: 5, quantity_required: 2500 },
      ],
    });
  });
  afterAll(() => t?.dispose());

  const printData = (token: string, id: number | string) =>
    t.app.inject({ method: "GET", url: `/api/v1/runs/${id}/print-data`, headers: bearer(token) });

  it("answers the run, its items' orders, customer, product sizes, option names and stock", async () => {
    const res = await printData(await signIn(t.app, "admin@pressroom.test"), run.id);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.run.run_number).toBe(run.run_number);
    expect(data.run.notes).toBe("Pull colour to the proof");
    expect(data.run.items.map((i: Saved) => [i.slot, i.number_up])).toEqual([
      [2, 2],
      [1, 5],
    ]);
    expect(data.orders).toHaveLength(1);
    expect(data.orders[0]).toMatchObject({
      order_number: order.order_number,
      ship_method: "two_day",
      wanted_by: "2026-03-09",
    });
    expect(data.orders[0].items.map((l: Saved) => l.description).sort()).toEqual(["Cards A", "Cards B"]);
    expect(data.orders[0].items.find((l: Saved) => l.description === "Cards A").options).toEqual({
      [code]: "16pt",
    });
    expect(data.products).toEqual([
      expect.objectContaining({
        id: product.id,
        name: "Print test card",
        finished_width: 3.5,
        finished_height: 2,
      }),
    ]);
    expect(data.products[0].production_route).toEqual([stations[1].id, stations[0].id]);
    expect(data.stations.map((st: Saved) => st.name).sort()).toEqual(
      [stations[0].name, stations[1].name].sort(),
    );
    expect(data.customers).toHaveLength(1);
    expect(data.attributes).toEqual([
      { code, name: "Paper (print test)", values: [{ code: "16pt", label: "16 pt gloss cover" }] },
    ]);
    expect(data.stock.name).toBe("100# Gloss Cover 12×18 (print test)");
    // A ticket's fields only: no prices or totals of the order.
    expect(data.orders[0]).not.toHaveProperty("total");
    expect(data.orders[0].items[0]).not.toHaveProperty("price");
  });

  it("answers the press room (Run Read, Order ReadOwn only) with the order numbers and customers", async () => {
    const press = await signIn(t.app, "press@pressroom.test");
    // Their own order list would not show this order…
    const orders = await t.app.inject({
      method: "GET",
      url: `/api/v1/orders/${order.id}`,
      headers: bearer(press),
    });
    expect(orders.statusCode).not.toBe(200);
    // …but the run's print data does.
    const res = await printData(press, run.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.orders[0].order_number).toBe(order.order_number);
    expect(res.json().data.customers[0].name).toEqual(expect.any(String));
  });

  it("refuses a user without Run Read (403) and does not find another tenant's run (404)", async () => {
    const csr = await printData(await signIn(t.app, "csr@pressroom.test"), run.id);
    expect(csr.statusCode).toBe(403);
    const other = await printData(await signIn(t.app, "admin@other.test", 2), run.id);
    expect(other.statusCode).toBe(404);
    const missing = await printData(await signIn(t.app, "admin@pressroom.test"), "12x");
    expect(missing.statusCode).toBe(404);
  });
});
