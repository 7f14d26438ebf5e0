// The data provider's exact requests for the v1 contract: paths by kind, the list query
// language per operator, bodies, envelopes, and errors Refine can put on form fields.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { dataProvider, ForbiddenError, listParams } from "../../../src/providers/data-provider";
import { clear } from "../../../src/providers/feedback-store";
import { RequestError } from "../../../src/providers/request-error";
import { clearSession, setSessionToken } from "../../../src/providers/session";
import { installFakeTransport } from "../fake-transport";

const transport = installFakeTransport({
  status: 200,
  data: { data: [], meta: { page: 1, limit: 25, total: 0 } },
});
// What went on the wire, without the Authorization header (asserted by the http client's own tests).
const sentRequests = () => transport.sent.map(({ authorization: _, ...rest }) => rest);

beforeEach(() => {
  transport.reset();
  setSessionToken("token-1");
});

afterEach(() => {
  clearSession();
  clear();
});

const list = (filters: Parameters<typeof dataProvider.getList>[0]["filters"], extra = {}) =>
  dataProvider.getList({
    resource: "Vendor",
    pagination: { currentPage: 1, pageSize: 25 },
    filters,
    ...extra,
  });

describe("data provider: getList", () => {
  it("maps pagination, sorters and the kind's path, and answers data + meta.total", async () => {
    transport.answer(
      ...[{ status: 200, data: { data: [{ id: 1 }], meta: { page: 2, limit: 10, total: 31 } } }],
    );
    const result = await dataProvider.getList({
      resource: "Vendor",
      pagination: { currentPage: 2, pageSize: 10 },
      sorters: [
        { field: "name", order: "asc" },
        { field: "created_at", order: "desc" },
      ],
    });
    expect(sentRequests()).toEqual([
      { method: "GET", url: "/api/v1/vendors?page=2&limit=10&sort=name%2C-created_at", body: undefined },
    ]);
    expect(result).toEqual({ data: [{ id: 1 }], total: 31 });
  });

  it("uses the contract's path of each kind (Location → facilities) and meta.path when given", async () => {
    await dataProvider.getList({ resource: "Location", pagination: { currentPage: 1, pageSize: 25 } });
    await dataProvider.getList({
      resource: "Vendor",
      pagination: { currentPage: 3, pageSize: 25 },
      meta: { path: "vendors/12/change-logs" },
    });
    expect(sentRequests().map((s) => s.url)).toEqual([
      "/api/v1/facilities?page=1&limit=25",
      "/api/v1/vendors/12/change-logs?page=3&limit=25",
    ]);
  });

  it.each([
    ["eq", [{ field: "terms", operator: "eq", value: "net30" }], "terms=net30"],
    ["in", [{ field: "terms", operator: "in", value: ["net15", "net30"] }], "terms=net15%2Cnet30"],
    ["gte", [{ field: "lead_time_days", operator: "gte", value: 3 }], "lead_time_days_gte=3"],
    ["lte", [{ field: "created_at", operator: "lte", value: "2024-05-01" }], "created_at_lte=2024-05-01"],
    [
      "between",
      [{ field: "lead_time_days", operator: "between", value: [2, 9] }],
      "lead_time_days_gte=2&lead_time_days_lte=9",
    ],
    ["contains on search", [{ field: "search", operator: "contains", value: "acme" }], "search=acme"],
    ["contains on q", [{ field: "q", operator: "contains", value: "ink co" }], "search=ink+co"],
  ] as const)("filter %s", async (_, filters, query) => {
    await list(filters as never);
    expect(sentRequests()[0].url).toBe(`/api/v1/vendors?page=1&limit=25&${query}`);
  });

  it("puts search before the filters and leaves empty values out", async () => {
    await list([
      { field: "preferred", operator: "eq", value: true },
      { field: "terms", operator: "in", value: [] },
      { field: "name", operator: "eq", value: "" },
      { field: "search", operator: "contains", value: "  paper " },
      { field: "lead_time_days", operator: "between", value: [undefined, 5] },
    ]);
    expect(sentRequests()[0].url).toBe(
      "/api/v1/vendors?page=1&limit=25&search=paper&preferred=true&lead_time_days_lte=5",
    );
  });

  it.each(["ne", "lt", "gt", "nin", "contains", "startswith", "null"])(
    "throws on operator %s, naming it, and sends nothing",
    async (operator) => {
      await expect(list([{ field: "name", operator: operator as never, value: "x" }])).rejects.toThrow(
        `Filter operator "${operator}" on "name" is not supported`,
      );
      expect(sentRequests()).toEqual([]);
    },
  );

  it.each(["or", "and"] as const)("throws on the conditional filter %s", async (operator) => {
    await expect(
      list([{ operator, value: [{ field: "name", operator: "eq", value: "a" }] }]),
    ).rejects.toThrow(`Filter operator "${operator}" is not supported`);
    expect(sentRequests()).toEqual([]);
  });

  it("throws on an unknown resource instead of guessing a path", async () => {
    await expect(dataProvider.getList({ resource: "Vendorz" })).rejects.toThrow('Unknown resource "Vendorz"');
  });

  it("the CSV export query has no page: only sort, search and filters", () => {
    expect(
      listParams({
        sorters: [{ field: "name", order: "desc" }],
        filters: [
          { field: "search", operator: "contains", value: "a" },
          { field: "terms", operator: "in", value: ["cod"] },
        ],
      }),
    ).toEqual({ sort: "-name", search: "a", terms: "cod" });
  });
});

