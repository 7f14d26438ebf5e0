import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessions, users } from "../../server/db/schema";
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

describeEachStore("auth/login, sessions and logout (%s)", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
    await t.app.ready();
  });
  afterAll(() => t?.dispose());

  it("signs in with email, password and tenant", async () => {
    const res = await login(t.app, { email: "admin@pressroom.test" });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body)).toEqual(["data"]);
    expect(Object.keys(body.data).sort()).toEqual(["customToken", "sessionCookie"]);
    expect(body.data.customToken).toBeNull(); // no identity provider configured
    expect(body.data.sessionCookie).toMatch(/^[A-Za-z0-9_-]{43}$/); // 256 random bits
    // Only the token's hash is stored.
    const rows = await t.database.db.select().from(sessions);
    expect(rows.some((r) => r.token_hash === body.data.sessionCookie)).toBe(false);
    const [admin] = await t.database.db.select().from(users).where(eq(users.email, "admin@pressroom.test"));
    expect(admin.last_login_at).toBeInstanceOf(Date);
  });

  it("accepts the tenant id as digits and the email in any case", async () => {
    const res = await login(t.app, { email: "  Admin@PressRoom.test ", tenantId: "1" });
    expect(res.statusCode).toBe(200);
  });

  it("refuses a wrong password and an unknown email with the same answer", async () => {
    const wrong = await login(
      t.app,
      { email: "csr@pressroom.test", password: "not-the-password" },
      "10.1.0.1",
    );
    const unknown = await login(t.app, { email: "nobody@pressroom.test" }, "10.1.0.1");
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: "Invalid email or password" });
    expect(unknown.body).toBe(wrong.body);
  });

  it("refuses a user without a membership in the tenant", async () => {
    const res = await login(t.app, { email: "admin@other.test", tenantId: 1 });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: "Invalid email or password" });
    expect((await login(t.app, { email: "admin@other.test", tenantId: 2 })).statusCode).toBe(200);
    expect((await login(t.app, { email: "admin@pressroom.test", tenantId: 2 })).statusCode).toBe(401);
    expect((await login(t.app, { email: "admin@pressroom.test", tenantId: 99 })).statusCode).toBe(401);
  });

  it("validates the body field by field", async () => {
    const cases: [unknown, string[]][] = [
      [{}, ["email", "password", "tenantId"]],
      [{ email: "nope", password: "x", tenantId: 1 }, ["email"]],
      [{ email: "a@b.test", password: "", tenantId: 1 }, ["password"]],
      [{ email: "a@b.test", password: "x", tenantId: 0 }, ["tenantId"]],
      [{ email: "a@b.test", password: "x", tenantId: "one" }, ["tenantId"]],
      [{ email: "a@b.test", password: "x", tenantId: 1.5 }, ["tenantId"]],
      [{ email: "a@b.test", password: "x", tenantId: 1, remember: true }, ["remember"]],
      [{ email: 5, password: ["x"], tenantId: 1 }, ["email", "password"]],
    ];
    for (const [payload, fields] of cases) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/v1/auth/login",
        payload: payload as object,
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      const body = res.json();
      expect(body.message).toBe("Validation failed");
      expect(body.errors.map((e: { field: string }) => e.field).sort(), JSON.stringify(payload)).toEqual(
        fields,
      );
    }
  });

  it("uses the token for the profile, and refuses it after logout", async () => {
    const token = await signIn(t.app, "csr@pressroom.test");
    expect((await getProfile(t.app, token)).statusCode).toBe(200);
    const out = await t.app.inject({
      method: "POST",
      url: "/api/v1/auth/logout",
      headers: bearer(token),
      payload: {},
    });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ data: null });
    const after = await getProfile(t.app, token);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ message: "Unauthenticated" });
    const again = await t.app.inject({ method: "POST", url: "/api/v1/auth/logout", headers: bearer(token) });
    expect(again.statusCode).toBe(401);
  });

  it("logs out without a body too, and refuses unknown fields", async () => {
    const token = await signIn(t.app, "csr@pressroom.test");
    const bad = await t.app.inject({
      method: "POST",
      url: "/api/v1/auth/logout",
      headers: bearer(token),
      payload: { everywhere: true },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([{ field: "everywhere", message: "Unknown field" }]);
    const ok = await t.app.inject({ method: "POST", url: "/api/v1/auth/logout", headers: bearer(token) });
    expect(ok.statusCode).toBe(200);
  });

  it("answers 401 Unauthenticated without a usable bearer token, and never reads a cookie", async () => {
    const token = await signIn(t.app, "csr@pressroom.test");
    for (const headers of [
      {},
      { authorization: "Bearer " },
      { authorization: "Bearer not-a-session" },
      { authorization: `Basic ${token}` },
      { authorization: token },
      { cookie: `session=${token}; token=${token}; pressroom_session=${token}` },
    ]) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/v1/auth/profile",
        headers,
        payload: { tenantId: 1 },
      });
      expect(res.statusCode, JSON.stringify(headers)).toBe(401);
      expect(res.json()).toEqual({ message: "Unauthenticated" });
    }
    expect((await getProfile(t.app, token)).statusCode).toBe(200);
    const lower = await t.app.inject({
      method: "POST",
      url: "/api/v1/auth/profile",
      headers: { authorization: `bearer ${token}` },
      payload: { tenantId: 1 },
    });
    expect(lower.statusCode).toBe(200);
  });

  it("expires a session after its time-to-live and slides it on use", async () => {
    const token = await signIn(t.app, "press@pressroom.test");
    const [before] = await t.database.db.select().from(sessions).orderBy(sql`${sessions.id} desc`).limit(1);
    const ttl = before.expires_at.getTime() - before.created_at.getTime();
    expect(Math.abs(ttl - 12 * 3_600_000)).toBeLessThan(5_000); // 12 hours by default

    // Used after a while: the expiry moves forward.
    const earlier = new Date(Date.now() - 2 * 3_600_000);
    await t.database.db
      .update(sessions)
      .set({ last_seen_at: earlier, expires_at: new Date(earlier.getTime() + 12 * 3_600_000) })
      .where(eq(sessions.id, before.id));
    expect((await getProfile(t.app, token)).statusCode).toBe(200);
    const [slid] = await t.database.db.select().from(sessions).where(eq(sessions.id, before.id));
    expect(slid.expires_at.getTime()).toBeGreaterThan(Date.now() + 11.9 * 3_600_000);

    await t.database.db
      .update(sessions)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, before.id));
    const res = await getProfile(t.app, token);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: "Unauthenticated" });
  });

  it("ends the sessions of a deactivated user and refuses their sign-in", async () => {
    const token = await signIn(t.app, "press@pressroom.test");
    await t.database.db.update(users).set({ active: false }).where(eq(users.email, "press@pressroom.test"));
    try {
      expect((await getProfile(t.app, token)).statusCode).toBe(401);
      const res = await login(t.app, { email: "press@pressroom.test" }, "10.1.0.2");
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: "Invalid email or password" });
    } finally {
      await t.database.db.update(users).set({ active: true }).where(eq(users.email, "press@pressroom.test"));
    }
    // Reactivation restores a session that has not expired.
    expect((await getProfile(t.app, token)).statusCode).toBe(200);
  });

  it("throttles an email after 5 failures in 15 minutes, with Retry-After", async () => {
    const email = "csr@pressroom.test";
    for (let i = 0; i < 5; i++) {
      const res = await login(t.app, { email, password: `wrong-${i}` }, `10.2.0.${i}`);
      expect(res.statusCode).toBe(401);
    }
    // Blocked now, even with the right password and from another address.
    const res = await login(t.app, { email, password: DEMO_PASSWORD }, "10.2.1.1");
    expect(res.statusCode).toBe(429);
    const retry = Number(res.headers["retry-after"]);
    expect(retry).toBeGreaterThan(800);
    expect(retry).toBeLessThanOrEqual(900);
    expect(res.json()).toEqual({ message: `Too many attempts; try again in ${retry} seconds` });
    // Other emails are not affected.
    expect((await login(t.app, { email: "admin@pressroom.test" }, "10.2.1.1")).statusCode).toBe(200);

    // Once the failures are older than the window, sign-in works again.
    await t.database.db.execute(
      sql`update login_attempts set created_at = created_at - interval '16 minutes' where email = ${email}`,
    );
    expect((await login(t.app, { email }, "10.2.1.1")).statusCode).toBe(200);
  });

  it("throttles an address after 20 failures in 15 minutes", async () => {
    const ip = "10.3.0.1";
    for (let i = 0; i < 20; i++) {
      const res = await login(t.app, { email: `guess-${i}@pressroom.test` }, ip);
      expect(res.statusCode).toBe(401);
    }
    const res = await login(t.app, { email: "admin@pressroom.test" }, ip);
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);
    expect((await login(t.app, { email: "admin@pressroom.test" }, "10.3.0.2")).statusCode).toBe(200);
  });
});

describe("session time-to-live from config", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp("pglite", { config: { sessionTtlHours: 1 / 3600 } }); // one second
    await t.app.ready();
  });
  afterAll(() => t?.dispose());

  it("ends an idle session after SESSION_TTL_HOURS", async () => {
    const token = await signIn(t.app, "csr@pressroom.test");
    expect((await getProfile(t.app, token)).statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 1_200));
    expect((await getProfile(t.app, token)).statusCode).toBe(401);
  });
});
