import type { AddressInfo } from "node:net";
import type { DataProvider, HttpError } from "@refinedev/core";
import simpleRest from "@refinedev/simple-rest";
import axios, { type AxiosInstance, isAxiosError } from "axios";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadRegistry, type ResourceModel } from "../../server/resources/model";
import type { Field } from "../../src/resource-engine/fields";
import { createTestApp, describeEachStore, signIn, type TestApp } from "./helpers";
import { plainField, RecordFactory } from "./resource-factory";

// The unmodified stock @refinedev/simple-rest provider against the real server listening on a port,
// over every declared kind (api-contract.md, "The stock provider's dialect"): paging, sorting, each
// operator it sends (eq, ne, gte, lte, contains → _like, q), getMany, getOne, create, update,
// deleteOne, and the server's errors reaching Refine as HttpErrors with their message and status.
// The only glue is the axios instance below, the same one the README shows. Expected answers are
// worked out here from the records as created, never with the server's own functions.

/** The README's axios instance: Bearer token in, `{data}` envelope out, errors as Refine's HttpError. */
function stockClient(getToken: () => string | undefined): AxiosInstance {
  const api = axios.create();
  api.interceptors.request.use((config) => {
    const token = getToken();
    if (token) config.headers.set("Authorization", `Bearer ${token}`);
    return config;
  });
  api.interceptors.response.use(
    (response) => ({ ...response, data: response.data?.data }),
    (error) => {
      if (!isAxiosError(error)) return Promise.reject(error);
      const body = error.response?.data as
        | { message?: string; errors?: { field?: string; message: string }[] }
        | undefined;
      const httpError: HttpError = {
        name: "HttpError",
        message: body?.message ?? error.message,
        statusCode: error.response?.status ?? 0,
        // Field errors where Refine's forms look for them: { field: [messages] }.
        errors: Object.fromEntries(
          (body?.errors ?? []).map((e) => [
            e.field ?? "",
            (body?.errors ?? []).filter((o) => o.field === e.field).map((o) => o.message),
          ]),
        ),
      };
      return Promise.reject(httpError);
    },
  );
  return api;
}

const registry = await loadRegistry();
type Json = Record<string, unknown> & { id: number };

const PLAIN_TEXT = new Set<Field["type"]>(["text", "longText"]);
const NUMERIC = new Set<Field["type"]>(["integer", "decimal", "money", "percent"]);
const ORDERED = new Set<Field["type"]>([...NUMERIC, "date", "datetime"]);
/** Field types a `_like` filter does not take (it finds text). */
const NOT_TEXT = new Set<Field["type"]>([...ORDERED, "boolean", "reference", "referenceList"]);

/** A field that may take a marker word: plain text without a pattern, long enough. */
const markable = (f: Field) =>
  PLAIN_TEXT.has(f.type) &&
  !("pattern" in f && f.pattern) &&
  (("max" in f ? f.max : undefined) ?? 200) >= 16 &&
  !f.readOnly;

/** Values of one field compared as the database orders them (numbers as numbers, ISO text as text). */
function compare(field: Field, a: unknown, b: unknown): number {
  if (NUMERIC.has(field.type)) return Number(a) - Number(b);
  return String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0;
}

const ids = (records: { id?: unknown }[]) => records.map((r) => r.id);
const minLength = (f: Field) => ("min" in f ? (f.min ?? 0) : 0);
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** What each operator was checked on, so a kind that skipped one shows (and the total is asserted). */
const coverage: Record<string, string[]> = {};
const ran = (operator: string, kind: string) => {
  coverage[operator] ??= [];
  coverage[operator].push(kind);
};

async function refusal(call: Promise<unknown>): Promise<HttpError> {
  try {
    await call;
  } catch (error) {
    return error as HttpError;
  }
  throw new Error("expected a refusal");
}

