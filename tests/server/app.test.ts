import { Writable } from "node:stream";
import { afterAll, beforeAll, expect, it } from "vitest";
import { z } from "zod";
import { createTestApp, describeEachStore, type TestApp } from "./helpers";

describeEachStore("HTTP basics (%s)", (kind) => {
  let t: TestApp;
  const logLines: string[] = [];

  beforeAll(async () => {
    const stream = new Writable({
      write(chunk, _enc, done) {
        logLines.push(chunk.toString());
        done();
      },
    });
    t = await createTestApp(kind, { logger: { level: "info", stream } });
    // Routes only these tests need, in a plugin like every API route, so the OpenAPI document sees them.
    t.app.register(async (api) => {
      api.get("/api/v1/test-boom", async () => {
        throw new Error('relation "secret_table" does not exist at /srv/app.ts:12');
      });
      api.post(
        "/api/v1/test-echo",
        {
          schema: {
            body: z.strictObject({
              email: z.email(),
              name: z.string().min(1),
              age: z.number().int().optional(),
            }),
          },
        },
        async (request) => ({ data: request.body }),
      );
    });
    await t.app.ready();
  });
  afterAll(() => t?.dispose());

  it("answers health without a token", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/v1/health" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { status: "ok" } });
  });

  it("publishes an OpenAPI 3 document generated from the route schemas", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/v1/openapi.json" });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths["/api/v1/health"].get.responses["200"]).toBeDefined();
    const echo = doc.paths["/api/v1/test-echo"].post.requestBody.content["application/json"].schema;
    expect(echo.properties.email).toMatchObject({ type: "string" });
    expect(echo.required).toEqual(["email", "name"]);
    for (const [path, method] of [
      ["/api/v1/auth/login", "post"],
      ["/api/v1/auth/sso-login", "post"],
      ["/api/v1/auth/register", "post"],
      ["/api/v1/auth/logout", "post"],
      ["/api/v1/auth/forgot-password", "post"],
      ["/api/v1/auth/reset-password", "post"],
      ["/api/v1/auth/profile", "post"],
      ["/api/v1/auth/profile", "put"],
    ]) {
      expect(doc.paths[path]?.[method], `${method} ${path}`).toBeDefined();
    }
    const login = doc.paths["/api/v1/auth/login"].post;
    expect(login.requestBody.content["application/json"].schema.required).toEqual([
      "email",
      "password",
      "tenantId",
    ]);
    expect(login.responses["200"].content["application/json"].schema.properties.data.required).toEqual([
      "customToken",
      "sessionCookie",
    ]);
    expect(login.responses["401"]).toBeDefined();
    expect(doc.paths["/api/v1/auth/profile"].post.security).toEqual([{ bearer: [] }]);
  });

  it("answers unknown API routes with the contract's 404 body", async () => {
    for (const [method, url] of [
      ["GET", "/api/v1/no-such-thing"],
      ["POST", "/api/v1/no-such-thing"],
      ["DELETE", "/api/v1/health"],
      ["GET", "/api/v2/health"],
      ["GET", "/api"],
    ] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toEqual({ message: "Not found" });
    }
  });

  it("answers 404 JSON for non-API paths when no app is built", async () => {
    const res = await t.app.inject({ method: "GET", url: "/orders/12" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: "Not found" });
  });

  it("refuses a body over 1 MiB with 413", async () => {
    const payload = JSON.stringify({ email: "a@b.test", name: "x".repeat(1024 * 1024) });
    const res = await t.app.inject({
      method: "POST",
      url: "/api/v1/test-echo",
      payload,
      headers: { "content-type": "application/json" },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: "Payload too large" });
  });

  it("accepts a body just under 1 MiB", async () => {
    const name = "x".repeat(1024 * 1024 - 100);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/v1/test-echo",
      payload: { email: "a@b.test", name },
    });
    expect(res.statusCode).toBe(200);
  });

  it("answers 400 to a body that is not JSON", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/v1/test-echo",
      payload: '{"email": "a@b.test",',
      headers: { "content-type": "application/json" },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: "Validation failed",
      errors: [{ message: "The body is not valid JSON" }],
    });
  });

  it("answers 400 with one entry per bad field, unknown fields included", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/v1/test-echo",
      payload: { email: "not-an-email", age: 1.5, colour: "red" },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.message).toBe("Validation failed");
    const fields = body.errors.map((e: { field: string }) => e.field).sort();
    expect(fields).toEqual(["age", "colour", "email", "name"]);
    for (const e of body.errors) expect(typeof e.message).toBe("string");
    expect(body.errors.find((e: { field: string }) => e.field === "name").message).toBe(
      "This field is required",
    );
    expect(body.errors.find((e: { field: string }) => e.field === "colour").message).toBe("Unknown field");
  });

  it("hides the details of an unexpected error and logs them", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/v1/test-boom" });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: "Internal Server Error" });
    expect(res.body).not.toMatch(/secret_table|app\.ts|at /);
    expect(logLines.join("")).toContain("secret_table");
  });

  it("keeps secrets out of the request log", async () => {
    await t.app.inject({
      method: "GET",
      url: "/reset-password?token=very-secret-reset&x=1",
      headers: { authorization: "Bearer very-secret-token" },
    });
    await t.app.inject({
      method: "POST",
      url: "/api/v1/test-echo",
      headers: { authorization: "Bearer very-secret-token" },
      payload: { email: "a@b.test", name: "n", password: "very-secret-password" },
    });
    const log = logLines.join("");
    expect(log).toContain("/reset-password?token=[Redacted]&x=1");
    expect(log).not.toMatch(/very-secret/);
  });

  it("lets the app's own origins call the API cross-origin, and nobody else", async () => {
    const preflight = await t.app.inject({
      method: "OPTIONS",
      url: "/api/v1/auth/login",
      headers: { origin: "http://localhost:5173", "access-control-request-method": "POST" },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers["access-control-allow-origin"]).toBe("http://localhost:5173");
    expect(preflight.headers["access-control-allow-headers"]).toMatch(/Authorization/);
    const get = await t.app.inject({
      method: "GET",
      url: "/api/v1/health",
      headers: { origin: "http://127.0.0.1:4173" },
    });
    expect(get.headers["access-control-allow-origin"]).toBe("http://127.0.0.1:4173");
    // x-total-count: the stock @refinedev/simple-rest provider reads a list's total from it.
    expect(get.headers["access-control-expose-headers"]).toBe("Retry-After, x-total-count");
    const evil = await t.app.inject({
      method: "OPTIONS",
      url: "/api/v1/auth/login",
      headers: { origin: "https://evil.example", "access-control-request-method": "POST" },
    });
    expect(evil.headers["access-control-allow-origin"]).toBeUndefined();
    expect(evil.statusCode).toBe(404);
  });

  it("compresses API answers when asked", async () => {
    const payload = { email: "a@b.test", name: "long ".repeat(1000) };
    for (const encoding of ["br", "gzip"]) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/v1/test-echo",
        payload,
        headers: { "accept-encoding": encoding },
      });
      expect(res.headers["content-encoding"]).toBe(encoding);
      expect(res.rawPayload.length).toBeLessThan(1000);
    }
  });
});
