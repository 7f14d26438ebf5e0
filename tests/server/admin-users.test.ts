import { and, desc, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { invitations, outbox, sessions } from "../../server/db/schema";
import { type AdminFixture, adminFixture, client } from "./admin-fixtures";
import { describeEachStore, getProfile, login } from "./helpers";

const LAST_ADMIN = "A tenant needs at least one administrator.";

describeEachStore("users (%s)", (kind) => {
  let f: AdminFixture;
  beforeAll(async () => {
    f = await adminFixture(kind);
  });
  afterAll(() => f?.dispose());

  const read = async (id: number) => (await f.as.admin.get(`users/${id}`)).body.data;
  const register = (payload: object) =>
    f.app.inject({ method: "POST", url: "/api/v1/auth/register", payload });
  const tokenOf = (link: string) => new URL(link).searchParams.get("token") as string;

  it("lists the tenant's users with their groups in this tenant", async () => {
    const res = await f.as.admin.get("users", { sort: "email" });
    expect(res.status).toBe(200);
    expect(res.body.meta.total).toBe(3);
    expect(res.body.data.map((u: { email: string }) => u.email)).toEqual([
      "admin@pressroom.test",
      "csr@pressroom.test",
      "press@pressroom.test",
    ]);
    const casey = res.body.data[1];
    expect(casey).toMatchObject({
      id: f.seeded.users.csr,
      name: "Casey CSR",
      phone: null,
      IsAvanteSalesRep: false,
      IsAvanteCSR: true,
      isCustomerAgent: false,
      active: true,
      group_ids: [f.seeded.groups.csr],
    });
    expect(typeof casey.last_login_at).toBe("string");
    expect(Object.keys(casey)).not.toContain("password_hash");

    const csrs = await f.as.admin.get("users", { IsAvanteCSR: "true" });
    expect(csrs.body.data.map((u: { id: number }) => u.id)).toEqual([f.seeded.users.csr]);
    const search = await f.as.admin.get("users", { search: "PAT" });
    expect(search.body.data.map((u: { id: number }) => u.id)).toEqual([f.seeded.users.press]);
    const inGroup = await f.as.admin.get("users", { group_ids: String(f.seeded.groups.press) });
    expect(inGroup.body.data.map((u: { id: number }) => u.id)).toEqual([f.seeded.users.press]);
    // Another tenant's group finds no one, and another tenant's users are none of ours.
    expect(
      (await f.as.admin.get("users", { group_ids: String(f.seeded.groups.otherAdmins) })).body.meta.total,
    ).toBe(0);
    expect((await f.as.admin.get(`users/${f.seeded.users.other}`)).status).toBe(404);
    expect((await f.as.other.get("users")).body.data.map((u: { id: number }) => u.id)).toEqual([
      f.seeded.users.other,
    ]);
  });

  it("edits profile fields, flags and groups with the version; the email stays", async () => {
    const pat = await read(f.seeded.users.press);
    const res = await f.as.admin.patch(`users/${pat.id}`, {
      name: "Pat Printer",
      phone: "+1 555 0100",
      IsAvanteSalesRep: true,
      isCustomerAgent: true,
      group_ids: [f.seeded.groups.press, f.seeded.groups.csr],
      email: "PRESS@pressroom.test",
      version: pat.version,
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      name: "Pat Printer",
      phone: "+1 555 0100",
      IsAvanteSalesRep: true,
      IsAvanteCSR: false,
      isCustomerAgent: true,
      group_ids: [f.seeded.groups.csr, f.seeded.groups.press].sort((a, b) => a - b),
      version: pat.version + 1,
    });
    // The group's record changed with it.
    expect((await f.as.admin.get(`user-groups/${f.seeded.groups.csr}`)).body.data.member_ids).toContain(
      pat.id,
    );

    const stale = await f.as.admin.patch(`users/${pat.id}`, { name: "Late", version: pat.version });
    expect(stale.status).toBe(409);
    const email = await f.as.admin.patch(`users/${pat.id}`, {
      email: "pat@elsewhere.test",
      version: pat.version + 1,
    });
    expect(email.status).toBe(400);
    expect(email.body.errors[0].field).toBe("email");
    const groups = await f.as.admin.patch(`users/${pat.id}`, {
      group_ids: [f.seeded.groups.otherAdmins],
      version: pat.version + 1,
    });
    expect(groups.status).toBe(400);
    expect(groups.body.errors[0].field).toBe("group_ids");
    expect(
      (await f.as.admin.patch(`users/${pat.id}`, { group_ids: [], version: pat.version + 1 })).status,
    ).toBe(400);

    const back = await f.as.admin.patch(`users/${pat.id}`, {
      name: "Pat Pressman",
      phone: null,
      IsAvanteSalesRep: false,
      isCustomerAgent: false,
      group_ids: [f.seeded.groups.press],
      version: pat.version + 1,
    });
    expect(back.status).toBe(200);
    const logs = (await f.as.admin.get(`users/${pat.id}/change-logs`)).body.data;
    expect(logs).toHaveLength(2);
    expect(logs[1].changes.name).toEqual({ from: "Pat Pressman", to: "Pat Printer" });
  });

  it("deactivating a user ends their sessions at once", async () => {
    const token = await f.signIn("press");
    expect((await getProfile(f.app, token)).statusCode).toBe(200);
    const pat = await read(f.seeded.users.press);
    const res = await f.as.admin.patch(`users/${pat.id}`, { active: false, version: pat.version });
    expect(res.status).toBe(200);
    expect(res.body.data.active).toBe(false);
    expect((await getProfile(f.app, token)).statusCode).toBe(401);
    expect((await getProfile(f.app, f.tokens.press)).statusCode).toBe(401);
    const live = await f.t.database.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.user_id, pat.id), isNull(sessions.revoked_at)));
    expect(live).toEqual([]);
    expect((await login(f.app, { email: "press@pressroom.test" })).statusCode).toBe(401);

    // Reactivated: the old tokens stay dead, a new sign-in works.
    const back = await f.as.admin.patch(`users/${pat.id}`, { active: true, version: pat.version + 1 });
    expect(back.status).toBe(200);
    expect((await getProfile(f.app, token)).statusCode).toBe(401);
    f.tokens.press = await f.signIn("press");
    f.as.press = client(f.app, f.tokens.press);
  });

  it("refuses to deactivate yourself or the last administrator", async () => {
    const avery = await read(f.seeded.users.admin);
    const self = await f.as.admin.patch(`users/${avery.id}`, { active: false, version: avery.version });
    expect(self.status).toBe(400);
    expect(self.body.errors).toEqual([{ field: "active", message: "You cannot deactivate yourself" }]);

    // Casey gets the user permissions (but is no administrator) and tries it.
    const csrRole = (await f.as.admin.get(`roles/${f.seeded.roles.csr}`)).body.data;
    const granted = await f.as.admin.patch(`roles/${csrRole.id}`, {
      permissions: { ...csrRole.permissions, User: ["Read", "Update", "Delete"] },
      version: csrRole.version,
    });
    expect(granted.status).toBe(200);
    const res = await f.as.csr.patch(`users/${avery.id}`, { active: false, version: avery.version });
    expect(res).toEqual({ status: 409, body: { message: LAST_ADMIN } });
    const moved = await f.as.csr.patch(`users/${avery.id}`, {
      group_ids: [f.seeded.groups.press],
      version: avery.version,
    });
    // Taking someone out of the administrator group is for administrators only.
    expect(moved).toEqual({
      status: 403,
      body: { message: "Only an administrator can change the administrator group Administrators" },
    });
    expect((await f.as.csr.delete(`users/${avery.id}`)).status).toBe(409);
    expect(await read(avery.id)).toEqual(avery);
    await f.as.admin.patch(`roles/${csrRole.id}`, {
      permissions: csrRole.permissions,
      version: csrRole.version + 1,
    });
    expect((await f.as.csr.get("users")).status).toBe(403);
  });

  it("invites by email: the link is answered once and mailed; it registers the person", async () => {
    const res = await f.as.admin.post(
      "users/invite",
      { email: " Nia@Pressroom.TEST ", group_ids: [f.seeded.groups.press], expires_in_days: 3 },
      { origin: "http://localhost:5173" },
    );
    expect(res.status).toBe(201);
    const { id, email, expires_at, link } = res.body.data;
    expect(email).toBe("nia@pressroom.test");
    expect(link).toMatch(/^http:\/\/localhost:5173\/register\?token=[A-Za-z0-9_-]{43}$/);
    expect(Math.abs(Date.parse(expires_at) - Date.now() - 3 * 86_400_000)).toBeLessThan(60_000);

    const [row] = await f.t.database.db.select().from(invitations).where(eq(invitations.id, id));
    expect(row).toMatchObject({
      tenant_id: 1,
      email,
      group_ids: [f.seeded.groups.press],
      invited_by: f.seeded.users.admin,
    });
    expect(row.token_hash).not.toBe(tokenOf(link));
    const [mail] = await f.t.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.to, email))
      .orderBy(desc(outbox.id));
    expect(mail.link).toBe(link);
    expect(mail.body).toContain("for 3 days");

    const registered = await register({
      name: "Nia Newcomer",
      email,
      password: "newcomer-password",
      tenantId: 1,
      token: tokenOf(link),
    });
    expect(registered.statusCode).toBe(201);
    const listed = await f.as.admin.get("users", { email });
    expect(listed.body.data).toHaveLength(1);
    expect(listed.body.data[0]).toMatchObject({
      name: "Nia Newcomer",
      group_ids: [f.seeded.groups.press],
      active: true,
    });

    const again = await f.as.admin.post("users/invite", { email, group_ids: [f.seeded.groups.press] });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("nia@pressroom.test is already a user of this tenant.");
  });

  it("points the link at PUBLIC_URL unless the Origin is one of this server's apps", async () => {
    const res = await f.as.admin.post(
      "users/invite",
      { email: "owen@pressroom.test", group_ids: [f.seeded.groups.csr] },
      { origin: "https://phish.example" },
    );
    expect(res.status).toBe(201);
    expect(res.body.data.link.startsWith(`${new URL(f.app.config.publicUrl).origin}/register?token=`)).toBe(
      true,
    );
    expect(Math.abs(Date.parse(res.body.data.expires_at) - Date.now() - 7 * 86_400_000)).toBeLessThan(60_000);
  });

  it("validates the invitation", async () => {
    const res = await f.as.admin.post("users/invite", {
      email: "not-an-email",
      group_ids: [f.seeded.groups.otherAdmins],
      expires_in_days: 31,
    });
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e: { field: string }) => e.field).sort()).toEqual([
      "email",
      "expires_in_days",
    ]);
    const groups = await f.as.admin.post("users/invite", {
      email: "x@pressroom.test",
      group_ids: [f.seeded.groups.otherAdmins],
    });
    expect(groups.status).toBe(400);
    expect(groups.body.errors).toEqual([
      { field: "group_ids", message: `No group ${f.seeded.groups.otherAdmins} in this tenant` },
    ]);
    expect((await f.as.admin.post("users/invite", { email: "x@pressroom.test", group_ids: [] })).status).toBe(
      400,
    );
  });

  it("a user of two tenants is removed from this one rather than deactivated", async () => {
    // Olive (tenant 2) accepts an invitation to tenant 1 with her own password.
    const invite = await f.as.admin.post("users/invite", {
      email: "admin@other.test",
      group_ids: [f.seeded.groups.csr],
    });
    const token = tokenOf(invite.body.data.link);
    const accepted = await register({
      name: "Olive Other",
      email: "admin@other.test",
      password: "pressroom-demo",
      tenantId: 1,
      token,
    });
    expect(accepted.statusCode).toBe(201);
    const oliveHere = accepted.json().data.sessionCookie as string;
    const olive = await read(f.seeded.users.other);
    expect(olive.group_ids).toEqual([f.seeded.groups.csr]);
    // Tenant 2 still sees only its own group of hers.
    expect((await f.as.other.get(`users/${olive.id}`)).body.data.group_ids).toEqual([
      f.seeded.groups.otherAdmins,
    ]);

    const res = await f.as.admin.patch(`users/${olive.id}`, { active: false, version: olive.version });
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/another tenant/);

    const removed = await f.as.admin.delete(`users/${olive.id}`);
    expect(removed).toEqual({ status: 200, body: { data: { id: olive.id } } });
    expect((await f.as.admin.get(`users/${olive.id}`)).status).toBe(404);
    expect((await getProfile(f.app, oliveHere)).statusCode).toBe(401);
    // Her tenant-2 session and membership are untouched.
    expect((await getProfile(f.app, f.tokens.other, 2)).statusCode).toBe(200);
    expect((await f.as.other.get(`users/${olive.id}`)).status).toBe(200);
  });

  it("cannot remove yourself", async () => {
    const res = await f.as.admin.delete(`users/${f.seeded.users.admin}`);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe("You cannot remove yourself from this tenant.");
  });

  it("has no POST users: people join by invitation", async () => {
    expect((await f.as.admin.post("users", { name: "X", email: "x@pressroom.test" })).status).toBe(404);
  });
});
