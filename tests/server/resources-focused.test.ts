import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { selectRows } from "../../server/db/open";
import { loadRegistry } from "../../server/resources/model";
import { bearer, createTestApp, describeEachStore, signIn, type TestApp } from "./helpers";

// Focused checks of the engine on the real declarations: references, uniqueness, races, the
// query language's refusals, the CSV export, and the inventory hooks.

const registry = await loadRegistry();

type Json = Record<string, unknown>;

describeEachStore("resource engine on the declarations (%s)", (dbKind) => {
  let t: TestApp;
  let admin: string;
  let other: string;
  let press: string;

  beforeAll(async () => {
    t = await createTestApp(dbKind);
    await t.app.ready();
    [admin, other, press] = await Promise.all([
      signIn(t.app, "admin@pressroom.test"),
      signIn(t.app, "admin@other.test", 2),
      signIn(t.app, "press@pressroom.test"),
    ]);
  });
  afterAll(() => t?.dispose());

  const call = (method: string, url: string, payload?: unknown, token = admin) =>
    t.app.inject({
      method: method as "GET",
      url: `/api/v1/${url}`,
      headers: bearer(token),
      ...(payload === undefined ? {} : { payload: payload as Json }),
    });
  const create = async (path: string, body: Json, token = admin) => {
    const res = await call("POST", path, body, token);
    if (res.statusCode !== 201) throw new Error(`${path}: ${res.statusCode} ${res.body}`);
    return res.json().data as Json & { id: number; version: number };
  };

  describe("references", () => {
    it("refuses to delete a record others still use, saying by how many (409)", async () => {
      const category = await create("vendor-categories", { name: "Label stock converters" });
      for (const name of ["Alpha Labels", "Beta Labels", "Gamma Labels"]) {
        await create("vendors", { name, vendor_category_id: category.id });
      }
      const res = await call("DELETE", `vendor-categories/${category.id}`);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: "This vendor category is still used by 3 vendors." });
      expect((await call("GET", `vendor-categories/${category.id}`)).statusCode).toBe(200);
    });

    it("refuses a reference to a record that is not in the caller's tenant (400)", async () => {
      const theirs = await create("vendor-categories", { name: "Their category" }, other);
      const res = await call("POST", "vendors", { name: "Sneaky", vendor_category_id: theirs.id });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([
        { field: "vendor_category_id", message: `There is no vendor category with id ${theirs.id}` },
      ]);
    });
  });

  it("clears a setNull reference on delete, as an update with a new version and a log entry", async () => {
    const center = await create("cost-centers", { name: "Temporary", code: "TMP-1", kind: "charge_code" });
    const customer = await create("customers", {
      customer_number: "T-1",
      name: "Temp customer",
      default_cost_center_id: center.id,
    });
    expect((await call("DELETE", `cost-centers/${center.id}`)).statusCode).toBe(200);
    const after = (await call("GET", `customers/${customer.id}`)).json().data;
    expect(after).toMatchObject({ default_cost_center_id: null, version: 2 });
    const logs = (await call("GET", `customers/${customer.id}/change-logs`)).json().data;
    expect(logs[0]).toMatchObject({
      action: "update",
      user: { id: 1, name: "Avery Admin" },
      changes: { default_cost_center_id: { from: center.id, to: null } },
    });
  });

  it("counts references held in id lists (409) and checks their ids (400)", async () => {
    const done = await create("statuses", { name: "Done", code: "done_x", entity: "run" });
    await create("statuses", { name: "Doing", code: "doing_x", entity: "run", next_status_ids: [done.id] });
    const res = await call("DELETE", `statuses/${done.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe("This status is still used by 1 status.");
    const bad = await call("POST", "statuses", {
      name: "X",
      code: "x",
      entity: "run",
      next_status_ids: [done.id, 999_999, 999_998],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([
      { field: "next_status_ids", message: "There are no statuses with ids 999999, 999998" },
    ]);
  });

  it("refuses to delete a site that memberships use (409)", async () => {
    const res = await call("DELETE", "sites/1");
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      "This site is still used by 3 groups. Take it out of their memberships first.",
    );
  });

  describe("unique fields", () => {
    it("refuses a duplicate, naming the field and the value (409), per tenant only", async () => {
      await create("vendor-categories", { name: "Die makers" });
      const res = await call("POST", "vendor-categories", { name: "Die makers" });
      expect(res.statusCode).toBe(409);
      const message =
        'Another vendor category already has the name "Die makers" (in any case). Use a different name.';
      expect(res.json()).toEqual({ message, errors: [{ field: "name", message }] });
      // Another tenant may use the same name.
      expect((await call("POST", "vendor-categories", { name: "Die makers" }, other)).statusCode).toBe(201);
      const second = await create("vendor-categories", { name: "Die makers 2" });
      const rename = await call("PATCH", `vendor-categories/${second.id}`, {
        version: 1,
        name: "Die makers",
      });
      expect(rename.statusCode).toBe(409);
    });
  });

  describe("optimistic concurrency", () => {
    it("lets exactly one of two racing updates from the same version win", async () => {
      const category = await create("vendor-categories", { name: "Race" });
      const results = await Promise.all(
        ["Race A", "Race B", "Race C"].map((name) =>
          call("PATCH", `vendor-categories/${category.id}`, { version: 1, name }),
        ),
      );
      const codes = results.map((r) => r.statusCode).sort();
      expect(codes).toEqual([200, 409, 409]);
      const winner = results.find((r) => r.statusCode === 200)?.json().data;
      const now = (await call("GET", `vendor-categories/${category.id}`)).json().data;
      expect(now).toEqual(winner);
      expect(now.version).toBe(2);
      const logs = (await call("GET", `vendor-categories/${category.id}/change-logs`)).json();
      expect(logs.meta.total).toBe(2);
    });

    it("needs the version on PATCH, and a PATCH of the version alone changes nothing", async () => {
      const category = await create("vendor-categories", { name: "Versioned" });
      const missing = await call("PATCH", `vendor-categories/${category.id}`, { name: "X" });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().errors[0].field).toBe("version");
      const same = await call("PATCH", `vendor-categories/${category.id}`, { version: 1 });
      expect(same.statusCode).toBe(200);
      expect(same.json().data).toEqual(category);
      const onCreate = await call("POST", "vendor-categories", { name: "V", version: 3 });
      expect(onCreate.json().errors).toEqual([
        { field: "version", message: "A new record starts at version 1; leave version out of the body" },
      ]);
    });
  });

  describe("the list query language", () => {
    const errorsOf = async (url: string) => {
      const res = await call("GET", url);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toBe("Validation failed");
      return res.json().errors as { field: string; message: string }[];
    };

    it("refuses what it does not know or cannot read (400, naming the parameter)", async () => {
      expect(await errorsOf("customers?limit=101")).toEqual([
        { field: "limit", message: "At most 100 records a page" },
      ]);
      expect((await errorsOf("customers?limit=0"))[0].field).toBe("limit");
      expect((await errorsOf("customers?page=0"))[0].field).toBe("page");
      expect((await errorsOf("customers?page=abc"))[0].field).toBe("page");
      expect((await errorsOf("customers?sort=nope"))[0]).toMatchObject({ field: "sort" });
      expect((await errorsOf("customers?sort=name,-contact_phone"))[0].message).toMatch(/contact_phone/);
      expect(await errorsOf("customers?nope=1")).toEqual([
        { field: "nope", message: "Unknown filter field" },
      ]);
      expect((await errorsOf("customers?type=martian"))[0]).toMatchObject({ field: "type" });
      expect((await errorsOf("customers?tax_exempt=maybe"))[0]).toMatchObject({ field: "tax_exempt" });
      expect((await errorsOf("customers?home_site_id=abc"))[0]).toMatchObject({ field: "home_site_id" });
      expect((await errorsOf("customers?id=1,x"))[0]).toMatchObject({ field: "id" });
      expect((await errorsOf("customers?id=99999999999"))[0]).toMatchObject({ field: "id" });
      expect((await errorsOf("customers?name_gte=a"))[0]).toMatchObject({ field: "name_gte" });
      expect((await errorsOf("inventories?basis_weight_gte=heavy"))[0]).toMatchObject({
        field: "basis_weight_gte",
      });
      expect((await errorsOf("customers?updated_at_gte=yesterday"))[0]).toMatchObject({
        field: "updated_at_gte",
      });
      expect((await errorsOf("customers?search=%00"))[0]).toMatchObject({ field: "search" });
      expect((await errorsOf("customers?search=a&search=b"))[0]).toMatchObject({ field: "search" });
      const several = await errorsOf("customers?limit=500&sort=bogus&nope=1");
      expect(several.map((e) => e.field).sort()).toEqual(["limit", "nope", "sort"]);
    });

    it("pages, sorts, filters (any of, ranges, empty) and fetches many by id", async () => {
      const page1 = (await call("GET", "customers?limit=10&sort=customer_number")).json();
      const page2 = (await call("GET", "customers?limit=10&page=2&sort=customer_number")).json();
      expect(page1.meta.total).toBeGreaterThan(20);
      expect(page2.meta).toEqual({ page: 2, limit: 10, total: page1.meta.total });
      const ids = [...page1.data, ...page2.data].map((r: Json) => r.id);
      expect(new Set(ids).size).toBe(20);

      const many = (await call("GET", `customers?id=${ids.slice(0, 3).join(",")}&limit=100`)).json();
      expect(many.data.map((r: Json) => r.id).sort()).toEqual(ids.slice(0, 3).sort());

      const anyOf = (await call("GET", "customers?type=nonprofit,government&limit=100")).json();
      expect(anyOf.data.length).toBeGreaterThan(0);
      for (const r of anyOf.data) expect(["nonprofit", "government"]).toContain(r.type);

      const range = (
        await call("GET", "inventories?basis_weight_gte=80&basis_weight_lte=100&limit=100")
      ).json();
      expect(range.data.length).toBeGreaterThan(0);
      for (const r of range.data) expect(r.basis_weight >= 80 && r.basis_weight <= 100).toBe(true);

      const noBrand = (await call("GET", "inventories?paper_brand_id=&limit=100")).json();
      expect(noBrand.data.length).toBeGreaterThan(0);
      for (const r of noBrand.data) expect(r.paper_brand_id).toBeNull();

      const desc = (await call("GET", "customers?sort=-credit_limit,customer_number&limit=100")).json().data;
      // Descending puts records without a value first, as PostgreSQL does.
      const limits = desc.map((r: Json) => r.credit_limit as number | null);
      const firstValue = limits.findIndex((v: number | null) => v !== null);
      expect(limits.slice(firstValue).includes(null)).toBe(false);
      const values = limits.slice(firstValue) as number[];
      expect(values).toEqual([...values].sort((a, b) => b - a));
    });

    it("searches every word in the searchable fields, with % and _ taken literally", async () => {
      const category = await create("vendor-categories", { name: "Search test" });
      const literal = await create("vendors", {
        name: "100% Cotton_Stock Co",
        vendor_category_id: category.id,
      });
      const lookalike = await create("vendors", {
        name: "100X CottonXStock Co",
        vendor_category_id: category.id,
      });
      const ids = async (q: string) =>
        (await call("GET", `vendors?search=${encodeURIComponent(q)}&limit=100`))
          .json()
          .data.map((r: Json) => r.id);
      expect(await ids("100%")).toEqual([literal.id]);
      expect(await ids("cotton_stock")).toEqual([literal.id]);
      expect(await ids("cotton co 100x")).toEqual([lookalike.id]);
      expect(await ids("COTTON")).toEqual(expect.arrayContaining([literal.id, lookalike.id]));
    });
  });

  describe("bodies and ids users can type", () => {
    it("never answers 500 to odd input", async () => {
      const nul = await call("POST", "vendor-categories", { name: "bad\u0000name" });
      expect(nul.statusCode).toBe(400);
      expect(nul.json().errors[0].field).toBe("name");
      const nulJson = await call("POST", "attributes", {
        name: "A",
        code: "a-nul",
        values: { k: "x\u0000" },
      });
      expect(nulJson.statusCode).toBe(400);
      for (const body of ["[1,2]", '"text"', "null", "{"]) {
        const res = await t.app.inject({
          method: "POST",
          url: "/api/v1/vendor-categories",
          headers: { ...bearer(admin), "content-type": "application/json" },
          payload: body,
        });
        expect(res.statusCode, body).toBe(400);
      }
      for (const id of ["abc", "1.5", "-1", "0", "99999999999", "1e3"]) {
        expect((await call("GET", `vendor-categories/${id}`)).statusCode, id).toBe(404);
        expect((await call("PATCH", `vendor-categories/${id}`, { version: 1 })).statusCode, id).toBe(404);
      }
      const long = await call("POST", "vendor-categories", { name: "x".repeat(121) });
      expect(long.json().errors).toEqual([{ field: "name", message: "Use at most 120 characters" }]);
      const huge = await call("POST", "customers", {
        customer_number: "H-1",
        name: "Huge",
        credit_limit: 1e300,
        type: "retail",
      });
      expect(huge.statusCode).toBe(400);
      const cents = await call("POST", "customers", {
        customer_number: "H-2",
        name: "Cents",
        credit_limit: 10.005,
      });
      expect(cents.json().errors).toEqual([
        { field: "credit_limit", message: "Use at most 2 decimal places" },
      ]);
      const email = await call("POST", "customers", {
        customer_number: "H-3",
        name: "E",
        contact_email: "nope",
      });
      expect(email.json().errors).toEqual([
        { field: "contact_email", message: "Enter a valid email address" },
      ]);
      // The customer number is numbered: left out, the server gives the next one; the name it cannot.
      const missing = await call("POST", "customers", { company: "No name" });
      expect(missing.json().errors.map((e: Json) => e.field)).toEqual(["name"]);
      const blank = await call("POST", "customers", { customer_number: "H-4", name: "  " });
      expect(blank.json().errors).toEqual([{ field: "name", message: "This field is required" }]);
      const system = await call("POST", "vendor-categories", {
        name: "S",
        id: 5,
        created_at: "2024-01-01T00:00:00Z",
        updated_at: "2024-01-01T00:00:00Z",
      });
      expect(system.json().errors.map((e: Json) => e.field)).toEqual(["id", "created_at", "updated_at"]);
    });

    it("stores an emptied optional text as null, so optional unique fields may repeat empty", async () => {
      const category = await create("vendor-categories", { name: "Empty accounts" });
      const a = await create("vendors", { name: "A", vendor_category_id: category.id, account_no: "" });
      const b = await create("vendors", { name: "B", vendor_category_id: category.id, account_no: "  " });
      expect([a.account_no, b.account_no]).toEqual([null, null]);
    });

    it("keeps the change log readable after a delete and pages it", async () => {
      const category = await create("vendor-categories", { name: "Logged" });
      for (let v = 1; v <= 3; v++) {
        await call("PATCH", `vendor-categories/${category.id}`, { version: v, description: `v${v}` });
      }
      await call("DELETE", `vendor-categories/${category.id}`);
      const page = (await call("GET", `vendor-categories/${category.id}/change-logs?limit=2&page=2`)).json();
      expect(page.meta).toEqual({ page: 2, limit: 2, total: 5 });
      expect(page.data.map((e: Json) => e.action)).toEqual(["update", "update"]);
      const last = (await call("GET", `vendor-categories/${category.id}/change-logs?limit=2&page=3`)).json();
      expect(last.data.map((e: Json) => e.action)).toEqual(["create"]);
      const bad = await call("GET", `vendor-categories/${category.id}/change-logs?limit=1000&x=1`);
      expect(bad.json().errors.map((e: Json) => e.field)).toEqual(["limit", "x"]);
      expect((await call("GET", "vendor-categories/999999/change-logs")).statusCode).toBe(404);
    });
  });

  describe("CSV export", () => {
    it("exports the list query's rows with labelled columns, references as id and title", async () => {
      const category = await create("vendor-categories", { name: 'Export, "quoted"' });
      await create("vendors", {
        name: "=HYPERLINK(1)",
        vendor_category_id: category.id,
        account_no: "EXP-1",
        lead_time_days: 4,
        preferred: true,
      });
      await create("vendors", {
        name: "Plain exporter",
        vendor_category_id: category.id,
        account_no: "EXP-2",
      });
      const res = await call(
        "GET",
        `vendors/export.csv?vendor_category_id=${category.id}&sort=-name&page=3&limit=1`,
      );
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
      expect(res.headers["content-disposition"]).toBe('attachment; filename="vendors.csv"');
      const lines = res.body
        .replace(/^\uFEFF/, "")
        .trimEnd()
        .split("\r\n");
      const model = registry.byKind.get("Vendor");
      const expected = ["ID"];
      for (const [name, field] of Object.entries(model?.fields ?? {})) {
        const label = field.label ?? name;
        expected.push(...(field.type === "reference" ? [`${label} ID`, label] : [label]));
      }
      expected.push("Created at", "Updated at");
      expect(lines[0]).toBe(expected.map((h) => (/[",]/.test(h) ? `"${h}"` : h)).join(","));
      expect(lines).toHaveLength(3); // header + both vendors: the page is not applied
      expect(lines[1]).toContain("Plain exporter");
      expect(lines[2]).toContain(`'=HYPERLINK(1)`);
      expect(lines[2]).toContain(`${category.id},"Export, ""quoted"""`);
    });

    it("walks every row across batches in the list's order", async () => {
      const { exportCsv } = await import("../../server/resources/csv-export");
      const { parseListQuery } = await import("../../server/resources/query-language");
      const { and, eq } = await import("drizzle-orm");
      const model = registry.byKind.get("Customer") as NonNullable<ReturnType<typeof registry.byKind.get>>;
      for (const sort of ["company,-credit_limit", "-company,name", "-id"]) {
        const query = parseListQuery(model, { sort });
        const csv: string[] = [];
        for await (const chunk of exportCsv({
          db: t.database.db,
          registry,
          model,
          tenantId: 1,
          where: and(eq(model.table.table.tenant_id, 1), ...query.conditions),
          sort: query.sort,
          batchSize: 7,
        })) {
          csv.push(chunk);
        }
        const exported = csv
          .join("")
          .trimEnd()
          .split("\r\n")
          .slice(1)
          .map((line) => Number(line.split(",")[0]));
        const listed: number[] = [];
        for (let page = 1; ; page++) {
          const body = (await call("GET", `customers?sort=${sort}&limit=100&page=${page}`)).json();
          listed.push(...body.data.map((r: Json) => r.id as number));
          if (body.data.length < 100) break;
        }
        expect(exported, sort).toEqual(listed);
      }
    });
  });

  describe("inventory", () => {
    let item: Json & { id: number };

    it("computes available = on_hand − committed on every write, and refuses it in a body", async () => {
      const seeded = (await call("GET", "inventories?limit=1&sort=sku")).json().data[0];
      const unit = seeded.measure_unit_id as number;
      const type = seeded.inventory_type_id as number;
      item = await create("inventories", {
        sku: "TEST-QTY-1",
        name: "Test stock 12×18",
        inventory_type_id: type,
        measure_unit_id: unit,
        on_hand: 1000,
        cost_per_m: 12.34,
      });
      expect(item).toMatchObject({
        on_hand: 1000,
        committed: 0,
        available: 1000,
        on_order: 0,
        cost_per_m: 12.34,
      });
      const res = await call("POST", "inventories", {
        sku: "X",
        name: "X",
        inventory_type_id: type,
        measure_unit_id: unit,
        available: 5,
        committed: 1,
      });
      expect(res.statusCode).toBe(400);
      expect(
        res
          .json()
          .errors.map((e: Json) => e.field)
          .sort(),
      ).toEqual(["available", "committed"]);
      await t.database.db.execute(sql`update inventories set committed = 300 where id = ${item.id}`);
      const patched = await call("PATCH", `inventories/${item.id}`, { version: 1, on_hand: 1250 });
      expect(patched.json().data).toMatchObject({
        on_hand: 1250,
        committed: 300,
        available: 950,
        version: 2,
      });
      item = patched.json().data;
    });

    it("logs every on_hand change as a quantity change, in the same transaction", async () => {
      await call("PATCH", `inventories/${item.id}`, { version: 2, on_hand: 1100, bin: "Z-9" });
      await call("PATCH", `inventories/${item.id}`, { version: 3, bin: "Z-10" }); // no quantity change
      const res = await call("GET", `inventories/quantity-change-logs?inventory_id=${item.id}`);
      expect(res.statusCode).toBe(200);
      const { data, meta } = res.json();
      expect(meta).toEqual({ page: 1, limit: 25, total: 3 });
      expect(data.map((e: Json) => [e.type, e.quantity, e.balance_after])).toEqual([
        ["adjust", -150, 1100],
        ["adjust", 250, 1250],
        ["adjust", 1000, 1000],
      ]);
      expect(data[0]).toEqual({
        id: expect.any(Number),
        inventory_id: item.id,
        at: expect.any(String),
        user: { id: 1, name: "Avery Admin" },
        type: "adjust",
        quantity: -150,
        balance_after: 1100,
        reference: null,
        note: null,
      });
      expect(data[2].note).toBe("Opening balance");

      // A failed write leaves no quantity change behind.
      const stale = await call("PATCH", `inventories/${item.id}`, { version: 1, on_hand: 5 });
      expect(stale.statusCode).toBe(409);
      expect(
        (await call("GET", `inventories/quantity-change-logs?inventory_id=${item.id}`)).json().meta.total,
      ).toBe(3);
    });

    it("lists the seeded history, keeps it to the tenant and to readers", async () => {
      const all = (await call("GET", "inventories/quantity-change-logs?limit=100")).json();
      expect(all.meta.total).toBeGreaterThan(20);
      const types = new Set(all.data.map((e: Json) => e.type));
      expect(types.has("receive") && types.has("consume")).toBe(true);
      const theirs = (
        await call("GET", `inventories/quantity-change-logs?inventory_id=${item.id}`, undefined, other)
      ).json();
      expect(theirs.meta.total).toBe(0);
      expect((await call("GET", "inventories/quantity-change-logs", undefined, press)).statusCode).toBe(403);
      const bad = await call("GET", "inventories/quantity-change-logs?inventory_id=abc&x=1");
      expect(bad.json().errors.map((e: Json) => e.field)).toEqual(["inventory_id", "x"]);
      const rows = await selectRows<{ n: number }>(
        t.database.db,
        sql`select count(*)::int as n from inventory_quantity_changes where inventory_id = ${item.id}`,
      );
      expect(rows[0].n).toBe(3);
    });
  });

  it("publishes every kind's record schema and routes in the OpenAPI document", async () => {
    const doc = (await t.app.inject({ method: "GET", url: "/api/v1/openapi.json" })).json();
    for (const model of registry.models) {
      const base = `/api/v1/${model.resource.path}`;
      expect(doc.components.schemas[model.kind], model.kind).toMatchObject({ type: "object" });
      expect(Object.keys(doc.components.schemas[model.kind].properties)).toEqual(
        expect.arrayContaining(["id", "version", "created_at", "updated_at", ...Object.keys(model.fields)]),
      );
      const paths = Object.keys(doc.paths);
      for (const suffix of ["", "/{id}", "/{id}/change-logs", "/export.csv"]) {
        expect(paths, `${base}${suffix}`).toContain(`${base}${suffix}`);
      }
      expect(Object.keys(doc.paths[base])).toEqual(expect.arrayContaining(["get", "post"]));
      expect(Object.keys(doc.paths[`${base}/{id}`])).toEqual(
        expect.arrayContaining(["get", "patch", "delete"]),
      );
    }
  });
});
