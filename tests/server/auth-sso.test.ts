import http from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createInvitation } from "../../server/auth/invitations";
import { groups, users } from "../../server/db/schema";
import { createTestApp, describeEachStore, getProfile, login, signIn, type TestApp } from "./helpers";

const PROJECT = "demo-pressroom";

// A stand-in for the Firebase Auth emulator: firebase-admin (in emulator mode)
// accepts unsigned ID tokens and looks the account up over HTTP.
interface FakeAccount {
  email: string;
  emailVerified: boolean;
  disabled?: boolean;
}
function startFakeEmulator(accounts: Map<string, FakeAccount>) {
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c) => {
      body += c;
    });
    req.on("end", () => {
      res.setHeader("content-type", "application/json");
      if (!req.url?.endsWith("/accounts:lookup")) {
        res.statusCode = 404;
        res.end("{}");
        return;
      }
      const ids: string[] = JSON.parse(body).localId ?? [];
      const found = ids.filter((id) => accounts.has(id)).map((id) => ({ localId: id, ...accounts.get(id) }));
      res.end(JSON.stringify({ kind: "identitytoolkit#GetAccountInfoResponse", users: found }));
    });
  });
  return new Promise<http.Server>((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

function idToken(
  uid: string,
  claims: { email?: string; email_verified?: boolean; name?: string },
  expiresIn = 3600,
) {
  const now = Math.floor(Date.now() / 1000);
  const part = (o: object) => Buffer.from(JSON.stringify(o)).toString("base64url");
  return `${part({ alg: "none", typ: "JWT" })}.${part({
    iss: `https://securetoken.google.com/${PROJECT}`,
    aud: PROJECT,
    sub: uid,
    user_id: uid,
    auth_time: now - 10,
    iat: now - 10,
    exp: now + expiresIn,
    firebase: { identities: {}, sign_in_provider: "google.com" },
    ...claims,
  })}.`;
}

const decodeJwt = (jwt: string) => JSON.parse(Buffer.from(jwt.split(".")[1], "base64url").toString());

describeEachStore("single sign-on without an identity provider (%s)", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
    await t.app.ready();
  });
  afterAll(() => t?.dispose());

  it("tells the sign-in pages it is not configured (GET auth/sso, no session needed)", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/v1/auth/sso" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { configured: false } });
  });

  it("answers 400: not configured", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/v1/auth/sso-login",
      payload: { idToken: "anything", tenantId: 1 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: "Single sign-on is not configured on this server" });
  });

  it("validates the body first", async () => {
    const res = await t.app.inject({ method: "POST", url: "/api/v1/auth/sso-login", payload: { token: 5 } });
    expect(res.statusCode).toBe(400);
    expect(
      res
        .json()
        .errors.map((e: { field: string }) => e.field)
        .sort(),
    ).toEqual(["idToken", "tenantId", "token"]);
  });
});

describe("single sign-on and custom tokens through firebase-admin (emulator mode)", () => {
  let t: TestApp;
  let emulator: http.Server;
  const accounts = new Map<string, FakeAccount>();
  const sso = (payload: object) => t.app.inject({ method: "POST", url: "/api/v1/auth/sso-login", payload });

  beforeAll(async () => {
    emulator = await startFakeEmulator(accounts);
    const emulatorHost = `127.0.0.1:${(emulator.address() as AddressInfo).port}`;
    t = await createTestApp("pglite", { config: { firebase: { projectId: PROJECT, emulatorHost } } });
    await t.app.ready();
  });
  afterAll(async () => {
    await t?.dispose();
    emulator?.close();
    delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
  });

  it("tells the sign-in pages it is configured (GET auth/sso)", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/v1/auth/sso" });
    expect(res.json()).toEqual({ data: { configured: true } });
  });

  it("returns a custom token for uid pressroom-<id> from login and profile", async () => {
    const res = await login(t.app, { email: "csr@pressroom.test" });
    expect(res.statusCode).toBe(200);
    const { customToken, sessionCookie } = res.json().data;
    const [csr] = await t.database.db.select().from(users).where(eq(users.email, "csr@pressroom.test"));
    expect(decodeJwt(customToken)).toMatchObject({ uid: `pressroom-${csr.id}`, claims: { tenantId: 1 } });
    const profile = (await getProfile(t.app, sessionCookie)).json().data;
    expect(decodeJwt(profile.customToken).uid).toBe(`pressroom-${csr.id}`);
  });

  it("signs in a member by the verified email of the ID token", async () => {
    accounts.set("google-casey", { email: "csr@pressroom.test", emailVerified: true });
    const res = await sso({
      idToken: idToken("google-casey", { email: "CSR@pressroom.test", email_verified: true }),
      tenantId: 1,
    });
    expect(res.statusCode).toBe(200);
    const { customToken, sessionCookie } = res.json().data;
    expect(typeof customToken).toBe("string");
    expect((await getProfile(t.app, sessionCookie)).json().data.user.email).toBe("csr@pressroom.test");
  });

  it("refuses unverified emails, strangers, other tenants and bad tokens", async () => {
    accounts.set("google-unverified", { email: "csr@pressroom.test", emailVerified: false });
    const unverified = await sso({
      idToken: idToken("google-unverified", { email: "csr@pressroom.test", email_verified: false }),
      tenantId: 1,
    });
    expect(unverified.statusCode).toBe(401);

    accounts.set("google-stranger", { email: "stranger@gmail.test", emailVerified: true });
    const stranger = await sso({
      idToken: idToken("google-stranger", { email: "stranger@gmail.test", email_verified: true }),
      tenantId: 1,
    });
    expect(stranger.statusCode).toBe(401);
    expect(stranger.json().message).toMatch(/invitation/);

    accounts.set("google-olive", { email: "admin@other.test", emailVerified: true });
    const olive = idToken("google-olive", { email: "admin@other.test", email_verified: true });
    expect((await sso({ idToken: olive, tenantId: 1 })).statusCode).toBe(401);
    expect((await sso({ idToken: olive, tenantId: 2 })).statusCode).toBe(200);

    const garbage = await sso({ idToken: "not-a-jwt", tenantId: 1 });
    expect(garbage.statusCode).toBe(401);
    expect(garbage.json()).toEqual({ message: "Single sign-on failed; please sign in again" });
    const expired = await sso({
      idToken: idToken("google-casey", { email: "csr@pressroom.test", email_verified: true }, -60),
      tenantId: 1,
    });
    expect(expired.statusCode).toBe(401);
  });

  it("registers a newcomer who brings an invitation, once", async () => {
    const [press] = await t.database.db.select().from(groups).where(eq(groups.name, "Press room"));
    const { token } = await createInvitation(t.database.db, t.app.mailer, {
      tenantId: 1,
      email: "gina@gmail.test",
      groupIds: [press.id],
      registerUrl: "http://127.0.0.1:8080/register",
    });
    accounts.set("google-gina", { email: "gina@gmail.test", emailVerified: true });
    const gina = idToken("google-gina", {
      email: "gina@gmail.test",
      email_verified: true,
      name: "Gina Google",
    });

    accounts.set("google-someone", { email: "someone@gmail.test", emailVerified: true });
    const someone = idToken("google-someone", { email: "someone@gmail.test", email_verified: true });
    const wrongPerson = await sso({ idToken: someone, tenantId: 1, token });
    expect(wrongPerson.statusCode).toBe(400);
    expect(wrongPerson.json().errors[0].field).toBe("token");

    const res = await sso({ idToken: gina, tenantId: 1, token });
    expect(res.statusCode).toBe(200);
    const user = (await getProfile(t.app, res.json().data.sessionCookie)).json().data.user;
    expect(user).toMatchObject({ name: "Gina Google", email: "gina@gmail.test" });
    expect(user.UserGroups.map((g: { Groups: { name: string } }) => g.Groups.name)).toEqual(["Press room"]);
    const [row] = await t.database.db.select().from(users).where(eq(users.email, "gina@gmail.test"));
    expect(row.password_hash).toBeNull();

    expect((await sso({ idToken: gina, tenantId: 1, token })).statusCode).toBe(400); // used
    expect((await sso({ idToken: gina, tenantId: 1 })).statusCode).toBe(200); // a member now
    // No password: password sign-in stays closed.
    expect(
      (await login(t.app, { email: "gina@gmail.test", password: "anything-at-all" }, "10.5.0.1")).statusCode,
    ).toBe(401);
  });

  it("returns a custom token from register too", async () => {
    const { token } = await createInvitation(t.database.db, t.app.mailer, {
      tenantId: 1,
      email: "reg@pressroom.test",
      groupIds: [],
      registerUrl: "http://127.0.0.1:8080/register",
    });
    const res = await t.app.inject({
      method: "POST",
      url: "/api/v1/auth/register",
      payload: { name: "Reg", email: "reg@pressroom.test", password: "reg-password-1", tenantId: 1, token },
    });
    expect(res.statusCode).toBe(201);
    expect(decodeJwt(res.json().data.customToken).uid).toMatch(/^pressroom-\d+$/);
  });

  it("answers 503 when the provider cannot be reached", async () => {
    emulator.close();
    await new Promise((r) => setTimeout(r, 50));
    const res = await sso({
      idToken: idToken("google-casey", { email: "csr@pressroom.test", email_verified: true }),
      tenantId: 1,
    });
    expect(res.statusCode).toBe(503);
    // Password sign-in does not depend on it (custom tokens are signed locally).
    expect((await signIn(t.app, "csr@pressroom.test")).length).toBeGreaterThan(0);
  });
});
