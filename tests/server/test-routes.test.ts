import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, login, type TestApp } from "./helpers";

const forgot = (t: TestApp, email: string) =>
  t.app.inject({
    method: "POST",
    url: "/api/v1/auth/forgot-password",
    payload: { email, tenantId: 1, redirectLink: "http://127.0.0.1:8080/reset-password" },
  });

describe("e2e helper routes", () => {
  describe("by default", () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp("pglite");
      await t.app.ready();
    });
    afterAll(() => t?.dispose());

    it("are not registered", async () => {
      await forgot(t, "csr@pressroom.test");
      const outbox = await t.app.inject({ method: "GET", url: "/api/v1/test/outbox?to=csr@pressroom.test" });
      expect(outbox.statusCode).toBe(404);
      expect(outbox.json()).toEqual({ message: "Not found" });
      const invitation = await t.app.inject({
        method: "POST",
        url: "/api/v1/test/invitations",
        payload: { email: "e2e@pressroom.test", tenantId: 1 },
      });
      expect(invitation.statusCode).toBe(404);
      const doc = (await t.app.inject({ method: "GET", url: "/api/v1/openapi.json" })).json();
      expect(Object.keys(doc.paths).some((p) => p.includes("/test/"))).toBe(false);
    });
  });

  describe("with PRESSROOM_TEST_OUTBOX=1", () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp("pglite", { config: { testRoutes: true } });
      await t.app.ready();
    });
    afterAll(() => t?.dispose());

    it("answers the latest mail to an address", async () => {
      const none = await t.app.inject({ method: "GET", url: "/api/v1/test/outbox?to=csr@pressroom.test" });
      expect(none.statusCode).toBe(404);
      await forgot(t, "csr@pressroom.test");
      await forgot(t, "csr@pressroom.test");
      const res = await t.app.inject({ method: "GET", url: "/api/v1/test/outbox?to=CSR@pressroom.test" });
      expect(res.statusCode).toBe(200);
      const { data } = res.json();
      expect(Object.keys(data).sort()).toEqual(["link", "subject", "to"]);
      expect(data.to).toBe("csr@pressroom.test");
      expect(data.link).toMatch(/^http:\/\/127\.0\.0\.1:8080\/reset-password\?token=/);
      const bad = await t.app.inject({ method: "GET", url: "/api/v1/test/outbox" });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors[0].field).toBe("to");
    });

    it("creates an invitation that registers into a non-admin group", async () => {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/v1/test/invitations",
        payload: { email: "e2e@pressroom.test", tenantId: 1 },
      });
      expect(res.statusCode).toBe(201);
      const { token, link } = res.json().data;
      expect(link).toBe(`http://127.0.0.1:8080/register?token=${token}`);
      const mail = (
        await t.app.inject({ method: "GET", url: "/api/v1/test/outbox?to=e2e@pressroom.test" })
      ).json();
      expect(mail.data.link).toBe(link);
      const reg = await t.app.inject({
        method: "POST",
        url: "/api/v1/auth/register",
        payload: { name: "E2E", email: "e2e@pressroom.test", password: "e2e-password-1", tenantId: 1, token },
      });
      expect(reg.statusCode).toBe(201);
      expect(
        (await login(t.app, { email: "e2e@pressroom.test", password: "e2e-password-1" })).statusCode,
      ).toBe(200);
    });
  });
});