describeEachStore("stock @refinedev/simple-rest against the server (%s)", (dbKind) => {
  let t: TestApp;
  let token: string | undefined;
  let provider: ReturnType<typeof simpleRest>;
  let factory: RecordFactory;

  beforeAll(async () => {
    // Coverage is counted per database.
    for (const key of Object.keys(coverage)) delete coverage[key];
    t = await createTestApp(dbKind);
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = t.app.server.address() as AddressInfo;
    token = await signIn(t.app, "admin@pressroom.test");
    provider = simpleRest(
      `http://127.0.0.1:${port}/api/v1`,
      stockClient(() => token),
    );
    factory = new RecordFactory(t.app, token, registry);
  });
  afterAll(() => t?.dispose());

  describe.each(registry.models.map((m, i) => [m.kind, m, i] as [string, ResourceModel, number]))(
    "%s",
    (kind, model, index) => {
      const resource = model.resource.path;
      const marker = `Zebra${Math.random().toString(36).slice(2, 6)}K${index}`;
      // The field r2 holds another value in (eq/ne), and the ones r1 carries the marker in (like, q).
      const [eqName, eqField] =
        Object.entries(model.fields).find(
          ([name]) => model.filterable.has(name) && plainField(model)?.[0] === name,
        ) ??
        Object.entries(model.fields).find(
          ([name, f]) =>
            model.filterable.has(name) &&
            !f.readOnly &&
            (ORDERED.has(f.type) || PLAIN_TEXT.has(f.type) || f.type === "boolean"),
        ) ??
        [];
      const likeName = Object.entries(model.fields).find(
        ([name, f]) => model.filterable.has(name) && markable(f),
      )?.[0];
      const searchName = Object.entries(model.fields).find(
        ([name, f]) => model.searchable.includes(name) && markable(f),
      )?.[0];
      let records: Json[] = [];
      const restrict = () => ({ field: "id", operator: "in" as const, value: ids(records) });
      const list = (params: Partial<Parameters<DataProvider["getList"]>[0]>) =>
        provider.getList({
          resource,
          pagination: { currentPage: 1, pageSize: 10 },
          sorters: [{ field: "id", order: "asc" }],
          ...params,
        });

      it("create: three records", async () => {
        const marked = (name: string | undefined) =>
          name ? { [name]: marker.padEnd(minLength(model.fields[name]), "x") } : {};
        const bodies = [
          await factory.body(model, [], { ...marked(likeName), ...marked(searchName) }),
          await factory.body(
            model,
            [],
            eqName && eqField ? { [eqName]: factory.value(eqField, eqName, factory.next(), 1) } : {},
          ),
          await factory.body(model),
        ];
        records = [];
        for (const body of bodies) {
          const { data } = await provider.create({ resource, variables: body });
          expect(data, kind).toMatchObject({ id: expect.any(Number), version: 1, tenant_id: 1 });
          records.push(data as Json);
        }
      });

      it("getList: pages by _start/_end with x-total-count", async () => {
        const filters = [restrict()];
        const first = await list({ filters, pagination: { currentPage: 1, pageSize: 2 } });
        expect(ids(first.data)).toEqual([records[0].id, records[1].id]);
        expect(first.total).toBe(3);
        const second = await list({ filters, pagination: { currentPage: 2, pageSize: 2 } });
        expect(ids(second.data)).toEqual([records[2].id]);
        expect(second.total).toBe(3);
      });

      it("getList: sorts by _sort/_order comma lists", async () => {
        const filters = [restrict()];
        const down = await list({ filters, sorters: [{ field: "id", order: "desc" }] });
        expect(ids(down.data)).toEqual(ids(records).reverse());
        // A second key decides within the first: created_at ascending is creation order.
        const created = await list({
          filters,
          sorters: [
            { field: "created_at", order: "asc" },
            { field: "id", order: "desc" },
          ],
        });
        expect(ids(created.data)).toEqual(ids(records));
        if (eqName && eqField && ORDERED.has(eqField.type) && model.sortable.has(eqName)) {
          const answer = await list({
            filters,
            sorters: [
              { field: eqName, order: "desc" },
              { field: "id", order: "desc" },
            ],
          });
          const expected = [...records].sort((a, b) => compare(eqField, b[eqName], a[eqName]) || b.id - a.id);
          expect(ids(answer.data)).toEqual(ids(expected));
          ran("sort by a declared field", kind);
        }
        // Every sortable field, alternating directions, in one request.
        const every = [...model.sortable].map((field, i) => ({
          field,
          order: i % 2 ? ("desc" as const) : ("asc" as const),
        }));
        expect((await list({ filters, sorters: every })).total).toBe(3);
      });

      /** The filterable fields the three records hold different, non-empty values in (as answered). */
      const differing = (accept: (f: Field) => boolean) =>
        [...model.filterable].filter((name) => {
          const field = model.fields[name];
          if (!accept(field) || records.some((r) => r[name] === null || r[name] === undefined)) return false;
          return records.some((r) => !same(r[name], records[0][name]));
        });

      it("getList: eq and ne", async () => {
        // The override field first, else any field the records differ on: a server ignoring the filter fails.
        const name = [...(eqName ? [eqName] : []), ...differing((f) => f.type !== "referenceList")].find(
          (n) => differing(() => true).includes(n) && model.fields[n].type !== "referenceList",
        );
        if (!name) return;
        const value = records[0][name];
        const equal = records.filter((r) => same(r[name], value));
        const other = records.filter((r) => !same(r[name], value));
        const eq = await list({ filters: [restrict(), { field: name, operator: "eq", value }] });
        expect(ids(eq.data), `${kind}.${name}`).toEqual(ids(equal));
        const ne = await list({ filters: [restrict(), { field: name, operator: "ne", value }] });
        expect(ids(ne.data), `${kind}.${name}`).toEqual(ids(other));
        ran("eq", kind);
        ran("ne", kind);
      });

      it("getList: gte and lte (id, and a declared range field)", async () => {
        const middle = records[1];
        const gte = await list({ filters: [restrict(), { field: "id", operator: "gte", value: middle.id }] });
        expect(ids(gte.data)).toEqual([records[1].id, records[2].id]);
        const lte = await list({ filters: [restrict(), { field: "id", operator: "lte", value: middle.id }] });
        expect(ids(lte.data)).toEqual([records[0].id, records[1].id]);
        ran("gte/lte on id", kind);
        const [name] = differing((f) => ORDERED.has(f.type));
        if (!name) return;
        const field = model.fields[name];
        // The bound is a value some record holds: the records below it and above it differ.
        const sorted = [...records].sort((a, b) => compare(field, a[name], b[name]));
        const bound = sorted[compare(field, sorted[0][name], sorted[1][name]) < 0 ? 1 : 2][name];
        const atLeast = await list({ filters: [restrict(), { field: name, operator: "gte", value: bound }] });
        const atMost = await list({ filters: [restrict(), { field: name, operator: "lte", value: bound }] });
        const expectedAtLeast = records.filter((r) => compare(field, r[name], bound) >= 0);
        const expectedAtMost = records.filter((r) => compare(field, r[name], bound) <= 0);
        expect(expectedAtLeast.length, "the bound leaves some records out").toBeLessThan(3);
        expect(ids(atLeast.data), `${kind}.${name}`).toEqual(ids(expectedAtLeast));
        expect(ids(atMost.data), `${kind}.${name}`).toEqual(ids(expectedAtMost));
        ran("gte/lte on a declared field", kind);
      });

      it("getList: contains (_like) and q", async () => {
        // A part of r1's value, in another case: both are case-insensitive "contains".
        const textual = differing((f) => !NOT_TEXT.has(f.type) && f.type !== "secret" && f.type !== "json");
        const likes = [...(likeName ? [likeName] : []), ...textual];
        const name = likes.find((n) => String(records[0][n]).length >= 3);
        if (name) {
          const text = String(records[0][name]);
          const part = text.slice(1, -1).toUpperCase();
          const holding = records.filter((r) => String(r[name]).toLowerCase().includes(part.toLowerCase()));
          if (holding.length < 3) {
            const like = await list({
              filters: [restrict(), { field: name, operator: "contains", value: part }],
            });
            expect(ids(like.data), `${kind}.${name}`).toEqual(ids(holding));
            ran("contains", kind);
          }
        }
        const holding = (field: string) =>
          records.filter((r) =>
            String(r[field] ?? "")
              .toLowerCase()
              .includes(marker.toLowerCase()),
          );
        if (searchName && holding(searchName).length === 1) {
          const q = await list({
            filters: [restrict(), { field: "q", operator: "contains", value: marker.toLowerCase() }],
          });
          expect(ids(q.data)).toEqual([records[0].id]);
          ran("q", kind);
        }
      });

      it("getMany, getOne", async () => {
        const many = await provider.getMany({ resource, ids: [records[2].id, records[0].id] });
        expect(ids(many.data).sort((a, b) => Number(a) - Number(b))).toEqual([records[0].id, records[2].id]);
        const one = await provider.getOne({ resource, id: records[1].id });
        expect(one.data).toMatchObject({ id: records[1].id, version: 1 });
      });

      it("update (PATCH with the version read), and a stale version as a 409 HttpError", async () => {
        const [name, field] = plainField(model) ?? [];
        if (!name || !field) return;
        const target = records[2];
        const value = factory.value(field, name, factory.next(), 1);
        const { data } = await provider.update({
          resource,
          id: target.id,
          variables: { version: 1, [name]: value },
        });
        expect(data).toMatchObject({ id: target.id, version: 2 });
        const stale = await refusal(
          provider.update({ resource, id: target.id, variables: { version: 1, [name]: value } }),
        );
        expect(stale.statusCode).toBe(409);
        expect(stale.message).toBe(
          `This ${model.singular} was changed by someone else since you opened it. Reload it to see their changes.`,
        );
        ran("update", kind);
      });

      it("deleteOne, then getOne of it is a 404 HttpError", async () => {
        const target = records[2];
        const { data } = await provider.deleteOne({ resource, id: target.id });
        expect(data).toEqual({ id: target.id });
        const gone = await refusal(provider.getOne({ resource, id: target.id }));
        expect(gone).toMatchObject({ statusCode: 404, message: "Not found" });
      });

      it("an unknown filter or sort field is a 400 HttpError naming it", async () => {
        const filter = await refusal(
          list({ filters: [{ field: "no_such_field", operator: "eq", value: "1" }] }),
        );
        expect(filter).toMatchObject({
          statusCode: 400,
          message: "Validation failed",
          errors: { no_such_field: ["Unknown filter field"] },
        });
        const sort = await refusal(list({ sorters: [{ field: "no_such_field", order: "asc" }] }));
        expect(sort.statusCode).toBe(400);
        expect(sort.errors?._sort).toEqual([expect.stringContaining('Cannot sort by "no_such_field"')]);
      });
    },
  );

  describe("the dialect's edges", () => {
    const get = (url: string, headers: Record<string, string> = {}) =>
      t.app.inject({
        method: "GET",
        url: `/api/v1/${url}`,
        headers: { authorization: `Bearer ${token}`, ...headers },
      });

    it("pages by _start/_end anywhere (meta shows the page it falls in) with x-total-count, exposed to CORS", async () => {
      const all = await get("vendors?limit=100&sort=id", { origin: "http://localhost:5173" });
      const total = all.json().meta.total as number;
      expect(all.headers["x-total-count"]).toBe(String(total));
      expect(all.headers["access-control-expose-headers"]).toMatch(/\bx-total-count\b/);
      const window = await get("vendors?_start=3&_end=5&_sort=id&_order=asc");
      expect(window.statusCode, window.body).toBe(200);
      expect(window.headers["x-total-count"]).toBe(String(total));
      expect(window.json().meta).toEqual({ page: 2, limit: 2, total });
      expect(ids(window.json().data)).toEqual(ids(all.json().data).slice(3, 5));
    });

    it.each([
      ["page=1&_start=0&_end=10", "_start", "Mixes two list dialects"],
      ["sort=name&_sort=name", "_sort", "Mixes two list dialects"],
      ["search=ink&q=ink", "q", "Mixes two list dialects"],
      ["_start=0&_end=101", "_end", "At most 100 records a page"],
      ["_start=10&_end=10", "_end", "Expected _end after _start"],
      ["_start=-1", "_start", "Expected a record position from 0"],
      ["_sort=name&_order=up", "_order", '"up" is not asc or desc'],
      ["_sort=name&_order=asc,desc", "_order", "More directions than _sort fields"],
      ["_sort=-name", "_sort", 'Cannot sort by "-name"'],
      ["name_ne=x&nope_ne=1", "nope_ne", "Unknown filter field"],
      ["preferred_like=x", "preferred_like", "is not a text field"],
      ["nope_like=x&_start=0", "nope_like", "Unknown filter field"],
    ])("%s is a 400 on %s", async (query, field, message) => {
      const res = await get(`vendors?${query}`);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ field, message: expect.stringContaining(message) }),
        ]),
      );
    });
  });

  it("the OpenAPI document describes the stock dialect's list parameters", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/v1/openapi.json" });
    const list = res.json().paths["/api/v1/vendors"].get;
    const names = (list.parameters as { name: string; in: string }[])
      .filter((p) => p.in === "query")
      .map((p) => p.name);
    expect(names).toEqual(expect.arrayContaining(["_start", "_end", "_sort", "_order", "q", "id"]));
    expect(names).toEqual(expect.arrayContaining(["terms", "terms_ne", "terms_like", "created_at_gte"]));
  });

  it("ran each operator on the kinds that can take it", () => {
    const kinds = registry.models.length;
    // Every kind has an id to page, sort and range on; most have fields for the rest.
    expect(coverage["gte/lte on id"]?.length).toBe(kinds);
    for (const operator of ["eq", "ne", "update"])
      expect(coverage[operator]?.length, operator).toBeGreaterThan(kinds / 2);
    for (const operator of ["contains", "q", "gte/lte on a declared field", "sort by a declared field"]) {
      expect(coverage[operator]?.length, operator).toBeGreaterThanOrEqual(3);
    }
    console.info(
      `simple-rest conformance (${dbKind}), kinds per check of ${kinds}:`,
      Object.fromEntries(Object.entries(coverage).map(([check, names]) => [check, names.length])),
    );
  });
});
