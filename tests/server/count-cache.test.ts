import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GenerationCache } from "../../server/db/generation-cache";
import { selectRows } from "../../server/db/open";
import { writesOf } from "../../server/db/write-generations";
import { listAnswers, recordAnswers } from "../../server/resources/answer-cache";
import { listTotals } from "../../server/resources/count-cache";
import { type Api, api, makeInventory, makeOrder, type Saved, unique } from "./domain-fixtures";
import { createTestApp, describeEachStore, signIn, type TestApp } from "./helpers";

// Lists' totals, and whole list and record answers, are kept until the next write to a table they were
// read from (server/resources/count-cache.ts, answer-cache.ts, server/db/write-generations.ts): every
// total and answer must still be what the database holds now, after the route's own writes, after hooks
// writing other kinds, after a change of a record's collection, a delete clearing references, a write
// by raw SQL, and per tenant and per caller.

describe("the tables a statement writes", () => {
  const tables = (statement: string) => [...writesOf(statement).tables].sort();

  it("reads Drizzle's, the bulk insert's and COPY's statements", () => {
    expect(tables('insert into "orders" ("id", "tenant_id") values (default, $1) returning "id"')).toEqual([
      "orders",
    ]);
    expect(tables('update "inventories" set "on_hand" = $1 where "inventories"."id" = $2')).toEqual([
      "inventories",
    ]);
    expect(tables('\n    insert into "order_items" ("a") select "a" from rows from (x)')).toEqual([
      "order_items",
    ]);
    expect(tables(`copy "orders" ("id") from '/dev/blob'`)).toEqual(["orders"]);
    expect(tables('with x as (select 1) update public."Mixed" set a = 1')).toEqual(["Mixed"]);
    expect(writesOf('delete from "vendors" where "id" = $1').deletes).toBe(true);
    expect(writesOf('update "vendors" set "name" = $1').deletes).toBe(false);
  });

  it("finds nothing in reads, locks and transaction control", () => {
    expect(tables('select * from "orders" where "id" = $1 for update')).toEqual([]);
    expect(tables('select "id" from "inventories" for no key update')).toEqual([]);
    expect(tables("begin")).toEqual([]);
    expect(tables("savepoint sp1")).toEqual([]);
  });
});

