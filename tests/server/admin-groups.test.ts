import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AdminFixture, adminFixture } from "./admin-fixtures";
import { describeEachStore, getProfile } from "./helpers";

const LAST_ADMIN = "A tenant needs at least one administrator.";

describeEachStore("user-groups (%s)", (kind) => {
  let f: AdminFixture;
  beforeAll(async () => {
    f = await adminFixture(kind);
  });
  afterAll(() => f?.dispose());

  const read = async (id: number) => (await f.as.admin.get(`user-groups/${id}`)).body.data;

  it("answers a group with its sites, roles and members", async () => {
    const res = await f.as.admin.get(`user-groups/${f.seeded.groups.press}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      id: f.seeded.groups.press,
      name: "Press room",
      is_admin: false,
      site_ids: f.seeded.sites.tenant1,
      role_ids: [f.seeded.roles.press],
      member_ids: [f.seeded.users.press],
      version: 1,
    });
    const list = await f.as.admin.get("user-groups", { sort: "name" });
    expect(list.body.meta.total).toBe(3);
    expect(list.body.data.map((g: { name: string }) => g.name)).toEqual([
      "Administrators",
      "Customer service",
      "Press room",
    ]);
    const admins = await f.as.admin.get("user-groups", { is_admin: "true" });
    expect(admins.body.data.map((g: { id: number }) => g.id)).toEqual([f.seeded.groups.admins]);
    const withRole = await f.as.admin.get("user-groups", { role_ids: String(f.seeded.roles.csr) });
    expect(withRole.body.data.map((g: { id: number }) => g.id)).toEqual([f.seeded.groups.csr]);
    expect((await f.as.admin.get("user-groups", { is_admin: "maybe" })).status).toBe(400);
  });

  it("creates a group with its associations; members' permissions follow at once", async () => {
    const res = await f.as.admin.post("user-groups", {
      name: "Night shift",
      site_ids: [f.seeded.sites.tenant1[0]],
      role_ids: [f.seeded.roles.csr],
      member_ids: [f.seeded.users.press],
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      name: "Night shift",
      is_admin: false,
      site_ids: [f.seeded.sites.tenant1[0]],
      role_ids: [f.seeded.roles.csr],
      member_ids: [f.seeded.users.press],
    });
    const profile = (await getProfile(f.app, f.tokens.press)).json().data.user;
    expect(profile.UserGroups.map((g: { Groups: { name: string } }) => g.Groups.name).sort()).toEqual([
      "Night shift",
      "Press room",
    ]);
    // Pat's user record now lists the group, with a new version.
    const pat = (await f.as.admin.get(`users/${f.seeded.users.press}`)).body.data;
    expect(pat.group_ids).toEqual([f.seeded.groups.press, res.body.data.id].sort((a, b) => a - b));
    expect(pat.version).toBeGreaterThan(1);
  });

  it("refuses another tenant's sites, roles and users, and unknown ids (400)", async () => {
    const res = await f.as.admin.post("user-groups", {
      name: "Smugglers",
      site_ids: [f.seeded.sites.tenant2[0]],
      role_ids: [f.seeded.roles.otherAdministrator],
      member_ids: [f.seeded.users.other, 999999],
    });
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e: { field: string }) => e.field)).toEqual([
      "site_ids",
      "role_ids",
      "member_ids",
    ]);
    expect(res.body.errors[2].message).toBe(
      `No users ${f.seeded.users.other}, 999999 in this tenant; invite new people from the users page`,
    );
    expect((await f.as.admin.get("user-groups", { search: "smugglers" })).body.meta.total).toBe(0);
    expect((await f.as.admin.post("user-groups", { name: "Administrators" })).status).toBe(409);
  });

  it("patches with the version; lists replace the group's lists", async () => {
    const group = (
      await f.as.admin.post("user-groups", { name: "Bindery", role_ids: [f.seeded.roles.press] })
    ).body.data;
    const res = await f.as.admin.patch(`user-groups/${group.id}`, {
      name: "Bindery crew",
      site_ids: f.seeded.sites.tenant1,
      role_ids: [f.seeded.roles.csr],
      member_ids: [f.seeded.users.csr],
      version: group.version,
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      name: "Bindery crew",
      site_ids: f.seeded.sites.tenant1,
      role_ids: [f.seeded.roles.csr],
      member_ids: [f.seeded.users.csr],
      version: 2,
    });
    const stale = await f.as.admin.patch(`user-groups/${group.id}`, { member_ids: [], version: 1 });
    expect(stale.status).toBe(409);
    expect((await read(group.id)).member_ids).toEqual([f.seeded.users.csr]);

    const logs = (await f.as.admin.get(`user-groups/${group.id}/change-logs`)).body.data;
    expect(logs[0].changes).toMatchObject({
      name: { from: "Bindery", to: "Bindery crew" },
      member_ids: { from: [], to: [f.seeded.users.csr] },
    });

    expect((await f.as.admin.delete(`user-groups/${group.id}`)).status).toBe(200);
    expect((await f.as.admin.get(`user-groups/${group.id}`)).status).toBe(404);
    // Casey left the group with it.
    expect((await f.as.admin.get(`users/${f.seeded.users.csr}`)).body.data.group_ids).toEqual([
      f.seeded.groups.csr,
    ]);
  });

  describe("the last administrator", () => {
    it("cannot be taken out of the only admin group", async () => {
      const admins = await read(f.seeded.groups.admins);
      const res = await f.as.admin.patch(`user-groups/${admins.id}`, {
        member_ids: [],
        version: admins.version,
      });
      expect(res).toEqual({ status: 409, body: { message: LAST_ADMIN } });
      expect((await read(admins.id)).member_ids).toEqual([f.seeded.users.admin]);
    });

    it("keeps is_admin, the group's sites and the group itself", async () => {
      const admins = await read(f.seeded.groups.admins);
      for (const change of [{ is_admin: false }, { site_ids: [] }]) {
        const res = await f.as.admin.patch(`user-groups/${admins.id}`, {
          ...change,
          version: admins.version,
        });
        expect(res.status).toBe(409);
        expect(res.body.message).toBe(LAST_ADMIN);
      }
      expect((await f.as.admin.delete(`user-groups/${admins.id}`)).status).toBe(409);
      expect(await read(admins.id)).toEqual(admins);
    });

    it("can leave once another administrator exists", async () => {
      const deputies = await f.as.admin.post("user-groups", {
        name: "Deputy admins",
        is_admin: true,
        site_ids: [f.seeded.sites.tenant1[1]],
        role_ids: [f.seeded.roles.administrator],
        member_ids: [f.seeded.users.csr],
      });
      expect(deputies.status).toBe(201);
      const admins = await read(f.seeded.groups.admins);
      const res = await f.as.admin.patch(`user-groups/${admins.id}`, {
        is_admin: false,
        version: admins.version,
      });
      expect(res.status).toBe(200);
      // Avery is no administrator now, so the administrator groups are out of their reach.
      const outOfReach = await f.as.admin.patch(`user-groups/${deputies.body.data.id}`, {
        is_admin: false,
        version: deputies.body.data.version,
      });
      expect(outOfReach.status).toBe(403);
      // Casey is the only one: their group cannot lose the flag.
      const again = await f.as.csr.patch(`user-groups/${deputies.body.data.id}`, {
        is_admin: false,
        version: deputies.body.data.version,
      });
      expect(again.status).toBe(409);
      // Restore the seeded state for the other tests.
      const restored = await f.as.csr.patch(`user-groups/${admins.id}`, {
        is_admin: true,
        version: admins.version + 1,
      });
      expect(restored.status).toBe(200);
      expect((await f.as.admin.delete(`user-groups/${deputies.body.data.id}`)).status).toBe(200);
    });
  });
});
