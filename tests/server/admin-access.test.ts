// Every administration endpoint against every seeded account: the status each gets. admin holds
// '*' on every kind in tenant 1; csr and press hold no Role/Group/User action; admin@other.test
// holds '*' in tenant 2, where tenant 1's records do not exist (404, never 403).
import { afterAll, beforeAll, expect, it } from "vitest";
import { type Account, type AdminFixture, type Answer, adminFixture } from "./admin-fixtures";
import { describeEachStore } from "./helpers";

type Expected = Record<Account, number>;

interface Case {
  name: string;
  call: (f: AdminFixture, account: Account, n: number) => Promise<Answer>;
  expected: Expected;
}

// Tenant 1 records made for the matrix (so the seeded ones stay as they are).
interface Made {
  role: number;
  group: number;
}

const ALL_OK = (status: number, other = status): Expected => ({ admin: status, csr: 403, press: 403, other });

function cases(made: () => Made): Case[] {
  const version = async (f: AdminFixture, path: string) =>
    (await f.as.admin.get(path)).body.data.version as number;
  return [
    { name: "GET roles", call: (f, a) => f.as[a].get("roles"), expected: ALL_OK(200) },
    {
      name: "GET roles/{id}",
      call: (f, a) => f.as[a].get(`roles/${made().role}`),
      expected: ALL_OK(200, 404),
    },
    {
      name: "POST roles",
      call: (f, a, n) =>
        f.as[a].post("roles", { name: `Matrix role ${a} ${n}`, permissions: { Vendor: ["Read"] } }),
      expected: ALL_OK(201),
    },
    {
      name: "PATCH roles/{id}",
      call: async (f, a, n) =>
        f.as[a].patch(`roles/${made().role}`, {
          name: `Renamed ${n}`,
          version: await version(f, `roles/${made().role}`),
        }),
      expected: ALL_OK(200, 404),
    },
    {
      name: "POST roles/{id}/duplicate",
      call: (f, a) => f.as[a].post(`roles/${made().role}/duplicate`),
      expected: ALL_OK(201, 404),
    },
    {
      name: "GET roles/{id}/change-logs",
      call: (f, a) => f.as[a].get(`roles/${made().role}/change-logs`),
      expected: ALL_OK(200, 404),
    },
    { name: "GET user-groups", call: (f, a) => f.as[a].get("user-groups"), expected: ALL_OK(200) },
    {
      name: "GET user-groups/{id}",
      call: (f, a) => f.as[a].get(`user-groups/${made().group}`),
      expected: ALL_OK(200, 404),
    },
    {
      name: "POST user-groups",
      call: (f, a, n) => f.as[a].post("user-groups", { name: `Matrix group ${a} ${n}` }),
      expected: ALL_OK(201),
    },
    {
      name: "PATCH user-groups/{id}",
      call: async (f, a, n) =>
        f.as[a].patch(`user-groups/${made().group}`, {
          name: `Group renamed ${n}`,
          version: await version(f, `user-groups/${made().group}`),
        }),
      expected: ALL_OK(200, 404),
    },
    {
      name: "GET user-groups/{id}/change-logs",
      call: (f, a) => f.as[a].get(`user-groups/${made().group}/change-logs`),
      expected: ALL_OK(200, 404),
    },
    { name: "GET users", call: (f, a) => f.as[a].get("users"), expected: ALL_OK(200) },
    {
      name: "GET users/{id}",
      call: (f, a) => f.as[a].get(`users/${f.seeded.users.press}`),
      expected: ALL_OK(200, 404),
    },
    {
      name: "PATCH users/{id}",
      call: async (f, a, n) =>
        f.as[a].patch(`users/${f.seeded.users.press}`, {
          phone: `555-01${n}`,
          version: await version(f, `users/${f.seeded.users.press}`),
        }),
      expected: ALL_OK(200, 404),
    },
    {
      name: "GET users/{id}/change-logs",
      call: (f, a) => f.as[a].get(`users/${f.seeded.users.press}/change-logs`),
      expected: ALL_OK(200, 404),
    },
    {
      name: "POST users/invite",
      // Tenant 1's group: unknown in tenant 2 (400), as any other tenant's id is.
      call: (f, a, n) =>
        f.as[a].post("users/invite", {
          email: `matrix-${a}-${n}@pressroom.test`,
          group_ids: [f.seeded.groups.press],
        }),
      expected: ALL_OK(201, 400),
    },
    { name: "GET tenant", call: (f, a) => f.as[a].get("tenant"), expected: ALL_OK(200) },
    // Deletes last: they remove the records the other rows use.
    {
      name: "DELETE user-groups/{id}",
      call: (f, a) => f.as[a].delete(`user-groups/${made().group}`),
      expected: { admin: 200, csr: 403, press: 403, other: 404 },
    },
    {
      name: "DELETE roles/{id}",
      call: (f, a) => f.as[a].delete(`roles/${made().role}`),
      expected: { admin: 200, csr: 403, press: 403, other: 404 },
    },
  ];
}

// Order within a row: the refused callers first, so the admin's write does not change what they see.
const ORDER: Account[] = ["csr", "press", "other", "admin"];

