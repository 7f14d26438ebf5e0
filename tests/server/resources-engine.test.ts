import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../server/app";
import { roles } from "../../server/db/schema";
import { exportCsv } from "../../server/resources/csv-export";
import { buildRegistry } from "../../server/resources/model";
import { parseListQuery } from "../../server/resources/query-language";
import { syncResourceSchema } from "../../server/resources/schema-sync";
import { defineResource } from "../../src/resource-engine/define";
import {
  boolean,
  choice,
  colour,
  date,
  datetime,
  decimal,
  email,
  integer,
  json,
  longText,
  money,
  percent,
  phone,
  reference,
  referenceList,
  richText,
  text,
  url,
} from "../../src/resource-engine/fields";
import { bearer, createTestDatabase, describeEachStore, signIn, type TestDatabase } from "./helpers";

// The engine on made-up kinds that use every field type and the Any/Own permissions (no
// declaration in src/resources does yet): the kinds are Order (Any/Own) and List, served at
// test-only paths so their tables never meet the real ones.

const lists = defineResource({
  kind: "List",
  path: "test-lists",
  fields: { name: text({ required: true, max: 60, searchable: true, sortable: true }) },
  sort: "name",
});

const orders = defineResource({
  kind: "Order",
  path: "test-orders",
  ownerField: "owner_id",
  fields: {
    order_number: text({ required: true, max: 20, unique: true, searchable: true, sortable: true }),
    notes: longText({ max: 500, searchable: true }),
    body: richText(),
    contact: email(),
    phone: phone(),
    website: url(),
    colour: colour(),
    quantity: integer({ min: 1, max: 100_000, sortable: true, filter: true }),
    weight: decimal({ scale: 3, filter: true, sortable: true }),
    total: money({ filter: true }),
    discount: percent(),
    due_on: date({ filter: true, sortable: true }),
    ordered_at: datetime({ filter: true, sortable: true }),
    rush: boolean({ filter: true }),
    channel: choice(["storefront", "csr", "api"], { default: "csr", filter: true }),
    list_id: reference("List", { filter: true, onDelete: "setNull" }),
    list_ids: referenceList("List", { filter: true, onDelete: "setNull" }),
    options: json(),
    owner_id: integer({ filter: true }),
    score: integer({ readOnly: true }),
  },
});

const registry = buildRegistry([lists, orders], new Map());

type Json = Record<string, unknown>;