describeEachStore("list totals and kept answers (%s)", (dbKind) => {
  let t: TestApp;
  let admin: Api;
  let other: Api;
  let press: Api;

  beforeAll(async () => {
    t = await createTestApp(dbKind);
    await t.app.ready();
    admin = api(t.app, await signIn(t.app, "admin@pressroom.test"));
    other = api(t.app, await signIn(t.app, "admin@other.test", 2));
    press = api(t.app, await signIn(t.app, "press@pressroom.test"));
  });
  afterAll(() => t?.dispose());

  const total = async (a: Api, query: string) => {
    const res = await a.call("GET", query);
    if (res.statusCode !== 200) throw new Error(`GET ${query}: ${res.statusCode} ${res.body}`);
    return res.json().meta.total as number;
  };
  const pressUserId = async () =>
    (
      await selectRows<{ id: number }>(
        t.database.db,
        sql`select id from users where email = 'press@pressroom.test'`,
      )
    )[0].id;
  const counted = async (where: string) => {
    const [{ n }] = await selectRows<{ n: number }>(
      t.database.db,
      sql.raw(`select count(*)::int as n from orders where ${where}`),
    );
    return n;
  };

  it("answers a repeated list from the cache, with COUNT(*)'s figure", async () => {
    const query = "orders?channel=storefront&sort=-ordered_at";
    const first = await total(admin, query);
    expect(first).toBe(await counted("tenant_id = 1 and channel = 'storefront'"));
    const hits = listTotals.hits;
    // Another page and sort of the same filters: the same total, not counted again.
    expect(await total(admin, `${query}&page=3&limit=10`)).toBe(first);
    expect(await total(admin, "orders?sort=order_number&channel=storefront")).toBe(first);
    expect(listTotals.hits).toBe(hits + 2);
  });

  it("counts a created and a deleted record in the next list", async () => {
    const query = "orders?channel=api&sort=-ordered_at";
    const before = await total(admin, query);
    await total(admin, query); // cached now
    const order = await makeOrder(admin, [{}], { channel: "api" });
    expect(await total(admin, query)).toBe(before + 1);
    const changed = await admin.update("orders", order.id, { channel: "reorder" });
    expect(changed.channel).toBe("reorder");
    expect(await total(admin, query)).toBe(before);
    expect((await admin.call("DELETE", `orders/${order.id}`)).statusCode).toBe(200);
    expect(await total(admin, "orders?channel=reorder")).toBe(
      await counted("tenant_id = 1 and channel = 'reorder'"),
    );
    expect(await total(admin, query)).toBe(await counted("tenant_id = 1 and channel = 'api'"));
  });

  it("counts what a hook wrote to another kind (a purchase order's line puts stock on order)", async () => {
    const stock = await makeInventory(admin, "Count cache stock", 0);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const since = new Date().toISOString();
    const query = `inventories?id=${stock.id}&updated_at_gte=${encodeURIComponent(since)}`;
    expect(await total(admin, query)).toBe(0);
    expect(await total(admin, query)).toBe(0);
    // The record's answer is kept too (answer-cache.ts), until the hook's write.
    expect((await admin.get("inventories", stock.id)).on_order).toBe(0);
    expect((await admin.get("inventories", stock.id)).on_order).toBe(0);
    const [vendor, facility] = await Promise.all([admin.first("vendors"), admin.first("facilities")]);
    // Only the hook (on_order) writes the stock item here: its updated_at moves past `since`.
    await admin.create("purchase-orders", {
      po_number: unique("PO-"),
      vendor_id: vendor.id,
      deliver_to_id: facility.id,
      status: "sent",
      lines: [{ inventory_id: stock.id, description: "Stock", quantity: 10, unit_cost: 1 }],
    });
    expect((await admin.get("inventories", stock.id)).on_order).toBe(10);
    expect(await total(admin, query)).toBe(1);
  });

  it("counts references a delete cleared in another kind", async () => {
    const category = await admin.first("vendor-categories");
    const vendor = await admin.create("vendors", {
      name: unique("Vendor "),
      vendor_category_id: category.id,
    });
    const stock: Saved = await makeInventory(admin, "Vendor's stock", 0);
    await admin.update("inventories", stock.id, { vendor_id: vendor.id });
    const query = `inventories?vendor_id=${vendor.id}`;
    expect(await total(admin, query)).toBe(1);
    expect(await total(admin, query)).toBe(1);
    expect((await admin.call("DELETE", `vendors/${vendor.id}`)).statusCode).toBe(200);
    expect(await total(admin, query)).toBe(0);
  });

  it("keeps tenants' and own-scope callers' totals apart", async () => {
    const query = "orders?sort=-ordered_at";
    const mine = await total(admin, query);
    const theirs = await total(other, query);
    expect(mine).toBe(await counted("tenant_id = 1"));
    expect(theirs).toBe(await counted("tenant_id = 2"));
    expect(theirs).not.toBe(mine);
    expect(await total(other, query)).toBe(theirs);
    expect(await total(admin, query)).toBe(mine);
    // The press room reads its own orders only (ReadOwn): a total of its own, not the admin's.
    const pressId = await pressUserId();
    const own = await total(press, query);
    expect(own).toBe(await counted(`tenant_id = 1 and owner_id = ${pressId}`));
    await makeOrder(admin, [{}], { owner_id: pressId });
    expect(await total(press, query)).toBe(own + 1);
    expect(await total(admin, query)).toBe(mine + 1);
  });

  it("keeps no more than its bounds: entries, and the weight of what it keeps, the oldest going first", async () => {
    const cache = new GenerationCache<string>({ max: 3, maxWeight: 10, weigh: (v) => v.length });
    const db = t.database.db;
    const read = (key: string, value: string) => cache.get(db, ["vendors"], key, async () => value);
    await read("a", "1234");
    await read("b", "1234");
    expect(await read("a", "changed")).toBe("1234"); // kept: a weight of 8 of 10
    await read("c", "1234"); // 12: "a", the oldest, goes
    expect(await read("b", "changed")).toBe("1234");
    expect(await read("c", "changed")).toBe("1234");
    expect(await read("a", "again")).toBe("again");
    // "a" again made 13: "b" went; "b" again (7) pushes out "c" and "a".
    expect(await read("b", "changed")).toBe("changed");
    expect(await read("c", "changed")).toBe("changed");
    // Four small entries: the oldest goes by count.
    for (const key of ["d", "e", "f"]) await read(key, "1");
    expect(await read("b", "again")).toBe("again");
  });

  it("applies a role's new permissions and a logout to the very next request (sessions and grants are cached too)", async () => {
    expect((await press.call("GET", "customers?limit=1")).statusCode).toBe(403);
    expect((await press.call("GET", "customers?limit=1")).statusCode).toBe(403);
    const [role] = (await admin.call("GET", "roles?search=Press%20room")).json().data as Saved[];
    const patched = await admin.call("PATCH", `roles/${role.id}`, {
      permissions: { ...(role.permissions as Record<string, string[]>), Customer: ["Read"] },
      version: role.version,
    });
    expect(patched.statusCode).toBe(200);
    expect((await press.call("GET", "customers?limit=1")).statusCode).toBe(200);
    expect((await press.call("POST", "auth/logout")).statusCode).toBeLessThan(300);
    expect((await press.call("GET", "customers?limit=1")).statusCode).toBe(401);
  });

  // Whole answers (server/resources/answer-cache.ts), kept under the same generations.
  const body = async (a: Api, url: string) => {
    const res = await a.call("GET", url);
    if (res.statusCode !== 200) throw new Error(`GET ${url}: ${res.statusCode} ${res.body}`);
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
    return res.json() as { data: Saved | Saved[]; meta?: { total: number } };
  };
  const rows = async (a: Api, url: string) => (await body(a, url)).data as Saved[];

  it("answers a repeated list and record from what it kept, the same text", async () => {
    const url = "vendors?sort=name&limit=5";
    const first = await admin.call("GET", url);
    const hits = listAnswers.hits;
    const again = await admin.call("GET", url);
    expect(again.body).toBe(first.body);
    const id = (JSON.parse(first.body).data as Saved[])[0].id;
    const one = await admin.call("GET", `vendors/${id}`);
    const recordHits = recordAnswers.hits;
    expect((await admin.call("GET", `vendors/${id}`)).body).toBe(one.body);
    expect(listAnswers.hits).toBe(hits + 1);
    expect(recordAnswers.hits).toBe(recordHits + 1);
  });

  it("shows an update, a create and a delete in the next list and record", async () => {
    const category = await admin.first("vendor-categories");
    const name = unique("Kept vendor ");
    const vendor = await admin.create("vendors", { name, vendor_category_id: category.id });
    const url = `vendors?search=${encodeURIComponent(name)}`;
    expect((await rows(admin, url)).map((v) => v.name)).toEqual([name]);
    expect((await admin.get("vendors", vendor.id)).terms).toBe("net30");
    const changed = await admin.update("vendors", vendor.id, { terms: "prepaid" });
    const [listed] = await rows(admin, url);
    expect(listed).toMatchObject({ terms: "prepaid", version: changed.version });
    expect(await admin.get("vendors", vendor.id)).toMatchObject({
      terms: "prepaid",
      version: changed.version,
    });
    expect((await admin.call("DELETE", `vendors/${vendor.id}`)).statusCode).toBe(200);
    expect(await rows(admin, url)).toEqual([]);
    expect((await admin.call("GET", `vendors/${vendor.id}`)).statusCode).toBe(404);
  });

  it("shows a change of a record's items", async () => {
    const order = await makeOrder(admin, [{ quantity: 100 }]);
    const items = (await admin.get("orders", order.id)).items as Saved[];
    expect(items.map((i) => i.quantity)).toEqual([100]);
    const saved = await admin.get("orders", order.id);
    // run_id is the server's (set by runs), never sent back.
    const { run_id: _run, ...item } = items[0];
    const patched = await admin.call("PATCH", `orders/${order.id}`, {
      version: saved.version,
      items: [{ ...item, quantity: 250 }],
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(((await admin.get("orders", order.id)).items as Saved[]).map((i) => i.quantity)).toEqual([250]);
  });

  it("shows a write made by raw SQL", async () => {
    const vendor = await admin.first("vendors", "sort=name");
    const before = await admin.get("vendors", vendor.id);
    await admin.get("vendors", vendor.id);
    const contact = unique("Changed by SQL ");
    await t.database.db.execute(sql`update vendors set contact_name = ${contact} where id = ${vendor.id}`);
    expect((await admin.get("vendors", vendor.id)).contact_name).toBe(contact);
    expect((await rows(admin, "vendors?sort=name&limit=1"))[0].contact_name).toBe(contact);
    expect(before.contact_name).not.toBe(contact);
  });

  it("keeps tenants' and own-scope callers' answers apart", async () => {
    const url = "orders?sort=-ordered_at&limit=3";
    const mine = await rows(admin, url);
    const theirs = await rows(other, url);
    expect(mine.every((o) => o.tenant_id === 1)).toBe(true);
    expect(theirs.every((o) => o.tenant_id === 2)).toBe(true);
    expect((await rows(other, url)).map((o) => o.id)).toEqual(theirs.map((o) => o.id));
    // Another tenant's record is no record, even when this tenant's answer for the id is kept.
    expect((await admin.call("GET", `orders/${mine[0].id}`)).statusCode).toBe(200);
    expect((await other.call("GET", `orders/${mine[0].id}`)).statusCode).toBe(404);
    const pressId = await pressUserId();
    // Signed in again: a test above ends the press room's first session.
    const pressNow = api(t.app, await signIn(t.app, "press@pressroom.test"));
    const own = await rows(pressNow, url);
    expect(own.every((o) => o.owner_id === pressId)).toBe(true);
    // The press room's own scope: the admin's kept record of someone else's order is not theirs.
    const notTheirs = mine.find((o) => o.owner_id !== pressId);
    if (notTheirs) expect((await pressNow.call("GET", `orders/${notTheirs.id}`)).statusCode).toBe(404);
  });
});