describeEachStore("administration access matrix (%s)", (kind) => {
  let f: AdminFixture;
  let made: Made;
  beforeAll(async () => {
    f = await adminFixture(kind);
    const role = await f.as.admin.post("roles", { name: "Matrix", permissions: { Vendor: ["Read"] } });
    const group = await f.as.admin.post("user-groups", {
      name: "Matrix",
      role_ids: [role.body.data.id],
      member_ids: [f.seeded.users.press],
    });
    made = { role: role.body.data.id, group: group.body.data.id };
  });
  afterAll(() => f?.dispose());

  // The administration lists read the one list language of the engine, the stock
  // @refinedev/simple-rest dialect included, and send their total in x-total-count.
  it.each([
    ["roles", "q=room&_sort=name", ["Press room"]],
    ["roles", "name_like=ROOM&_sort=name&_order=desc", ["Press room"]],
    ["user-groups", "role_ids_ne=%csr%&_sort=name&_order=asc", ["Administrators", "Matrix", "Press room"]],
    ["user-groups", "member_ids=%press%&_sort=name&_order=desc", ["Press room", "Matrix"]],
    ["users", "_sort=email&_order=desc&_start=1&_end=3", ["csr@pressroom.test", "admin@pressroom.test"]],
  ] as const)("GET %s?%s speaks the stock dialect", async (path, query, expected) => {
    const url = `/api/v1/${path}?${query.replace("%csr%", String(f.seeded.roles.csr)).replace("%press%", String(f.seeded.users.press))}`;
    const res = await f.app.inject({ url, headers: { authorization: `Bearer ${f.tokens.admin}` } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data.map((r: { name: string; email?: string }) => r.email ?? r.name)).toEqual(expected);
    expect(res.headers["x-total-count"]).toBe(String(body.meta.total));
    expect(body.meta.total).toBe(path === "users" ? 3 : expected.length);
  });

  it("refuses a list mixing the two dialects, a direction inside _sort, and unknown fields", async () => {
    for (const query of ["page=1&_start=0", "_sort=-name", "_sort=colour", "colour_like=red"]) {
      const res = await f.app.inject({
        url: `/api/v1/roles?${query}`,
        headers: { authorization: `Bearer ${f.tokens.admin}` },
      });
      expect(res.statusCode, query).toBe(400);
    }
  });

  const table = cases(() => made);

  it.each(table.map((c, n) => [c.name, c, n] as const))("%s", async (_name, c, n) => {
    const got: Partial<Expected> = {};
    for (const account of ORDER) {
      const res = await c.call(f, account, n);
      got[account] = res.status;
      if (res.status === 403) expect(res.body).toEqual({ message: "Forbidden" });
      if (res.status === 404) expect(res.body).toEqual({ message: "Not found" });
    }
    expect(got).toEqual(c.expected);
  });

  it("answers 401 without a session on every endpoint", async () => {
    const calls: Promise<Answer>[] = [
      f.anonymous.get("roles"),
      f.anonymous.get("roles/1"),
      f.anonymous.post("roles", { name: "x" }),
      f.anonymous.patch("roles/1", { name: "x", version: 1 }),
      f.anonymous.delete("roles/1"),
      f.anonymous.post("roles/1/duplicate"),
      f.anonymous.get("user-groups"),
      f.anonymous.post("user-groups", { name: "x" }),
      f.anonymous.get("users"),
      f.anonymous.patch("users/1", { active: false, version: 1 }),
      f.anonymous.post("users/invite", { email: "x@pressroom.test", group_ids: [1] }),
      f.anonymous.get("tenant"),
    ];
    for (const res of await Promise.all(calls))
      expect(res).toEqual({ status: 401, body: { message: "Unauthenticated" } });
  });

  it("checks the permission before the payload: a refused caller gets 403 for a bad body too", async () => {
    expect((await f.as.csr.post("roles", { permissions: { Nope: ["x"] } })).status).toBe(403);
    expect((await f.as.press.patch(`users/${f.seeded.users.admin}`, { bogus: true })).status).toBe(403);
  });

  it("grants follow the roles: one action opens one endpoint", async () => {
    const pressRole = (await f.as.admin.get(`roles/${f.seeded.roles.press}`)).body.data;
    const res = await f.as.admin.patch(`roles/${pressRole.id}`, {
      permissions: { ...pressRole.permissions, Group: ["Read"] },
      version: pressRole.version,
    });
    expect(res.status).toBe(200);
    expect((await f.as.press.get("user-groups")).status).toBe(200);
    expect((await f.as.press.post("user-groups", { name: "Not allowed" })).status).toBe(403);
    expect((await f.as.press.get("roles")).status).toBe(403);
  });

  it("GET tenant answers the session's tenant to its product admins", async () => {
    expect((await f.as.admin.get("tenant")).body).toEqual({ data: { id: 1, name: "Pressroom Demo Print" } });
    expect((await f.as.other.get("tenant")).body).toEqual({ data: { id: 2, name: "Other Print Co" } });
  });

  it("documents the endpoints in the OpenAPI document", async () => {
    const doc = (await f.anonymous.get("openapi.json")).body;
    for (const path of [
      "/api/v1/roles",
      "/api/v1/roles/{id}/duplicate",
      "/api/v1/user-groups/{id}",
      "/api/v1/users/invite",
      "/api/v1/tenant",
    ]) {
      expect(Object.keys(doc.paths)).toContain(path);
    }
  });
});