describeEachStore("the engine on every field type (%s)", (dbKind) => {
  let db: TestDatabase;
  let app: ReturnType<typeof buildApp>;
  let admin: string;
  let csr: string;
  let press: string;

  beforeAll(async () => {
    db = await createTestDatabase(dbKind);
    await syncResourceSchema(db.handle.db, registry);
    app = buildApp({ database: db.handle, resources: registry });
    await app.ready();
    [admin, csr, press] = await Promise.all([
      signIn(app, "admin@pressroom.test"),
      signIn(app, "csr@pressroom.test"),
      signIn(app, "press@pressroom.test"),
    ]);
  });
  afterAll(async () => {
    await app?.close();
    await db?.dispose();
  });

  const call = (method: string, url: string, payload?: unknown, token = admin) =>
    app.inject({
      method: method as "GET",
      url: `/api/v1/${url}`,
      headers: bearer(token),
      ...(payload === undefined ? {} : { payload: payload as Json }),
    });
  const create = async (path: string, body: Json, token = admin) => {
    const res = await call("POST", path, body, token);
    if (res.statusCode !== 201) throw new Error(`${path}: ${res.statusCode} ${res.body}`);
    return res.json().data as Json & { id: number };
  };
  const errorsOf = async (body: Json) => {
    const res = await call("POST", "test-orders", {
      order_number: `E-${Math.random()}`.slice(0, 20),
      ...body,
    });
    expect(res.statusCode, res.body).toBe(400);
    return res.json().errors as { field: string; message: string }[];
  };

  let listA: Json & { id: number };
  let listB: Json & { id: number };
  let order: Json & { id: number };

  it("stores and answers every type in the contract's JSON shapes", async () => {
    listA = await create("test-lists", { name: "Spring" });
    listB = await create("test-lists", { name: "Fall" });
    order = await create("test-orders", {
      order_number: "SO-1",
      notes: "Two drops",
      body: "<p>Hello <b>there</b></p>",
      contact: "buyer@example.com",
      phone: "+1 (312) 555-0100 x12",
      website: "https://example.com/a?b=c",
      colour: "#AABBCC",
      quantity: 2500,
      weight: 1.125,
      total: 1234.5,
      discount: 12.5,
      due_on: "2024-02-29",
      ordered_at: "2024-05-01T16:30:00+02:00",
      rush: true,
      list_id: listA.id,
      list_ids: [listB.id, listA.id, listB.id],
      options: { coating: "uv", sides: [4, 4], note: null },
    });
    expect(order).toMatchObject({
      weight: 1.125,
      total: 1234.5,
      discount: 12.5,
      due_on: "2024-02-29",
      ordered_at: "2024-05-01T14:30:00.000Z",
      channel: "csr",
      list_ids: [listB.id, listA.id],
      options: { coating: "uv", sides: [4, 4], note: null },
      owner_id: 1,
      score: null,
      version: 1,
    });
    expect((await call("GET", `test-orders/${order.id}`)).json().data).toEqual(order);
  });

  it("checks every type, with a message for each bad field", async () => {
    const cases: [Json, string, string][] = [
      [{ due_on: "2023-02-29" }, "due_on", "Expected a date as YYYY-MM-DD"],
      [{ due_on: "0000-01-01" }, "due_on", "Use a year between 1900 and 2199"],
      [
        { ordered_at: "2024-05-01T14:30:00" },
        "ordered_at",
        "Expected a date and time in ISO 8601, e.g. 2024-05-01T14:30:00Z",
      ],
      [{ website: "ftp://example.com" }, "website", "Enter a web address starting with http:// or https://"],
      [
        { website: "javascript:alert(1)" },
        "website",
        "Enter a web address starting with http:// or https://",
      ],
      [{ colour: "red" }, "colour", "Enter a colour as #rrggbb"],
      [{ phone: "call me" }, "phone", "Use digits, spaces and + ( ) - . / x only"],
      [{ quantity: 1.5 }, "quantity", "Expected a whole number"],
      [{ quantity: 0 }, "quantity", "Must be at least 1"],
      [{ quantity: 100_001 }, "quantity", "Must be at most 100,000"],
      [{ quantity: "12" }, "quantity", "Expected a whole number"],
      [{ weight: 1.0001 }, "weight", "Use at most 3 decimal places"],
      [{ discount: 101 }, "discount", "Must be at most 100"],
      [{ total: -1 }, "total", "Must be at least 0"],
      [{ rush: "true" }, "rush", "Expected true or false"],
      [{ channel: "fax" }, "channel", "Expected one of: storefront, csr, api"],
      [{ list_id: 0 }, "list_id", "Expected a record id (a positive whole number)"],
      [{ list_id: 987_654 }, "list_id", "There is no test list with id 987654"],
      [{ list_ids: [listA.id, "x"] }, "list_ids", "Expected a record id (a positive whole number)"],
      [{ owner_id: 2 ** 31 }, "owner_id", "Must be at most 2,147,483,647"],
      [{ score: 5 }, "score", "Computed by the server; leave it out of the body"],
      [{ notes: "x".repeat(501) }, "notes", "Use at most 500 characters"],
    ];
    for (const [body, field, message] of cases) {
      expect(await errorsOf(body), JSON.stringify(body)).toEqual([{ field, message }]);
    }
    const many = await errorsOf({ quantity: "x", rush: 1, contact: "nope", bogus: true });
    expect(many.map((e) => e.field).sort()).toEqual(["bogus", "contact", "quantity", "rush"]);
  });

  it("filters by every kind of value: ranges on numbers, dates and times, lists, booleans, empty", async () => {
    await create("test-orders", {
      order_number: "SO-2",
      quantity: 500,
      weight: 0.5,
      due_on: "2024-03-15",
      ordered_at: "2024-03-10T23:59:00Z",
      rush: false,
      channel: "api",
      list_ids: [listB.id],
    });
    const numbers = async (query: string) => {
      const res = await call("GET", `test-orders?${query}&sort=order_number`);
      expect(res.statusCode, `${query}: ${res.body}`).toBe(200);
      return res.json().data.map((r: Json) => r.order_number);
    };
    expect(await numbers("quantity_gte=1000")).toEqual(["SO-1"]);
    expect(await numbers("weight_lte=0.5")).toEqual(["SO-2"]);
    expect(await numbers("due_on_gte=2024-03-01&due_on_lte=2024-03-31")).toEqual(["SO-2"]);
    expect(await numbers("ordered_at_lte=2024-03-10")).toEqual(["SO-2"]); // a day bound covers the whole day
    expect(await numbers("ordered_at_gte=2024-05-01T14:30:00Z")).toEqual(["SO-1"]);
    expect(await numbers("rush=false")).toEqual(["SO-2"]);
    expect(await numbers("channel=api,storefront")).toEqual(["SO-2"]);
    expect(await numbers(`list_ids=${listA.id}`)).toEqual(["SO-1"]);
    expect(await numbers(`list_ids=${listB.id}`)).toEqual(["SO-1", "SO-2"]);
    expect(await numbers("list_id=")).toEqual(["SO-2"]);
    expect(await numbers("total=1234.5")).toEqual(["SO-1"]);
    expect(await numbers("search=drops")).toEqual(["SO-1"]);
    const bad = await call(
      "GET",
      "test-orders?due_on_gte=2024-13-01&ordered_at_gte=soon&options=1&rush_gte=1",
    );
    expect(bad.json().errors.map((e: Json) => e.field)).toEqual([
      "due_on_gte",
      "ordered_at_gte",
      "options",
      "rush_gte",
    ]);
  });

  it("exports datetimes and decimals across batches in the list's order", async () => {
    for (let i = 0; i < 9; i++) {
      await create("test-orders", {
        order_number: `B-${i}`,
        ordered_at: i % 3 === 0 ? null : `2024-04-0${(i % 4) + 1}T10:00:00.123Z`,
        weight: i % 2 ? 1.5 : null,
      });
    }
    const model = registry.byKind.get("Order");
    if (!model) throw new Error("no model");
    for (const sort of ["ordered_at", "-ordered_at,-weight", "weight,-order_number"]) {
      const query = parseListQuery(model, { sort });
      let csv = "";
      for await (const chunk of exportCsv({
        db: db.handle.db,
        registry,
        model,
        tenantId: 1,
        where: and(eq(model.table.table.tenant_id, 1), ...query.conditions),
        sort: query.sort,
        batchSize: 2,
      })) {
        csv += chunk;
      }
      const exported = csv
        .trimEnd()
        .split("\r\n")
        .slice(1)
        .map((l) => Number(l.split(",")[0]));
      const listed = (await call("GET", `test-orders?sort=${sort}&limit=100`))
        .json()
        .data.map((r: Json) => r.id);
      expect(exported, sort).toEqual(listed);
    }
    const csv = await call("GET", `test-orders/export.csv?id=${order.id}`);
    const [header, row] = csv.body.replace(/^\uFEFF/, "").split("\r\n");
    expect(header).toContain("List ID,List,List IDs,List");
    expect(row).toContain(`${listA.id},Spring,${listB.id};${listA.id},Fall; Spring`);
    // JSON as text (in jsonb's key order); a text starting like a formula is defused.
    expect(row).toContain('"{""note"":null,""sides"":[4,4],""coating"":""uv""}"');
    expect(row).toContain(",'+1 (312) 555-0100 x12,");
  });

  describe("Any/Own permissions", () => {
    let mine: Json & { id: number };
    let theirs: Json & { id: number };

    beforeAll(async () => {
      mine = await create("test-orders", { order_number: "OWN-3", owner_id: 3 });
      theirs = await create("test-orders", { order_number: "OWN-1" });
    });

    it("shows a ReadOwn user only their own records, everywhere", async () => {
      const listed = (await call("GET", "test-orders?limit=100", undefined, press)).json();
      expect(listed.data.map((r: Json) => r.id)).toEqual([mine.id]);
      expect(listed.meta.total).toBe(1);
      expect((await call("GET", `test-orders/${theirs.id}`, undefined, press)).statusCode).toBe(404);
      expect((await call("GET", `test-orders/${mine.id}`, undefined, press)).statusCode).toBe(200);
      expect((await call("GET", `test-orders/${theirs.id}/change-logs`, undefined, press)).statusCode).toBe(
        404,
      );
      const csv = await call("GET", "test-orders/export.csv", undefined, press);
      expect(csv.body.trimEnd().split("\r\n")).toHaveLength(2);
      expect((await call("POST", "test-orders", { order_number: "P-1" }, press)).statusCode).toBe(403);
      // ReadAny sees all.
      expect((await call("GET", "test-orders?limit=100", undefined, csr)).json().meta.total).toBeGreaterThan(
        2,
      );
    });

    it("lets a user with the Own actions write their own records only", async () => {
      await db.handle.db
        .update(roles)
        .set({ permissions: { Order: ["ReadOwn", "CreateOwn", "UpdateOwn", "DeleteOwn"] } })
        .where(eq(roles.name, "Press room"));
      const given = await call("POST", "test-orders", { order_number: "P-2", owner_id: 1 }, press);
      expect(given.json().errors).toEqual([
        { field: "owner_id", message: "You may only create records you own" },
      ]);
      const own = await create("test-orders", { order_number: "P-3" }, press);
      expect(own.owner_id).toBe(3);
      expect(
        (await call("PATCH", `test-orders/${theirs.id}`, { version: 1, notes: "x" }, press)).statusCode,
      ).toBe(404);
      expect((await call("DELETE", `test-orders/${theirs.id}`, undefined, press)).statusCode).toBe(404);
      const handOver = await call("PATCH", `test-orders/${own.id}`, { version: 1, owner_id: 1 }, press);
      expect(handOver.statusCode).toBe(400);
      expect(
        (await call("PATCH", `test-orders/${own.id}`, { version: 1, notes: "mine" }, press)).statusCode,
      ).toBe(200);
      expect((await call("DELETE", `test-orders/${own.id}`, undefined, press)).statusCode).toBe(200);
    });
  });

  it("clears setNull references and id lists when their target goes", async () => {
    const res = await call("DELETE", `test-lists/${listA.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const after = (await call("GET", `test-orders/${order.id}`)).json().data;
    // Each cleared field is an update of its own: a new version and a log entry.
    expect(after).toMatchObject({
      list_id: null,
      list_ids: [listB.id],
      version: (order.version as number) + 2,
    });
    const logs = (await call("GET", `test-orders/${order.id}/change-logs`)).json().data;
    expect(logs.slice(0, 2).map((l: Json) => l.changes)).toEqual(
      expect.arrayContaining([
        { list_id: { from: listA.id, to: null } },
        { list_ids: { from: [listB.id, listA.id], to: [listB.id] } },
      ]),
    );
    const rows = await db.handle.db.execute(
      sql`select count(*)::int as n from change_logs where kind = 'Order' and record_id = ${order.id}`,
    );
    expect((rows as unknown as { rows: { n: number }[] }).rows[0].n).toBe(3);
  });
});
