// Administration is not a way up: a user who may manage roles, groups and users but is not a
// product admin grants only what they hold, and cannot touch administrator groups.
import { afterAll, beforeAll, expect, it } from "vitest";
import { type AdminFixture, adminFixture, type Client, client } from "./admin-fixtures";
import { describeEachStore } from "./helpers";

const STAFF = { Role: ["*"], Group: ["*"], User: ["*"], Vendor: ["Read"] };

describeEachStore("no privilege escalation through administration (%s)", (kind) => {
  let f: AdminFixture;
  let manager: Client;
  let staffGroup: number;
  let staffRole: number;

  beforeAll(async () => {
    f = await adminFixture(kind);
    // The CSR becomes a staff manager: every Role/Group/User action, and nothing else new.
    const role = await f.as.admin.post("roles", { name: "Staff manager", permissions: STAFF });
    staffRole = role.body.data.id;
    const group = await f.as.admin.post("user-groups", {
      name: "Staff managers",
      site_ids: f.seeded.sites.tenant1,
      role_ids: [staffRole],
      member_ids: [f.seeded.users.csr],
    });
    expect(group.status).toBe(201);
    staffGroup = group.body.data.id;
    manager = client(f.app, await f.signIn("csr"));
  });
  afterAll(() => f?.dispose());

  const version = async (url: string) => (await f.as.admin.get(url)).body.data.version as number;

  it("grants in a role only actions the manager holds", async () => {
    const refused = await manager.post("roles", {
      name: "Vendor killer",
      permissions: { Vendor: ["Delete"] },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe("You cannot grant permissions you do not hold: Vendor.Delete");
    const allowed = await manager.post("roles", { name: "Vendor reader", permissions: { Vendor: ["Read"] } });
    expect(allowed.status).toBe(201);

    const admin = `roles/${f.seeded.roles.administrator}`;
    const widen = await manager.patch(admin, {
      permissions: { Order: ["*"] },
      version: await version(admin),
    });
    expect(widen.status).toBe(403);
    expect((await manager.post(`roles/${f.seeded.roles.administrator}/duplicate`, {})).status).toBe(403);
    const own = `roles/${staffRole}`;
    const raise = await manager.patch(own, {
      permissions: { ...STAFF, Order: ["DeleteAny"] },
      version: await version(own),
    });
    expect(raise.status).toBe(403);
    expect((await f.as.admin.get(own)).body.data.permissions).toEqual(STAFF);
  });

  it("cannot join, change or create administrator groups", async () => {
    const admins = `user-groups/${f.seeded.groups.admins}`;
    const join = await manager.patch(admins, {
      member_ids: [f.seeded.users.admin, f.seeded.users.csr],
      version: await version(admins),
    });
    expect(join.status).toBe(403);
    expect(join.body.message).toBe("Only an administrator can change the administrator group Administrators");
    expect((await manager.delete(admins)).status).toBe(403);

    const me = `users/${f.seeded.users.csr}`;
    const current = (await f.as.admin.get(me)).body.data;
    const self = await manager.patch(me, {
      group_ids: [...current.group_ids, f.seeded.groups.admins],
      version: current.version,
    });
    expect(self.status).toBe(403);
    expect((await f.as.admin.get(me)).body.data.group_ids).toEqual(current.group_ids);

    const flagged = await manager.post("user-groups", { name: "Shadow admins", is_admin: true });
    expect(flagged.status).toBe(403);
    const staff = `user-groups/${staffGroup}`;
    const promote = await manager.patch(staff, { is_admin: true, version: await version(staff) });
    expect(promote.status).toBe(403);

    const invite = await manager.post("users/invite", {
      email: "mole@pressroom.test",
      group_ids: [f.seeded.groups.admins],
    });
    expect(invite.status).toBe(403);
  });

  it("cannot give a group roles that grant more than the manager holds", async () => {
    const staff = `user-groups/${staffGroup}`;
    const widen = await manager.patch(staff, {
      role_ids: [staffRole, f.seeded.roles.administrator],
      version: await version(staff),
    });
    expect(widen.status).toBe(403);
    expect(widen.body.message).toMatch(/^You cannot grant permissions you do not hold: /);
    // The manager holds the CSR role, so moving someone into the CSR group is within reach.
    const press = `users/${f.seeded.users.press}`;
    const current = (await f.as.admin.get(press)).body.data;
    const moved = await manager.patch(press, {
      group_ids: [...current.group_ids, f.seeded.groups.csr],
      version: current.version,
    });
    expect(moved.status).toBe(200);
    const created = await manager.post("user-groups", { name: "Vendor readers", role_ids: [staffRole] });
    expect(created.status).toBe(201);
  });

  it("leaves product admins free to grant anything", async () => {
    const staff = `user-groups/${staffGroup}`;
    const promote = await f.as.admin.patch(staff, { is_admin: true, version: await version(staff) });
    expect(promote.status).toBe(200);
    const role = await f.as.admin.post("roles", {
      name: "Everything on orders",
      permissions: { Order: ["*"] },
    });
    expect(role.status).toBe(201);
  });
});
