import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { group_sites, groups, sites, user_groups, users } from "../../server/db/schema";
import { KINDS } from "../../src/access/kinds";
import {
  bearer,
  createTestApp,
  DEMO_PASSWORD,
  describeEachStore,
  getProfile,
  login,
  signIn,
  type TestApp,
} from "./helpers";

describeEachStore("auth/profile (%s)", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
    await t.app.ready();
  });
  afterAll(() => t?.dispose());

  const putProfile = (token: string, payload: object) =>
    t.app.inject({ method: "PUT", url: "/api/v1/auth/profile", headers: bearer(token), payload });

  it("answers exactly the contract's user shape", async () => {
    const token = await signIn(t.app, "admin@pressroom.test");
    const res = await getProfile(t.app, token);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body)).toEqual(["data"]);
    expect(Object.keys(body.data)).toEqual(["user"]); // no customToken without an identity provider
    const { user } = body.data;
    expect(Object.keys(user).sort()).toEqual(
      [
        "id",
        "name",
        "email",
        "phone",
        "IsAvanteSalesRep",
        "IsAvanteCSR",
        "isCustomerAgent",
        "UserGroups",
      ].sort(),
    );
    expect(user).toMatchObject({
      name: "Avery Admin",
      email: "admin@pressroom.test",
      phone: null,
      IsAvanteSalesRep: false,
      IsAvanteCSR: false,
      isCustomerAgent: false,
    });
    expect(user.UserGroups).toHaveLength(1);
    const entry = user.UserGroups[0];
    expect(Object.keys(entry)).toEqual(["Groups"]);
    expect(Object.keys(entry.Groups).sort()).toEqual(["GroupRoles", "Sites", "id", "is_admin", "name"]);
    expect(entry.Groups).toMatchObject({ name: "Administrators", is_admin: true });
    expect(entry.Groups.Sites.length).toBeGreaterThan(0);
    for (const site of entry.Groups.Sites) {
      expect(Object.keys(site).sort()).toEqual(["id", "name", "tenant_id"]);
      expect(site.tenant_id).toBe(1);
    }
    expect(entry.Groups.GroupRoles).toHaveLength(1);
    expect(Object.keys(entry.Groups.GroupRoles[0])).toEqual(["Roles"]);
    const role = entry.Groups.GroupRoles[0].Roles;
    expect(Object.keys(role).sort()).toEqual(["id", "name", "permissions"]);
    expect(role.name).toBe("Administrator");
    expect(role.permissions).toEqual(Object.fromEntries(KINDS.map((k) => [k, ["*"]])));
  });

  it("carries the seeded roles of the other demo users", async () => {
    const csr = (await getProfile(t.app, await signIn(t.app, "csr@pressroom.test"))).json().data.user;
    expect(csr.IsAvanteCSR).toBe(true);
    expect(csr.UserGroups[0].Groups).toMatchObject({ name: "Customer service", is_admin: false });
    expect(csr.UserGroups[0].Groups.GroupRoles[0].Roles.permissions).toEqual({
      Order: ["Read", "ReadAny", "CreateAny", "UpdateAny"],
      Customer: ["*"],
      CustomerAddress: ["*"],
      MailOrder: ["Read", "Create", "Update"],
      PackingSlip: ["Read", "Create", "Update"],
      UserPayment: ["Read", "Create"],
      RefundApproval: ["Read", "Create"],
    });
    const press = (await getProfile(t.app, await signIn(t.app, "press@pressroom.test"))).json().data.user;
    expect(press.UserGroups[0].Groups.GroupRoles[0].Roles.permissions).toEqual({
      ProductionStation: ["ReadPress", "ReadSpecialtyPress"],
      Run: ["Read", "Update", "Tasks", "UpdateEndStatus"],
      Order: ["ReadOwn"],
    });
    const other = (await getProfile(t.app, await signIn(t.app, "admin@other.test", 2), 2)).json().data.user;
    expect(other.UserGroups[0].Groups.Sites.every((s: { tenant_id: number }) => s.tenant_id === 2)).toBe(
      true,
    );
  });

  it("shows only the memberships of the session's tenant", async () => {
    // Olive (tenant 2) also joins tenant 1's Press room group.
    const [olive] = await t.database.db.select().from(users).where(eq(users.email, "admin@other.test"));
    const [pressGroup] = await t.database.db.select().from(groups).where(eq(groups.name, "Press room"));
    await t.database.db
      .insert(user_groups)
      .values({ tenant_id: 1, user_id: olive.id, group_id: pressGroup.id });
    const inOne = (await getProfile(t.app, await signIn(t.app, "admin@other.test", 1))).json().data.user;
    expect(inOne.UserGroups.map((g: { Groups: { name: string } }) => g.Groups.name)).toEqual(["Press room"]);
    const inTwo = (await getProfile(t.app, await signIn(t.app, "admin@other.test", 2), 2)).json().data.user;
    expect(inTwo.UserGroups.map((g: { Groups: { name: string } }) => g.Groups.name)).toEqual([
      "Administrators",
    ]);
  });

  it("does not count a group whose sites are all in another tenant", async () => {
    const [pat] = await t.database.db.select().from(users).where(eq(users.email, "press@pressroom.test"));
    const [g] = await t.database.db
      .insert(groups)
      .values({ tenant_id: 1, name: "Sites elsewhere", is_admin: true })
      .returning();
    const [otherSite] = await t.database.db.select().from(sites).where(eq(sites.tenant_id, 2));
    await t.database.db.insert(group_sites).values({ tenant_id: 1, group_id: g.id, site_id: otherSite.id });
    await t.database.db.insert(user_groups).values({ tenant_id: 1, user_id: pat.id, group_id: g.id });
    const user = (await getProfile(t.app, await signIn(t.app, "press@pressroom.test"))).json().data.user;
    expect(user.UserGroups.map((x: { Groups: { name: string } }) => x.Groups.name)).toEqual(["Press room"]);
  });

  it("refuses another tenant's id with 403 and validates the body", async () => {
    const token = await signIn(t.app, "csr@pressroom.test");
    const other = await getProfile(t.app, token, 2);
    expect(other.statusCode).toBe(403);
    expect(other.json()).toEqual({ message: "Forbidden" });
    const missing = await t.app.inject({
      method: "POST",
      url: "/api/v1/auth/profile",
      headers: bearer(token),
      payload: {},
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual([{ field: "tenantId", message: "This field is required" }]);
    const extra = await t.app.inject({
      method: "POST",
      url: "/api/v1/auth/profile",
      headers: bearer(token),
      payload: { tenantId: 1, include: "all" },
    });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().errors).toEqual([{ field: "include", message: "Unknown field" }]);
    const anonymous = await t.app.inject({ method: "POST", url: "/api/v1/auth/profile", payload: {} });
    expect(anonymous.statusCode).toBe(401); // authentication comes before validation
  });

  it("updates name and phone", async () => {
    const token = await signIn(t.app, "csr@pressroom.test");
    const res = await putProfile(token, { name: "  Casey C. Rep ", phone: "+1 (555) 010-0199" });
    expect(res.statusCode).toBe(200);
    const { user } = res.json().data;
    expect(Object.keys(res.json().data)).toEqual(["user"]);
    expect(user).toMatchObject({
      name: "Casey C. Rep",
      phone: "+1 (555) 010-0199",
      email: "csr@pressroom.test",
    });
    expect(user.UserGroups).toHaveLength(1);
    expect((await getProfile(t.app, token)).json().data.user.name).toBe("Casey C. Rep");
    const [row] = await t.database.db.select().from(users).where(eq(users.email, "csr@pressroom.test"));
    expect(row.version).toBe(2);
    const cleared = await putProfile(token, { phone: "" });
    expect(cleared.json().data.user.phone).toBeNull();
    const nulled = await putProfile(token, { phone: null, tenantId: 1 });
    expect(nulled.statusCode).toBe(200);
  });

  it("validates profile changes field by field", async () => {
    const token = await signIn(t.app, "csr@pressroom.test");
    const cases: [object, string[]][] = [
      [{ name: "" }, ["name"]],
      [{ name: "x".repeat(121) }, ["name"]],
      [{ phone: "call me maybe" }, ["phone"]],
      [{ email: "new@pressroom.test" }, ["email"]],
      [{ IsAvanteCSR: false, active: true }, ["IsAvanteCSR", "active"]],
      [{ password: "short", current_password: DEMO_PASSWORD }, ["password"]],
    ];
    for (const [payload, fields] of cases) {
      const res = await putProfile(token, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(
        res
          .json()
          .errors.map((e: { field: string }) => e.field)
          .sort(),
        JSON.stringify(payload),
      ).toEqual(fields);
    }
    expect((await putProfile(token, { tenantId: 2 })).statusCode).toBe(403);
  });

  it("changes the password only with the current one, ending the other sessions", async () => {
    const token = await signIn(t.app, "press@pressroom.test");
    const otherDevice = await signIn(t.app, "press@pressroom.test");
    const missing = await putProfile(token, { password: "a-brand-new-password" });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual([
      { field: "current_password", message: "Enter your current password" },
    ]);
    const wrong = await putProfile(token, {
      password: "a-brand-new-password",
      current_password: "not-it-at-all",
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      message: "Validation failed",
      errors: [{ field: "current_password", message: "Current password is incorrect" }],
    });
    const ok = await putProfile(token, { password: "a-brand-new-password", current_password: DEMO_PASSWORD });
    expect(ok.statusCode).toBe(200);
    expect(JSON.stringify(ok.json())).not.toMatch(/password/i);
    expect((await getProfile(t.app, token)).statusCode).toBe(200);
    expect((await getProfile(t.app, otherDevice)).statusCode).toBe(401);
    expect((await login(t.app, { email: "press@pressroom.test" }, "10.9.0.1")).statusCode).toBe(401);
    expect(
      (await login(t.app, { email: "press@pressroom.test", password: "a-brand-new-password" })).statusCode,
    ).toBe(200);
  });
});
