import { afterAll, beforeAll, expect, it } from "vitest";
import { KINDS } from "../../src/access/kinds";
import { type AdminFixture, adminFixture } from "./admin-fixtures";
import { describeEachStore } from "./helpers";

describeEachStore("roles (%s)", (kind) => {
  let f: AdminFixture;
  beforeAll(async () => {
    f = await adminFixture(kind);
  });
  afterAll(() => f?.dispose());

  const create = (name: string, permissions: object = {}) => f.as.admin.post("roles", { name, permissions });

  it("lists the tenant's roles only, with the contract's envelope", async () => {
    const res = await f.as.admin.get("roles", { sort: "name" });
    expect(res.status).toBe(200);
    expect(res.body.meta).toEqual({ page: 1, limit: 25, total: 3 });
    expect(res.body.data.map((r: { name: string }) => r.name)).toEqual([
      "Administrator",
      "Customer service",
      "Press room",
    ]);
    const role = res.body.data[0];
    expect(Object.keys(role).sort()).toEqual([
      "created_at",
      "id",
      "name",
      "permissions",
      "updated_at",
      "version",
    ]);
    expect(role.permissions).toEqual(Object.fromEntries(KINDS.map((k) => [k, ["*"]])));

    const other = await f.as.other.get("roles");
    expect(other.body.meta.total).toBe(1);
    expect(other.body.data[0].id).toBe(f.seeded.roles.otherAdministrator);
  });

  it("pages, sorts, searches and filters; unknown fields are 400s", async () => {
    const page = await f.as.admin.get("roles", { sort: "-name", limit: "2", page: "2" });
    expect(page.body.meta).toEqual({ page: 2, limit: 2, total: 3 });
    expect(page.body.data.map((r: { name: string }) => r.name)).toEqual(["Administrator"]);

    const search = await f.as.admin.get("roles", { search: "PRESS" });
    expect(search.body.data.map((r: { name: string }) => r.name)).toEqual(["Press room"]);

    const byId = await f.as.admin.get("roles", {
      id: `${f.seeded.roles.csr},${f.seeded.roles.press}`,
      sort: "id",
    });
    expect(byId.body.data.map((r: { id: number }) => r.id)).toEqual([
      f.seeded.roles.csr,
      f.seeded.roles.press,
    ]);

    const range = await f.as.admin.get("roles", { id_gte: String(f.seeded.roles.press) });
    expect(range.body.data.every((r: { id: number }) => r.id >= f.seeded.roles.press)).toBe(true);

    const bad = await f.as.admin.get("roles", { sort: "secret", colour: "red", limit: "101" });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe("Validation failed");
    expect(bad.body.errors.map((e: { field: string }) => e.field).sort()).toEqual([
      "colour",
      "limit",
      "sort",
    ]);
  });

  it("creates a role with catalogue-checked permissions", async () => {
    const res = await create("Estimators", {
      Order: ["ReadAny", "UpdateAny"],
      Vendor: ["*"],
      Run: ["Tasks", "Tasks"],
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      name: "Estimators",
      version: 1,
      permissions: { Order: ["ReadAny", "UpdateAny"], Vendor: ["*"], Run: ["Tasks"] },
    });
    const read = await f.as.admin.get(`roles/${res.body.data.id}`);
    expect(read.body.data).toEqual(res.body.data);
  });

  it("answers 400 naming an unknown kind or action", async () => {
    const res = await create("Broken", { Spaceship: ["Read"], Order: ["Read", "Fly"], Vendor: ["Tasks"] });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("Validation failed");
    expect(res.body.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: "permissions.Spaceship" }),
        expect.objectContaining({ field: "permissions.Order[1]" }),
        expect.objectContaining({ field: "permissions.Vendor[0]" }),
      ]),
    );
    expect(res.body.errors).toHaveLength(3);
    expect((await f.as.admin.get("roles", { search: "Broken" })).body.meta.total).toBe(0);

    const shape = await f.as.admin.post("roles", { name: " ", permissions: { Order: "Read" }, tenant_id: 2 });
    expect(shape.status).toBe(400);
    expect(shape.body.errors.map((e: { field: string }) => e.field).sort()).toEqual([
      "name",
      "permissions.Order",
      "tenant_id",
    ]);
  });

  it("refuses a second role of the same name (409)", async () => {
    const res = await create("press ROOM");
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/already exists/);
    // Another tenant may use the name.
    expect((await f.as.other.post("roles", { name: "Press room" })).status).toBe(201);
  });

  it("duplicates a role as “Copy of …”, then “Copy of … (2)”", async () => {
    const first = await f.as.admin.post(`roles/${f.seeded.roles.csr}/duplicate`);
    expect(first.status).toBe(201);
    const source = (await f.as.admin.get(`roles/${f.seeded.roles.csr}`)).body.data;
    expect(first.body.data).toMatchObject({
      name: "Copy of Customer service",
      version: 1,
      permissions: source.permissions,
    });
    expect(first.body.data.id).not.toBe(source.id);

    const second = await f.as.admin.post(`roles/${f.seeded.roles.csr}/duplicate`, {});
    expect(second.body.data.name).toBe("Copy of Customer service (2)");

    const named = await f.as.admin.post(`roles/${f.seeded.roles.csr}/duplicate`, { name: "Front desk" });
    expect(named.status).toBe(201);
    expect(named.body.data.name).toBe("Front desk");

    expect((await f.as.admin.post("roles/999999/duplicate")).status).toBe(404);
    expect((await f.as.other.post(`roles/${f.seeded.roles.csr}/duplicate`)).status).toBe(404);
  });

  it("updates with the version read; a stale version is a 409 and changes nothing", async () => {
    const role = (await create("Shipping", { PackingSlip: ["Read"] })).body.data;
    const updated = await f.as.admin.patch(`roles/${role.id}`, {
      permissions: { PackingSlip: ["Read", "Update"] },
      version: role.version,
    });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({
      name: "Shipping",
      version: 2,
      permissions: { PackingSlip: ["Read", "Update"] },
    });

    const stale = await f.as.admin.patch(`roles/${role.id}`, { name: "Late", version: role.version });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toMatch(/changed by someone else/);
    expect((await f.as.admin.get(`roles/${role.id}`)).body.data.name).toBe("Shipping");

    expect((await f.as.admin.patch(`roles/${role.id}`, { name: "No version" })).status).toBe(400);
    const badAction = await f.as.admin.patch(`roles/${role.id}`, {
      permissions: { Role: ["Approve"] },
      version: 2,
    });
    expect(badAction.status).toBe(400);
    expect(badAction.body.errors[0].field).toBe("permissions.Role[0]");
  });

  it("deletes an unused role; a role still given to a group is a 409", async () => {
    const used = await f.as.admin.delete(`roles/${f.seeded.roles.press}`);
    expect(used.status).toBe(409);
    expect(used.body.message).toMatch(/"Press room"/);

    const spare = (await create("Spare")).body.data;
    const res = await f.as.admin.delete(`roles/${spare.id}`);
    expect(res).toEqual({ status: 200, body: { data: { id: spare.id } } });
    expect((await f.as.admin.get(`roles/${spare.id}`)).status).toBe(404);
    expect((await f.as.admin.delete(`roles/${spare.id}`)).status).toBe(404);
  });

  it("keeps a change log of each write", async () => {
    const role = (await create("Logged", { Vendor: ["Read"] })).body.data;
    await f.as.admin.patch(`roles/${role.id}`, { name: "Logged twice", version: 1 });
    const res = await f.as.admin.get(`roles/${role.id}/change-logs`);
    expect(res.status).toBe(200);
    expect(res.body.meta).toEqual({ page: 1, limit: 25, total: 2 });
    const [update, creation] = res.body.data;
    expect(update).toMatchObject({
      action: "update",
      user: { id: f.seeded.users.admin, name: "Avery Admin" },
      changes: { name: { from: "Logged", to: "Logged twice" } },
    });
    expect(creation.action).toBe("create");
    expect(creation.changes.permissions).toEqual({ from: null, to: { Vendor: ["Read"] } });
    expect((await f.as.other.get(`roles/${role.id}/change-logs`)).status).toBe(404);
  });
});