describe("data provider: records", () => {
  it("getOne: GET r/{id} → data", async () => {
    transport.answer(...[{ status: 200, data: { data: { id: 12, name: "Acme" } } }]);
    expect(await dataProvider.getOne({ resource: "Vendor", id: 12 })).toEqual({
      data: { id: 12, name: "Acme" },
    });
    expect(sentRequests()[0]).toMatchObject({ method: "GET", url: "/api/v1/vendors/12" });
  });

  it("getMany: GET r?id=1,2,3&limit=100", async () => {
    transport.answer(
      ...[{ status: 200, data: { data: [{ id: 1 }, { id: 2 }, { id: 3 }], meta: { total: 3 } } }],
    );
    const result = await dataProvider.getMany?.({ resource: "VendorCategory", ids: [1, 2, 3, 2] });
    expect(sentRequests()[0]).toMatchObject({
      method: "GET",
      url: "/api/v1/vendor-categories?id=1%2C2%2C3&limit=100",
    });
    expect(result?.data).toHaveLength(3);
  });

  it("create: POST r with the values, never the server's own fields", async () => {
    transport.answer(...[{ status: 201, data: { data: { id: 5, name: "Ink Co" } } }]);
    const result = await dataProvider.create({
      resource: "Vendor",
      variables: { name: "Ink Co", preferred: false, id: 99, version: 3, tenant_id: 4, created_at: "x" },
    });
    expect(sentRequests()[0]).toEqual({
      method: "POST",
      url: "/api/v1/vendors",
      body: { name: "Ink Co", preferred: false },
    });
    expect(result).toEqual({ data: { id: 5, name: "Ink Co" } });
  });

  it("update: PATCH r/{id} with the changed values and the version", async () => {
    transport.answer(...[{ status: 200, data: { data: { id: 5, name: "Ink Co Ltd", version: 4 } } }]);
    await dataProvider.update({ resource: "Vendor", id: 5, variables: { name: "Ink Co Ltd", version: 3 } });
    expect(sentRequests()[0]).toEqual({
      method: "PATCH",
      url: "/api/v1/vendors/5",
      body: { name: "Ink Co Ltd", version: 3 },
    });
  });

  it("deleteOne: DELETE r/{id}", async () => {
    transport.answer(...[{ status: 200, data: { data: { id: 5 } } }]);
    expect(await dataProvider.deleteOne({ resource: "Vendor", id: 5 })).toEqual({ data: { id: 5 } });
    expect(sentRequests()[0]).toMatchObject({ method: "DELETE", url: "/api/v1/vendors/5" });
  });

  it("custom: url, method, payload and query", async () => {
    transport.answer(...[{ status: 200, data: { data: { ok: true } } }]);
    const result = await dataProvider.custom?.({
      url: "vendors/5/merge",
      method: "post",
      payload: { into: 6 },
      query: { dry_run: true },
    });
    expect(sentRequests()[0]).toEqual({
      method: "POST",
      url: "/api/v1/vendors/5/merge?dry_run=true",
      body: { into: 6 },
    });
    expect(result).toEqual({ data: { ok: true } });
  });

  it("getApiUrl is the configured base", () => {
    expect(dataProvider.getApiUrl()).toBe("/api/v1");
  });
});

describe("data provider: errors", () => {
  it("a 400's field errors reach Refine as { field: [messages] } with the status", async () => {
    transport.answer({
      status: 400,
      data: {
        message: "Validation failed",
        errors: [
          { field: "name", message: "is required" },
          { field: "email", message: "must be an email" },
          { field: "email", message: "is too long" },
        ],
      },
    });
    const error = await dataProvider.create({ resource: "Vendor", variables: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RequestError);
    expect(error).toMatchObject({
      statusCode: 400,
      message: "is required",
      errors: { name: ["is required"], email: ["must be an email", "is too long"] },
    });
  });

  it("a 409 keeps the server's sentence", async () => {
    transport.answer(...[{ status: 409, data: { message: "Someone else changed this vendor; reload it" } }]);
    await expect(
      dataProvider.update({ resource: "Vendor", id: 5, variables: { version: 1 } }),
    ).rejects.toMatchObject({ statusCode: 409, message: "Someone else changed this vendor; reload it" });
  });

  it("a 403 (which the client resolves empty) becomes a failure with status 403", async () => {
    transport.answer(...[{ status: 403, data: { message: "Forbidden" } }]);
    await expect(dataProvider.getOne({ resource: "Vendor", id: 5 })).rejects.toBeInstanceOf(ForbiddenError);
  });
});
