import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadRegistry, type ResourceModel } from "../../server/resources/model";
import type { Verb } from "../../src/access/permissions";
import type { Field } from "../../src/resource-engine/fields";
import { BranchTally } from "./branch-tally";
import { demoScope } from "./demo-grants";
import { bearer, createTestApp, describeEachStore, signIn, type TestApp } from "./helpers";
import { expectedOutput, isWritable, RecordFactory, wrongTypeValue } from "./resource-factory";
import { checkOrder, comparisonFor } from "./sort-order";

// One table-driven suite over every declaration in src/resources: each kind is created from a
// body built from its field declarations (with its child collections), then read, listed,
// searched, sorted, filtered, updated, conflicted, refused, logged, hidden from the other
// tenant, refused to a user without permission, and deleted; its collections are then replaced
// in one write. A new declaration is covered without touching this file.

const registry = await loadRegistry();

type Json = Record<string, unknown>;

/** A filter's query value for a stored value (an id list filters by one of its ids). */
function filterValue(value: unknown): string {
  return String(Array.isArray(value) ? value[0] : value);
}

/** A valid filter value that the stored one does not match, so a filter the server ignored shows. */
function otherFilterValue(field: Field, value: unknown): string {
  switch (field.type) {
    case "reference":
    case "referenceList":
      return String(Number(filterValue(value)) + 1_000_000);
    case "enum": {
      const other = field.values.find((v) => v.value !== value);
      if (!other) throw new Error(`${field.label}: an enum of one value cannot be filtered away`);
      return other.value;
    }
    case "boolean":
      return String(!value);
    case "integer":
    case "decimal":
    case "money":
    case "percent":
      return String(Number(value) + 1);
    case "date":
      return String(value) === "2001-01-01" ? "2001-01-02" : "2001-01-01";
    case "datetime":
      return new Date(new Date(String(value)).getTime() + 86_400_000).toISOString();
    default:
      return `${String(value)}-other`;
  }
}

/** Whether a listed value matches a filter's query value (an id list holds it). */
function matchesFilter(stored: unknown, query: string): boolean {
  if (Array.isArray(stored)) return stored.map(String).includes(query);
  if (typeof stored === "number") return stored === Number(query);
  if (typeof stored === "string" && /^\d{4}-\d\d-\d\dT/.test(stored))
    return Date.parse(stored) === Date.parse(query);
  return String(stored) === query;
}

/** A record as lists show it: without its child collections. */
function listed(model: ResourceModel, record: Json): Json {
  const copy = { ...record };
  for (const child of model.children) delete copy[child.name];
  return copy;
}

/** The sent rows of one collection, as the answer must show them (ids aside). */
function expectedRows(fields: Record<string, Field>, rows: Json[]): Json[] {
  // A new row's server-set fields start empty (an order item's run_id: no run gangs it yet).
  const serverSet = Object.keys(fields).filter((name) => fields[name].readOnly);
  return rows.map((row, position) => ({
    id: expect.any(Number),
    position,
    ...Object.fromEntries(serverSet.map((name) => [name, null])),
    ...Object.fromEntries(
      Object.entries(row).map(([name, value]) => [name, expectedOutput(fields[name], value)]),
    ),
  }));
}

const isGenerated = (field: Field) => field.type === "secret" && field.secret === "generated";

