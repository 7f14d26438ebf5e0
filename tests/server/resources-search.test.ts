import { afterAll, beforeAll, expect, it } from "vitest";
import { type Api, api, makeOrder, type Saved } from "./domain-fixtures";
import { createTestApp, describeEachStore, signIn, type TestApp } from "./helpers";

// A list's search over a searchable reference (Order.customer_id) also matches the referenced
// record's title: orders are found by their customer's name as well as by their numbers, within the
// caller's tenant, and a renamed customer's orders are found by the new name at once (the kept list
// answers depend on the customers' table too).

describeEachStore("order search by customer name (%s)", (dbKind) => {
  let t: TestApp;
  let admin: Api;
  let other: Api;
  let customer: Saved;
  let theirs: Saved[];
  let elsewhere: Saved;

  beforeAll(async () => {
    t = await createTestApp(dbKind);
    await t.app.ready();
    admin = api(t.app, await signIn(t.app, "admin@pressroom.test"));
    other = api(t.app, await signIn(t.app, "admin@other.test", 2));
    customer = await admin.create("customers", { customer_number: "C-SRCH-1", name: "Zephyrine Quillworks" });
    const bystander = await admin.create("customers", {
      customer_number: "C-SRCH-2",
      name: "Plain Paper Co",
    });
    theirs = [
      await makeOrder(admin, [{}], { order_number: "SRCH-1001", customer_id: customer.id }),
      await makeOrder(admin, [{}], { order_number: "SRCH-1002", customer_id: customer.id }),
    ];
    elsewhere = await makeOrder(admin, [{}], {
      order_number: "SRCH-1003",
      customer_id: bystander.id,
      customer_po: "PO-77",
    });
    // The other tenant has a customer of the same name, with an order of its own.
    const twin = await other.create("customers", {
      customer_number: "C-SRCH-1",
      name: "Zephyrine Quillworks",
    });
    await makeOrder(other, [{}], { order_number: "SRCH-2001", customer_id: twin.id });
  });
  afterAll(() => t?.dispose());

  const found = async (a: Api, search: string) => {
    const res = await a.call(
      "GET",
      `orders?search=${encodeURIComponent(search)}&sort=order_number&limit=100`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { data: Saved[]; meta: { total: number } };
    expect(body.meta.total).toBe(body.data.length);
    return body.data.map((o) => o.order_number);
  };

  it("finds a customer's orders by a word of the customer's name, in any case", async () => {
    expect(await found(admin, "zephyrine")).toEqual(["SRCH-1001", "SRCH-1002"]);
    expect(await found(admin, "QUILLWORK")).toEqual(["SRCH-1001", "SRCH-1002"]);
  });

  it("still finds orders by their own numbers, and each word may match another field", async () => {
    expect(await found(admin, "SRCH-1003")).toEqual(["SRCH-1003"]);
    expect(await found(admin, "PO-77")).toEqual(["SRCH-1003"]);
    // One word from the customer, one from the order number: only the order with both.
    expect(await found(admin, "Zephyrine 1002")).toEqual(["SRCH-1002"]);
    expect(await found(admin, "Zephyrine 1003")).toEqual([]);
  });

  it("matches only the caller's tenant's customers", async () => {
    expect(await found(other, "Zephyrine")).toEqual(["SRCH-2001"]);
    expect(await found(admin, "Zephyrine")).not.toContain("SRCH-2001");
  });

  it("finds the orders by the customer's new name right after a rename", async () => {
    expect(await found(admin, "Zephyrine")).toEqual(["SRCH-1001", "SRCH-1002"]);
    await admin.update("customers", customer.id, { name: "Aurelian Inkhouse" });
    expect(await found(admin, "Zephyrine")).toEqual([]);
    expect(await found(admin, "Inkhouse")).toEqual(["SRCH-1001", "SRCH-1002"]);
    expect(theirs.map((o) => o.customer_id)).toEqual([customer.id, customer.id]);
    expect(elsewhere.customer_id).not.toBe(customer.id);
  });
});
