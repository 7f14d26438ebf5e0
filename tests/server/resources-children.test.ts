import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { selectRows } from "../../server/db/open";
import { describeEachStore } from "./helpers";
import { type SyntheticApp, syntheticApp } from "./synthetic-kinds";

// Child collections on made-up kinds (synthetic-kinds.ts): an order's items and charges, a
// facility's shipping addresses with their own change log. Nested reads, the replace semantics
// of a write, validation at field paths, one version and one log entry per write, the hooks'
// view of the collection, cascades and references from rows.

type Json = Record<string, unknown>;
type Rows = Json[];

describeEachStore("child collections (%s)", (dbKind) => {
  let s: SyntheticApp;
  let product: Json & { id: number };
  let other: Json & { id: number };
  let vendor: Json & { id: number };

  beforeAll(async () => {
    s = await syntheticApp(dbKind);
    product = await s.create("tc-products", { name: "Business cards" });
    other = await s.create("tc-products", { name: "Postcards" });
    vendor = await s.create("tc-vendors", { name: "Trade Printer" });
  });
  afterAll(() => s?.close());

  const item = (fields: Json = {}) => ({
    product_id: product.id,
    description: "500 cards",
    quantity: 2,
    price: 10.5,
    ...fields,
  });
  const rowsIn = (table: string, parentId: number) =>
    selectRows<Json>(
      s.db.handle.db,
      sql.raw(`select * from "${table}" where parent_id = ${parentId} order by position`),
    );

  it("creates a record with its rows, nests them on read (by position), and keeps them out of lists", async () => {
    const res = await s.call("POST", "tc-orders", {
      number: "SO-100",
      items: [item(), item({ product_id: other.id, description: "Postcards", quantity: 1, price: 4 })],
      charges: [{ label: "Shipping", amount: 12 }],
    });
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json().data;
    expect(order.items).toEqual([
      {
        id: expect.any(Number),
        position: 0,
        product_id: product.id,
        vendor_id: null,
        description: "500 cards",
        quantity: 2,
        price: 10.5,
        item_status_id: null,
      },
      expect.objectContaining({ position: 1, description: "Postcards", product_id: other.id }),
    ]);
    expect(order.charges).toEqual([{ id: expect.any(Number), position: 0, label: "Shipping", amount: 12 }]);
    // compute saw the collection as written.
    expect(order.total).toBe(25);
    const read = await s.call("GET", `tc-orders/${order.id}`);
    expect(read.json()).toEqual({ data: order });
    const list = (await s.call("GET", `tc-orders?id=${order.id}`)).json();
    expect(list.data[0]).not.toHaveProperty("items");
    expect(list.data[0]).not.toHaveProperty("charges");
    expect(list.data[0]).toMatchObject({ id: order.id, number: "SO-100", total: 25 });
    // One create entry: the fields and each added row by its id and title.
    const logs = (await s.call("GET", `tc-orders/${order.id}/change-logs`)).json();
    expect(logs.meta.total).toBe(1);
    const [first, second] = order.items as Rows;
    expect(logs.data[0].changes).toEqual({
      number: { from: null, to: "SO-100" },
      total: { from: null, to: 25 },
      [`items.${first.id}`]: { from: null, to: "500 cards" },
      [`items.${second.id}`]: { from: null, to: "Postcards" },
      [`charges.${(order.charges as Rows)[0].id}`]: { from: null, to: "Shipping" },
    });
    // afterWrite got the collections after the write, none before.
    const seen = s.log.afterWrite.at(-1);
    expect(seen?.action).toBe("create");
    expect(seen?.children?.items.map((r) => r.id)).toEqual([first.id, second.id]);
    expect(seen?.previousChildren).toBeUndefined();
  });

  it("replaces a collection in one PATCH: updates, inserts and deletes rows, one version, one log entry", async () => {
    const order = await s.create("tc-orders", {
      number: "SO-101",
      items: [item({ description: "Keep" }), item({ description: "Drop" })],
    });
    const [keep, drop] = order.items as Rows;
    s.log.compute.length = 0;
    // Only the collection changes: the kept row by id with one field (the others stay), a new
    // one first, the dropped one left out.
    const res = await s.call("PATCH", `tc-orders/${order.id}`, {
      version: 1,
      items: [item({ description: "New", quantity: 3, price: 1 }), { id: keep.id, quantity: 5 }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const updated = res.json().data;
    expect(updated.version).toBe(2);
    expect(updated.items).toEqual([
      expect.objectContaining({ id: expect.any(Number), position: 0, description: "New", quantity: 3 }),
      { ...keep, position: 1, quantity: 5 },
    ]);
    const added = (updated.items as Rows)[0];
    expect(added.id).not.toBe(drop.id);
    expect(updated.total).toBe(3 + 5 * 10.5);
    // The untouched collection stays as it was, and compute saw every collection after the write.
    expect(updated.charges).toEqual([]);
    expect(s.log.compute.at(-1)?.items.map((r) => r.description)).toEqual(["New", "Keep"]);
    expect((await s.call("GET", `tc-orders/${order.id}`)).json().data).toEqual(updated);
    expect((await rowsIn("tc_orders_items", order.id)).map((r) => r.id)).toEqual([added.id, keep.id]);

    const logs = (await s.call("GET", `tc-orders/${order.id}/change-logs`)).json();
    expect(logs.data.map((e: Json) => e.action)).toEqual(["update", "create"]);
    expect(logs.data[0].changes).toEqual({
      total: { from: 42, to: 55.5 },
      [`items.${keep.id}.quantity`]: { from: 2, to: 5 },
      [`items.${added.id}`]: { from: null, to: "New" },
      [`items.${drop.id}`]: { from: "Drop", to: null },
    });
    const seen = s.log.afterWrite.at(-1);
    expect(seen?.previousChildren?.items.map((r) => r.description)).toEqual(["Keep", "Drop"]);
    expect(seen?.children?.items.map((r) => r.description)).toEqual(["New", "Keep"]);
  });

  it("bumps the version for a write of the collection alone, and not for the version alone", async () => {
    const order = await s.create("tc-orders", { number: "SO-102", items: [item()] });
    const rows = order.items as Rows;
    const same = await s.call("PATCH", `tc-orders/${order.id}`, { version: 1 });
    expect(same.json().data.version).toBe(1);
    const reordered = await s.call("PATCH", `tc-orders/${order.id}`, {
      version: 1,
      charges: [{ label: "Rush", amount: 5 }],
    });
    expect(reordered.statusCode, reordered.body).toBe(200);
    expect(reordered.json().data).toMatchObject({ version: 2, items: rows });
    // compute gets every collection once the write carries one.
    expect(s.log.compute.at(-1)).toMatchObject({ items: rows, charges: [{ label: "Rush", amount: 5 }] });
    // A write that leaves the collections out hands it none.
    const plain = await s.call("PATCH", `tc-orders/${order.id}`, { version: 2, number: "SO-102b" });
    expect(plain.json().data).toMatchObject({ version: 3, total: 21 });
    expect(s.log.compute.at(-1)).toBeUndefined();
    expect(s.log.afterWrite.at(-1)).toEqual({
      action: "update",
      children: undefined,
      previousChildren: undefined,
    });
  });

  it("refuses a row id of another record (400 at the row), and changes nothing", async () => {
    const mine = await s.create("tc-orders", { number: "SO-103", items: [item()] });
    const theirs = await s.create("tc-orders", { number: "SO-104", items: [item()] });
    const foreign = (theirs.items as Rows)[0].id;
    const res = await s.call("PATCH", `tc-orders/${mine.id}`, {
      version: 1,
      items: [{ id: (mine.items as Rows)[0].id }, { id: foreign, quantity: 9 }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      { field: "items.1.id", message: `There is no item with id ${foreign} in this order` },
    ]);
    expect((await s.call("GET", `tc-orders/${theirs.id}`)).json().data).toEqual(theirs);
    expect((await s.call("GET", `tc-orders/${mine.id}`)).json().data.version).toBe(1);
    // An id in a new record's rows, and the same row twice.
    const create = await s.call("POST", "tc-orders", {
      number: "SO-105",
      items: [{ ...item(), id: foreign }],
    });
    expect(create.json().errors).toEqual([
      { field: "items.0.id", message: "A new item has no id; leave it out" },
    ]);
    const twice = await s.call("PATCH", `tc-orders/${mine.id}`, {
      version: 1,
      items: [{ id: (mine.items as Rows)[0].id }, { id: (mine.items as Rows)[0].id }],
    });
    expect(twice.json().errors).toEqual([{ field: "items.1.id", message: "This item is listed twice" }]);
    // Another tenant's rows are not there at all.
    const otherTenant = await s.call(
      "PATCH",
      `tc-orders/${mine.id}`,
      { version: 1, charges: [] },
      s.tokens.other,
    );
    expect(otherTenant.statusCode).toBe(404);
  });

  it("checks every row field, with errors at {name}.{index}.{field}", async () => {
    const res = await s.call("POST", "tc-orders", {
      number: "SO-106",
      items: [
        { product_id: 99_999, description: "", quantity: 0, price: 1.234, nope: 1, parent_id: 4 },
        "a row",
        item(),
      ],
      charges: [{ amount: "12" }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual(
      expect.arrayContaining([
        { field: "items.0.nope", message: "Unknown field" },
        { field: "items.0.product_id", message: "There is no product with id 99999" },
        {
          field: "items.0.parent_id",
          message: "A row belongs to the record it is sent with; leave parent_id out of the row",
        },
        { field: "items.0.description", message: "This field is required" },
        { field: "items.0.quantity", message: "Must be at least 1" },
        { field: "items.0.price", message: "Use at most 2 decimal places" },
        { field: "items.1", message: "Expected a row (a JSON object)" },
        { field: "charges.0.label", message: "This field is required" },
        { field: "charges.0.amount", message: "Expected a number" },
      ]),
    );
    expect(res.json().errors).toHaveLength(9);
    // References name records of the caller's tenant.
    const theirs = await s.create("tc-products", { name: "Their product" }, s.tokens.other);
    const refs = await s.call("POST", "tc-orders", {
      number: "SO-107",
      items: [item(), item({ product_id: theirs.id, vendor_id: 99_999 })],
    });
    expect(refs.json().errors).toEqual([
      { field: "items.1.product_id", message: `There is no product with id ${theirs.id}` },
      { field: "items.1.vendor_id", message: "There is no vendor with id 99999" },
    ]);
  });

  it("keeps a collection within its min and max rows (400 at the collection)", async () => {
    const none = await s.call("POST", "tc-orders", { number: "SO-108", items: [] });
    expect(none.json().errors).toEqual([{ field: "items", message: "Add at least 1 item" }]);
    const missing = await s.call("POST", "tc-orders", { number: "SO-108" });
    expect(missing.json().errors).toEqual([{ field: "items", message: "Add at least 1 item" }]);
    const order = await s.create("tc-orders", { number: "SO-108", items: [item()] });
    const many = await s.call("PATCH", `tc-orders/${order.id}`, {
      version: 1,
      items: [item(), item(), item(), item()],
    });
    expect(many.json().errors).toEqual([{ field: "items", message: "Use at most 3 items" }]);
    const notList = await s.call("POST", "tc-orders", { number: "SO-109", items: { product_id: 1 } });
    expect(notList.json().errors).toEqual([{ field: "items", message: "Expected a list of items" }]);
  });

  it("deletes the rows with their record, logging each removal in the record's entry", async () => {
    const order = await s.create("tc-orders", { number: "SO-110", items: [item(), item()] });
    expect(await rowsIn("tc_orders_items", order.id)).toHaveLength(2);
    expect((await s.call("DELETE", `tc-orders/${order.id}`)).statusCode).toBe(200);
    expect(await rowsIn("tc_orders_items", order.id)).toEqual([]);
    const logs = (await s.call("GET", `tc-orders/${order.id}/change-logs`)).json();
    const removed = logs.data[0].changes;
    for (const row of order.items as Rows)
      expect(removed[`items.${row.id}`]).toEqual({ from: "500 cards", to: null });
    expect(s.log.afterWrite.at(-1)).toMatchObject({
      action: "delete",
      children: undefined,
      previousChildren: { items: expect.any(Array), charges: [] },
    });
  });

  it("counts references from rows: a product still on an item is a 409; a setNull vendor is cleared", async () => {
    const product2 = await s.create("tc-products", { name: "Flyers" });
    const vendor2 = await s.create("tc-vendors", { name: "Bindery" });
    const order = await s.create("tc-orders", {
      number: "SO-111",
      items: [item({ product_id: product2.id, vendor_id: vendor2.id })],
    });
    const refused = await s.call("DELETE", `tc-products/${product2.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: "This product is still used by 1 order item." });

    expect((await s.call("DELETE", `tc-vendors/${vendor2.id}`)).statusCode).toBe(200);
    const after = (await s.call("GET", `tc-orders/${order.id}`)).json().data;
    const row = (order.items as Rows)[0];
    expect(after.items).toEqual([{ ...row, vendor_id: null }]);
    expect(after.version).toBe(2);
    const logs = (await s.call("GET", `tc-orders/${order.id}/change-logs`)).json();
    expect(logs.data[0]).toMatchObject({
      action: "update",
      changes: { [`items.${row.id}.vendor_id`]: { from: vendor2.id, to: null } },
    });
    // Once the order goes, so does the item, and the product is free.
    expect((await s.call("DELETE", `tc-orders/${order.id}`)).statusCode).toBe(200);
    expect((await s.call("DELETE", `tc-products/${product2.id}`)).statusCode).toBe(200);
    expect(vendor.id).toEqual(expect.any(Number));
  });

  describe("a collection with its own change log", () => {
    it("logs each row's create, update and delete, read at {path}/{id}/{child-path}/{childId}/change-logs", async () => {
      const facility = await s.create("tc-facilities", {
        name: "Plant 1",
        shipping_addresses: [
          { nickname: "Dock A", city: "Chicago" },
          { nickname: "Dock B", city: "Joliet" },
        ],
      });
      const [a, b] = facility.shipping_addresses as Rows;
      const res = await s.call("PATCH", `tc-facilities/${facility.id}`, {
        version: 1,
        shipping_addresses: [{ id: a.id, city: "Evanston" }],
      });
      expect(res.statusCode, res.body).toBe(200);
      const url = (id: unknown, facilityId = facility.id) =>
        `tc-facilities/${facilityId}/shipping-addresses/${id}/change-logs`;

      const ofA = await s.call("GET", url(a.id));
      expect(ofA.statusCode, ofA.body).toBe(200);
      expect(ofA.json().meta).toEqual({ page: 1, limit: 25, total: 2 });
      expect(ofA.json().data.map((e: Json) => [e.action, e.changes])).toEqual([
        ["update", { city: { from: "Chicago", to: "Evanston" } }],
        ["create", { nickname: { from: null, to: "Dock A" }, city: { from: null, to: "Chicago" } }],
      ]);
      expect(ofA.json().data[0].user).toEqual({ id: 1, name: "Avery Admin" });
      // A removed row's history stays readable under its record.
      const ofB = await s.call("GET", url(b.id));
      expect(ofB.json().data.map((e: Json) => e.action)).toEqual(["delete", "create"]);
      expect(ofB.json().data[0].changes).toEqual({
        nickname: { from: "Dock B", to: null },
        city: { from: "Joliet", to: null },
      });

      // Not under another record, another tenant, or without a row.
      const plant2 = await s.create("tc-facilities", { name: "Plant 2" });
      expect((await s.call("GET", url(a.id, plant2.id))).statusCode).toBe(404);
      expect((await s.call("GET", url(a.id), undefined, s.tokens.other)).statusCode).toBe(404);
      expect((await s.call("GET", url(99_999))).statusCode).toBe(404);
      expect((await s.call("GET", url("x"))).statusCode).toBe(404);

      // Deleting the facility logs the row's delete too, still readable afterwards.
      expect((await s.call("DELETE", `tc-facilities/${facility.id}`)).statusCode).toBe(200);
      const gone = await s.call("GET", url(a.id));
      expect(gone.json().data.map((e: Json) => e.action)).toEqual(["delete", "update", "create"]);
    });
  });
});
