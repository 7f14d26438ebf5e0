import { Writable } from "node:stream";
import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { outbox, password_resets } from "../../server/db/schema";
import { bearer, createTestApp, describeEachStore, getProfile, login, signIn, type TestApp } from "./helpers";

const APP = "http://127.0.0.1:5173/reset-password";

describeEachStore("auth/forgot-password and auth/reset-password (%s)", (kind) => {
  let t: TestApp;
  const logLines: string[] = [];
  beforeAll(async () => {
    const stream = new Writable({
      write(chunk, _e, done) {
        logLines.push(chunk.toString());
        done();
      },
    });
    t = await createTestApp(kind, { logger: { level: "info", stream } });
    await t.app.ready();
  });
  afterAll(() => t?.dispose());

  const forgot = (payload: object) =>
    t.app.inject({ method: "POST", url: "/api/v1/auth/forgot-password", payload });
  const reset = (payload: object) =>
    t.app.inject({ method: "POST", url: "/api/v1/auth/reset-password", payload });
  const latestMail = async (to: string) =>
    (await t.database.db.select().from(outbox).where(eq(outbox.to, to)).orderBy(desc(outbox.id)).limit(1))[0];
  const tokenOf = (link: string | null) => new URL(link ?? "").searchParams.get("token") ?? "";

  it("mails a reset link to a member and answers the same for anyone", async () => {
    const known = await forgot({ email: "csr@pressroom.test", tenantId: 1, redirectLink: APP });
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual({ message: "Password reset link sent to your email" });
    const mail = await latestMail("csr@pressroom.test");
    expect(mail.subject).toMatch(/reset/i);
    expect(mail.link).toMatch(/^http:\/\/127\.0\.0\.1:5173\/reset-password\?token=[A-Za-z0-9_-]{43}$/);
    expect(mail.body).toContain(mail.link);
    // The demo prints it for a person to follow.
    expect(logLines.join("")).toContain(`Mail to csr@pressroom.test: ${mail.subject} ${mail.link}`);

    for (const [email, tenantId] of [
      ["nobody@pressroom.test", 1],
      ["admin@other.test", 1], // not a member of tenant 1
    ] as const) {
      const res = await forgot({ email, tenantId, redirectLink: APP });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(known.body);
      expect(await latestMail(email)).toBeUndefined();
    }
  });

  it("validates the request, the reset link included", async () => {
    const cases: [object, string[]][] = [
      [{}, ["email", "redirectLink", "tenantId"]],
      [{ email: "csr@pressroom.test", tenantId: 1, redirectLink: "not a url" }, ["redirectLink"]],
      [{ email: "csr@pressroom.test", tenantId: 1, redirectLink: "ftp://127.0.0.1/reset" }, ["redirectLink"]],
      [{ email: "csr@pressroom.test", tenantId: 1, redirectLink: "javascript:alert(1)" }, ["redirectLink"]],
      // A live token must not be mailed to somebody else's site.
      [
        { email: "csr@pressroom.test", tenantId: 1, redirectLink: "https://evil.example/reset" },
        ["redirectLink"],
      ],
      [{ email: "csr", tenantId: 1, redirectLink: APP }, ["email"]],
      [{ email: "csr@pressroom.test", tenantId: 1, redirectLink: APP, extra: 1 }, ["extra"]],
    ];
    for (const [payload, fields] of cases) {
      const res = await forgot(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(
        res
          .json()
          .errors.map((e: { field: string }) => e.field)
          .sort(),
        JSON.stringify(payload),
      ).toEqual(fields);
    }
  });

  it("sets a new password once with the token, ending every session", async () => {
    const session = await signIn(t.app, "admin@pressroom.test");
    await forgot({ email: "admin@pressroom.test", tenantId: 1, redirectLink: APP });
    const token = tokenOf((await latestMail("admin@pressroom.test")).link);

    const short = await reset({ token, password: "short", tenantId: 1 });
    expect(short.statusCode).toBe(400);
    expect(short.json().errors).toEqual([{ field: "password", message: "Use at least 10 characters" }]);
    const otherTenant = await reset({ token, password: "a-new-admin-password", tenantId: 2 });
    expect(otherTenant.statusCode).toBe(400);

    const ok = await reset({ token, password: "a-new-admin-password", tenantId: 1 });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ data: null });
    expect((await getProfile(t.app, session)).statusCode).toBe(401);
    expect((await login(t.app, { email: "admin@pressroom.test" }, "10.4.0.1")).statusCode).toBe(401);
    expect(
      (await login(t.app, { email: "admin@pressroom.test", password: "a-new-admin-password" })).statusCode,
    ).toBe(200);

    const again = await reset({ token, password: "yet-another-password", tenantId: 1 });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      message: "Validation failed",
      errors: [{ field: "token", message: "This reset link is invalid, used or expired; ask for a new one" }],
    });
  });

  it("refuses an expired or unknown token", async () => {
    await forgot({ email: "press@pressroom.test", tenantId: 1, redirectLink: `${APP}?from=mail` });
    const mail = await latestMail("press@pressroom.test");
    expect(mail.link).toContain("from=mail&token=");
    await t.database.db.update(password_resets).set({ expires_at: new Date(Date.now() - 1000) });
    const expired = await reset({ token: tokenOf(mail.link), password: "a-new-press-password", tenantId: 1 });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().errors[0].field).toBe("token");
    const unknown = await reset({ token: "made-up", password: "a-new-press-password", tenantId: 1 });
    expect(unknown.statusCode).toBe(400);
    const missing = await reset({ password: "a-new-press-password", tenantId: 1 });
    expect(missing.json().errors).toEqual([{ field: "token", message: "This field is required" }]);
  });

  it("expires the link after one hour", async () => {
    await forgot({ email: "csr@pressroom.test", tenantId: 1, redirectLink: APP });
    const [row] = await t.database.db
      .select()
      .from(password_resets)
      .orderBy(desc(password_resets.id))
      .limit(1);
    const ttl = row.expires_at.getTime() - row.created_at.getTime();
    expect(Math.abs(ttl - 3_600_000)).toBeLessThan(5_000);
  });

  it("does not mail more than a few open links at once", async () => {
    await t.database.db.delete(password_resets);
    const before = (await t.database.db.select().from(outbox).where(eq(outbox.to, "csr@pressroom.test")))
      .length;
    for (let i = 0; i < 5; i++) {
      expect((await forgot({ email: "csr@pressroom.test", tenantId: 1, redirectLink: APP })).statusCode).toBe(
        200,
      );
    }
    const after = (await t.database.db.select().from(outbox).where(eq(outbox.to, "csr@pressroom.test")))
      .length;
    expect(after - before).toBe(3);
  });

  it("keeps tokens and passwords out of the request log", async () => {
    const token = await signIn(t.app, "csr@pressroom.test");
    await t.app.inject({
      method: "POST",
      url: "/api/v1/auth/profile",
      headers: bearer(token),
      payload: { tenantId: 1 },
    });
    const log = logLines.join("");
    expect(log).not.toContain(token);
    expect(log).not.toContain("pressroom-demo");
    expect(log).not.toContain("a-new-admin-password");
  });
});