describeEachStore("resource kinds (%s)", (dbKind) => {
  let t: TestApp;
  let admin: string;
  let other: string;
  let press: string;
  let factory: RecordFactory;
  const ran = new BranchTally();

  beforeAll(async () => {
    t = await createTestApp(dbKind);
    await t.app.ready();
    [admin, other, press] = await Promise.all([
      signIn(t.app, "admin@pressroom.test"),
      signIn(t.app, "admin@other.test", 2),
      signIn(t.app, "press@pressroom.test"),
    ]);
    factory = new RecordFactory(t.app, admin, registry);
  });
  afterAll(() => t?.dispose());

  const call = (token: string, method: string, url: string, payload?: unknown) =>
    t.app.inject({
      method: method as "GET",
      url: `/api/v1/${url}`,
      headers: bearer(token),
      ...(payload === undefined ? {} : { payload: payload as Json }),
    });

  describe.each(registry.models.map((m) => [m.kind, m] as [string, ResourceModel]))("%s", (_kind, model) => {
    const path = model.resource.path;
    const writable = Object.entries(model.fields).filter(([, f]) => isWritable(f));
    const generated = Object.keys(model.fields).filter((n) => isGenerated(model.fields[n]));
    const childNames = model.children.map((c) => c.name);
    let sent: Json;
    let record: Json & { id: number };

    it("creates a record (201) holding every field, version 1 and timestamps", async () => {
      sent = await factory.body(model);
      const res = await call(admin, "POST", path, sent);
      expect(res.statusCode, res.body).toBe(201);
      record = res.json().data;
      expect(record.id).toEqual(expect.any(Number));
      expect(record.version).toBe(1);
      expect(record.tenant_id).toBe(1);
      expect(new Date(record.created_at as string).toISOString()).toBe(record.created_at);
      expect(record.updated_at).toBe(record.created_at);
      expect(Object.keys(record).sort()).toEqual(
        [
          "id",
          "tenant_id",
          "created_at",
          "updated_at",
          "version",
          ...Object.keys(model.fields),
          ...childNames,
        ].sort(),
      );
      for (const [name, value] of Object.entries(sent)) {
        if (childNames.includes(name)) continue;
        expect(record[name], name).toEqual(expectedOutput(model.fields[name], value));
      }
      for (const child of model.children) {
        expect(record[child.name], child.name).toEqual(
          expectedRows(child.fields, sent[child.name] as Json[]),
        );
      }
      // A generated secret is shown this once, as text.
      for (const name of generated) expect(record[name], name).toMatch(/^[\w-]{40,}$/);
    });

    it("reads it back (a generated secret only as set)", async () => {
      const res = await call(admin, "GET", `${path}/${record.id}`);
      expect(res.statusCode).toBe(200);
      const expected = { ...record, ...Object.fromEntries(generated.map((n) => [n, true])) };
      expect(res.json()).toEqual({ data: expected });
      record = res.json().data;
    });

    it("lists it with the total, and finds it by id and search", async () => {
      const list = await call(admin, "GET", `${path}?limit=5`);
      expect(list.statusCode).toBe(200);
      const body = list.json();
      expect(body.meta).toMatchObject({ page: 1, limit: 5, total: expect.any(Number) });
      expect(body.meta.total).toBeGreaterThanOrEqual(1);
      expect(body.data.length).toBe(Math.min(5, body.meta.total));

      const byId = (await call(admin, "GET", `${path}?id=${record.id}`)).json();
      expect(byId.meta.total).toBe(1);
      expect(byId.data).toEqual([listed(model, record)]);

      const searchable = model.searchable.find((n) => typeof record[n] === "string" && record[n] !== "");
      if (searchable) {
        const res = await call(
          admin,
          "GET",
          `${path}?search=${encodeURIComponent(String(record[searchable]))}`,
        );
        expect(res.statusCode).toBe(200);
        expect(res.json().data.map((r: Json) => r.id)).toContain(record.id);
        ran.hit("search", model.kind);
      }
    });

    it("filters by each filterable field it holds: its value keeps it, another value leaves it out", async () => {
      const held = [...model.filterable].filter(
        (n) =>
          record[n] !== null && record[n] !== undefined && !(Array.isArray(record[n]) && !record[n].length),
      );
      for (const name of held) {
        const value = filterValue(record[name]);
        const other = otherFilterValue(model.fields[name], record[name]);
        const mine = await call(admin, "GET", `${path}?${name}=${encodeURIComponent(value)}&id=${record.id}`);
        expect(mine.statusCode, `${name}=${value}: ${mine.body}`).toBe(200);
        expect(mine.json().meta.total, `${name}=${value}`).toBe(1);
        const not = await call(admin, "GET", `${path}?${name}=${encodeURIComponent(other)}&id=${record.id}`);
        expect(not.statusCode, `${name}=${other}: ${not.body}`).toBe(200);
        expect(not.json().meta.total, `${name}=${other} keeps a record holding ${value}`).toBe(0);
        // Every row the filter lets through holds the value.
        const page = await call(admin, "GET", `${path}?${name}=${encodeURIComponent(value)}&limit=100`);
        const rows = page.json().data as Json[];
        expect(rows.length, `${name}=${value}`).toBeGreaterThan(0);
        const strays = rows.filter((r) => !matchesFilter(r[name], value)).map((r) => r[name]);
        expect(strays, `${name}=${value} lets through`).toEqual([]);
      }
      if (held.length > 0) ran.hit("filter", model.kind);
    });

    it("sorts by every sortable field, both ways, in the field's order", async () => {
      const names = [...model.sortable];
      for (const sort of [names.join(","), names.map((n) => `-${n}`).join(",")]) {
        const res = await call(admin, "GET", `${path}?sort=${sort}&limit=10`);
        expect(res.statusCode, `${sort}: ${res.body}`).toBe(200);
      }
      // Each field alone, both ways, against an order written out in sort-order.ts (not the database's).
      for (const name of names) {
        const compare = comparisonFor(name, model.fields[name]);
        for (const desc of [false, true]) {
          const sort = desc ? `-${name}` : name;
          const res = await call(admin, "GET", `${path}?sort=${sort}&limit=100`);
          expect(res.statusCode, `${sort}: ${res.body}`).toBe(200);
          const values = (res.json().data as Json[]).map((r) => r[name]);
          const { wrong, compared } = checkOrder(values, compare, desc);
          expect(wrong, `${model.kind} sorted by ${sort}`).toEqual([]);
          if (compared) ran.hit(`sort ${sort}`, model.kind);
        }
      }
    });

    it("updates with the version read (→ 2) and refuses that version again (409)", async () => {
      // A plain field: not a reference, a secret (shown only as set) or a workflow enum.
      const [name, field] =
        writable.find(
          ([, f]) =>
            f.type !== "reference" &&
            f.type !== "referenceList" &&
            f.type !== "secret" &&
            !(f.type === "enum" && f.transitions),
        ) ?? [];
      if (!name || !field) return;
      ran.hit("update", model.kind);
      const changed = factory.value(field, name, factory.next(), 1);
      const res = await call(admin, "PATCH", `${path}/${record.id}`, { version: 1, [name]: changed });
      expect(res.statusCode, res.body).toBe(200);
      const updated = res.json().data;
      expect(updated.version).toBe(2);
      expect(updated[name]).toEqual(changed);
      expect(new Date(updated.updated_at).getTime()).toBeGreaterThanOrEqual(
        new Date(record.updated_at as string).getTime(),
      );

      const stale = await call(admin, "PATCH", `${path}/${record.id}`, { version: 1, [name]: record[name] });
      expect(stale.statusCode).toBe(409);
      expect(stale.json().message).toBe(
        `This ${model.singular} was changed by someone else since you opened it. Reload it to see their changes.`,
      );
      record = updated;
    });

    it("refuses unknown fields and wrong types (400, errors[].field)", async () => {
      const unknown = await call(admin, "POST", path, { ...sent, no_such_field: 1 });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().message).toBe("Validation failed");
      expect(unknown.json().errors).toContainEqual({ field: "no_such_field", message: "Unknown field" });

      const [name, field] = writable.find(([, f]) => wrongTypeValue(f) !== undefined) ?? [];
      if (!name || !field) return;
      ran.hit("wrong type", model.kind);
      const wrong = await call(admin, "PATCH", `${path}/${record.id}`, {
        version: record.version,
        [name]: wrongTypeValue(field),
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().errors.map((e: Json) => e.field)).toEqual([name]);
    });

    it("refuses a tenant_id in the body", async () => {
      const res = await call(admin, "POST", path, { ...(await factory.body(model)), tenant_id: 2 });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toContainEqual({
        field: "tenant_id",
        message: "The tenant comes from your session; leave tenant_id out of the body",
      });
    });

    it("logs the create and the update with the changed fields", async () => {
      const res = await call(admin, "GET", `${path}/${record.id}/change-logs`);
      expect(res.statusCode).toBe(200);
      const { data, meta } = res.json();
      expect(meta).toEqual({ page: 1, limit: 25, total: 2 });
      expect(data.map((e: Json) => e.action)).toEqual(["update", "create"]);
      for (const entry of data) expect(entry.user).toEqual({ id: 1, name: "Avery Admin" });
      const [update, create] = data;
      for (const [field, change] of Object.entries(
        update.changes as Record<string, { from: unknown; to: unknown }>,
      )) {
        expect(change.to, field).toEqual(record[field]);
        expect(change.from, field).not.toEqual(change.to);
      }
      expect(Object.keys(update.changes).length).toBeGreaterThan(0);
      for (const [field, value] of Object.entries(sent)) {
        if (value === null || (Array.isArray(value) && value.length === 0) || childNames.includes(field))
          continue;
        expect(create.changes[field], field).toEqual({
          from: null,
          to: expectedOutput(model.fields[field], value),
        });
      }
      // Generated secrets as set, never their value; each added row by its id.
      for (const name of generated) expect(create.changes[name], name).toEqual({ from: null, to: true });
      for (const child of model.children) {
        for (const row of record[child.name] as Json[]) {
          expect(create.changes[`${child.name}.${row.id}`], `${child.name}.${row.id}`).toEqual({
            from: null,
            to: expect.anything(),
          });
        }
      }
    });

    it("is a 404 to the other tenant, and never in its lists, searches or exports", async () => {
      expect((await call(other, "GET", `${path}/${record.id}`)).statusCode).toBe(404);
      expect(
        (await call(other, "PATCH", `${path}/${record.id}`, { version: record.version })).statusCode,
      ).toBe(404);
      expect((await call(other, "DELETE", `${path}/${record.id}`)).statusCode).toBe(404);
      expect((await call(other, "GET", `${path}/${record.id}/change-logs`)).statusCode).toBe(404);
      const list = await call(other, "GET", `${path}?id=${record.id}`);
      expect(list.json().meta.total).toBe(0);
      const searchable = model.searchable.find((n) => typeof record[n] === "string" && record[n] !== "");
      if (searchable) {
        const search = `${path}?search=${encodeURIComponent(String(record[searchable]))}`;
        expect((await call(admin, "GET", search)).json().data.map((r: Json) => r.id)).toContain(record.id);
        const found = await call(other, "GET", search);
        expect(found.json().data.map((r: Json) => r.id)).not.toContain(record.id);
        ran.hit("search hidden", model.kind);
      }
      const csv = await call(other, "GET", `${path}/export.csv?id=${record.id}`);
      expect(csv.statusCode).toBe(200);
      expect(csv.body.trim().split("\r\n")).toHaveLength(1);
    });

    it("answers 403 to a user without permission on the kind (404 for others' records under Own)", async () => {
      // The press room's grants as written out in demo-grants.ts (sites are open to read for everyone).
      const scope = (verb: Verb) => demoScope("press@pressroom.test", model.kind, verb);
      const id = record.id;
      // Reads: refused without the permission; under ReadOwn the record (the admin's) is not there.
      const read = scope("Read");
      const one = read === "none" ? 403 : read === "own" ? 404 : 200;
      expect((await call(press, "GET", path)).statusCode).toBe(read === "none" ? 403 : 200);
      expect((await call(press, "GET", `${path}/export.csv`)).statusCode).toBe(read === "none" ? 403 : 200);
      expect((await call(press, "GET", `${path}/${id}`)).statusCode).toBe(one);
      const logs = await call(press, "GET", `${path}/${id}/change-logs`);
      expect(logs.statusCode).toBe(one);
      if (read === "none") expect(logs.json()).toEqual({ message: "Forbidden" });
      // Writes the press room may make are not made here: they would change the record under test.
      if (scope("Create") === "none") expect((await call(press, "POST", path, sent)).statusCode).toBe(403);
      if (scope("Update") === "none") {
        expect((await call(press, "PATCH", `${path}/${id}`, { version: record.version })).statusCode).toBe(
          403,
        );
      }
      if (scope("Delete") === "none")
        expect((await call(press, "DELETE", `${path}/${id}`)).statusCode).toBe(403);
      expect(["Read", "Create", "Update", "Delete"].some((v) => scope(v as Verb) === "none")).toBe(true);
    });

    it("deletes it (200), then it is gone (404) but its history stays", async () => {
      const res = await call(admin, "DELETE", `${path}/${record.id}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ data: { id: record.id } });
      expect((await call(admin, "GET", `${path}/${record.id}`)).statusCode).toBe(404);
      expect(
        (await call(admin, "PATCH", `${path}/${record.id}`, { version: record.version })).statusCode,
      ).toBe(404);
      expect((await call(admin, "DELETE", `${path}/${record.id}`)).statusCode).toBe(404);
      const logs = (await call(admin, "GET", `${path}/${record.id}/change-logs`)).json();
      expect(logs.data[0].action).toBe("delete");
      expect(logs.meta.total).toBe(3);
    });
  });

  const withChildren = registry.models.filter((m) => m.children.length > 0);
  describe.each(withChildren.map((m) => [m.kind, m] as [string, ResourceModel]))(
    "%s collections",
    (_kind, model) => {
      const path = model.resource.path;

      it("replaces its child collections in one write: one version, one log entry, rows nested on read", async () => {
        const created = await factory.create(model);
        const body: Json = { version: created.version };
        const expected: Record<string, { kept: number; added: number }> = {};
        for (const child of model.children) {
          const rows = created[child.name] as Json[];
          const extra = await factory.row(model, child.name, created);
          // Keep the first row (sent back as read), add one, drop the rest: within min and max.
          const kept = rows.slice(0, 1).map((row) => ({ id: row.id }));
          const next = [...kept, extra].slice(0, child.collection.max);
          while (next.length < child.collection.min) next.push(await factory.row(model, child.name, created));
          body[child.name] = next;
          expected[child.name] = { kept: kept.length, added: next.length - kept.length };
        }
        const res = await call(admin, "PATCH", `${path}/${created.id}`, body);
        expect(res.statusCode, res.body).toBe(200);
        const updated = res.json().data;
        expect(updated.version).toBe((created.version as number) + 1);
        const read = (await call(admin, "GET", `${path}/${created.id}`)).json().data;
        expect(read).toEqual(updated);
        for (const child of model.children) {
          const rows = read[child.name] as Json[];
          expect(rows.map((r) => r.position)).toEqual(rows.map((_, i) => i));
          expect(rows.length).toBe(expected[child.name].kept + expected[child.name].added);
          if (expected[child.name].kept) expect(rows[0].id).toBe((created[child.name] as Json[])[0].id);
        }
        const logs = (await call(admin, "GET", `${path}/${created.id}/change-logs`)).json();
        expect(logs.data.map((e: Json) => e.action)).toEqual(["update", "create"]);
        const keys = Object.keys(logs.data[0].changes);
        for (const child of model.children) {
          for (const row of read[child.name] as Json[]) {
            if (row.id !== (created[child.name] as Json[])[0]?.id)
              expect(keys).toContain(`${child.name}.${row.id}`);
          }
        }
        expect((await call(admin, "DELETE", `${path}/${created.id}`)).statusCode).toBe(200);
      });
    },
  );

  // The checks above that depend on what a kind declares ran wherever they apply; where they cannot, written out.
  it("ran each check that depends on a kind's fields wherever it applies", () => {
    const kinds = registry.models.map((m) => m.kind);
    // No searchable text field (refund approvals are found by order, payment and status).
    expect(ran.without("search", kinds)).toEqual(["RefundApproval"]);
    expect(ran.without("search hidden", kinds)).toEqual(["RefundApproval"]);
    // No filterable field.
    expect(ran.without("filter", kinds)).toEqual(["ApiKey", "InventoryPaperGrade", "VendorCategory"]);
    expect(ran.without("update", kinds)).toEqual([]);
    expect(ran.without("wrong type", kinds)).toEqual([]);
    // Every sortable field's order was seen on two different values, one way or the other.
    const unsorted = registry.models.flatMap((model) =>
      [...model.sortable]
        .filter(
          (name) =>
            ran.without(`sort ${name}`, [model.kind]).length &&
            ran.without(`sort -${name}`, [model.kind]).length,
        )
        .map((name) => `${model.kind}.${name}`),
    );
    expect(unsorted).toEqual([]);
  });
});
