import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createInvitation } from "../../server/auth/invitations";
import { groups, invitations, outbox, users } from "../../server/db/schema";
import { createTestApp, DEMO_PASSWORD, describeEachStore, getProfile, login, type TestApp } from "./helpers";

describeEachStore("auth/register with an invitation (%s)", (kind) => {
  let t: TestApp;
  let pressGroup: number;
  beforeAll(async () => {
    t = await createTestApp(kind);
    await t.app.ready();
    [{ id: pressGroup }] = await t.database.db.select().from(groups).where(eq(groups.name, "Press room"));
  });
  afterAll(() => t?.dispose());

  const invite = (email: string, tenantId = 1, groupIds = [pressGroup]) =>
    createInvitation(t.database.db, t.app.mailer, {
      tenantId,
      email,
      groupIds,
      registerUrl: "http://127.0.0.1:8080/register",
    });
  const register = (payload: object) =>
    t.app.inject({ method: "POST", url: "/api/v1/auth/register", payload });
  const newcomer = (email: string, token: string, extra: object = {}) => ({
    name: "Nia Newcomer",
    email,
    password: "newcomer-password",
    tenantId: 1,
    token,
    ...extra,
  });

  it("mails the invitation with a register link valid for 7 days", async () => {
    const { link, token } = await invite("mailed@pressroom.test");
    expect(link).toBe(`http://127.0.0.1:8080/register?token=${token}`);
    const [mail] = await t.database.db.select().from(outbox).where(eq(outbox.to, "mailed@pressroom.test"));
    expect(mail.link).toBe(link);
    expect(mail.subject).toBe("You are invited to Pressroom Demo Print");
    const [row] = await t.database.db.select().from(invitations).orderBy(desc(invitations.id)).limit(1);
    expect(row.token_hash).not.toBe(token);
    expect(Math.abs(row.expires_at.getTime() - row.created_at.getTime() - 7 * 86_400_000)).toBeLessThan(
      5_000,
    );
  });

  it("creates the account in the invitation's groups and signs it in, once", async () => {
    const { token } = await invite("Nia@PressRoom.test");
    const res = await register(newcomer("nia@pressroom.test", token));
    expect(res.statusCode).toBe(201);
    const { data } = res.json();
    expect(Object.keys(data).sort()).toEqual(["customToken", "sessionCookie"]);
    const user = (await getProfile(t.app, data.sessionCookie)).json().data.user;
    expect(user).toMatchObject({ name: "Nia Newcomer", email: "nia@pressroom.test" });
    expect(user.UserGroups.map((g: { Groups: { id: number } }) => g.Groups.id)).toEqual([pressGroup]);
    const [row] = await t.database.db.select().from(users).where(eq(users.email, "nia@pressroom.test"));
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(
      (await login(t.app, { email: "nia@pressroom.test", password: "newcomer-password" })).statusCode,
    ).toBe(200);

    const again = await register(newcomer("nia@pressroom.test", token));
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      message: "Validation failed",
      errors: [{ field: "token", message: "This invitation is invalid, used or expired" }],
    });
  });

  it("refuses another email than the invited one", async () => {
    const { token } = await invite("invited@pressroom.test");
    const res = await register(newcomer("someone-else@pressroom.test", token));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      { field: "email", message: "This invitation was sent to a different email address" },
    ]);
    // Still usable by the invited person.
    expect((await register(newcomer("invited@pressroom.test", token))).statusCode).toBe(201);
  });

  it("refuses an expired invitation and one for another tenant", async () => {
    const { token } = await invite("late@pressroom.test");
    await t.database.db
      .update(invitations)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(invitations.email, "late@pressroom.test"));
    const late = await register(newcomer("late@pressroom.test", token));
    expect(late.statusCode).toBe(400);
    expect(late.json().errors[0].field).toBe("token");

    const other = await invite("elsewhere@pressroom.test", 2, []);
    const wrongTenant = await register(newcomer("elsewhere@pressroom.test", other.token, { tenantId: 1 }));
    expect(wrongTenant.statusCode).toBe(400);
    expect(wrongTenant.json().errors[0].field).toBe("token");
  });

  it("validates every field, and requires the invitation token", async () => {
    const cases: [object, string[]][] = [
      [{}, ["email", "name", "password", "tenantId", "token"]],
      [{ name: "N", email: "n@pressroom.test", password: "pressroom-x", tenantId: 1 }, ["token"]],
      [{ name: "N", email: "n@pressroom.test", password: "short", tenantId: 1, token: "x" }, ["password"]],
      [{ name: " ", email: "bad", password: "pressroom-x", tenantId: 1, token: "x" }, ["email", "name"]],
      [
        { name: "N", email: "n@pressroom.test", password: "pressroom-x", tenantId: 1, token: "x", admin: 1 },
        ["admin"],
      ],
    ];
    for (const [payload, fields] of cases) {
      const res = await register(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(
        res
          .json()
          .errors.map((e: { field: string }) => e.field)
          .sort(),
        JSON.stringify(payload),
      ).toEqual(fields);
    }
    const unknown = await register(newcomer("x@pressroom.test", "no-such-invitation"));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors[0].field).toBe("token");
  });

  it("lets an existing account accept an invitation with its own password", async () => {
    const { token } = await invite("admin@other.test");
    const wrong = await register({ ...newcomer("admin@other.test", token), password: "not-olives-password" });
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json().message).toMatch(/already exists/);
    const res = await register({ ...newcomer("admin@other.test", token), password: DEMO_PASSWORD });
    expect(res.statusCode).toBe(201);
    const user = (await getProfile(t.app, res.json().data.sessionCookie)).json().data.user;
    expect(user.name).toBe("Olive Other"); // the existing account, unchanged
    expect(user.UserGroups.map((g: { Groups: { id: number } }) => g.Groups.id)).toEqual([pressGroup]);
  });
});
