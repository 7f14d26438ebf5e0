import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../server/config";
import { createTestApp, type TestApp, tempDir } from "./helpers";

// Every answer carries the security headers; pages get the app's Content-Security-Policy,
// API answers one that allows nothing and are never cached.
describe("security headers", () => {
  let t: TestApp;
  let dir: string;

  beforeAll(async () => {
    dir = tempDir("csp");
    mkdirSync(path.join(dir, "assets"));
    writeFileSync(path.join(dir, "index.html"), "<!doctype html><div id=root></div>");
    t = await createTestApp("pglite", {
      staticDir: dir,
      seed: false,
      config: { cspOrigins: ["http://127.0.0.1:9099"], publicUrl: "https://press.example" },
    });
    await t.app.ready();
  });
  afterAll(async () => {
    await t?.dispose();
    rmSync(dir, { recursive: true, force: true });
  });

  const policy = (header: unknown) =>
    Object.fromEntries(
      String(header)
        .split(";")
        .map((d) => d.trim().split(/\s+/))
        .map(([name, ...sources]) => [name, sources]),
    );

  it("gives pages a policy allowing only the app, Google sign-in and the payment provider", async () => {
    const res = await t.app.inject({ method: "GET", url: "/orders/12" });
    expect(res.statusCode).toBe(200);
    const csp = policy(res.headers["content-security-policy"]);
    expect(csp["default-src"]).toEqual(["'self'"]);
    expect(csp["script-src"]).toEqual([
      "'self'",
      "https://apis.google.com",
      "https://www.gstatic.com",
      "https://js.stripe.com",
    ]);
    expect(csp["script-src"]).not.toContain("'unsafe-inline'");
    expect(csp["script-src"]).not.toContain("'unsafe-eval'");
    expect(csp["object-src"]).toEqual(["'none'"]);
    expect(csp["frame-ancestors"]).toEqual(["'none'"]);
    expect(csp["connect-src"]).toContain("http://127.0.0.1:9099");
    expect(csp["frame-src"]).toContain("https://js.stripe.com");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["x-frame-options"]).toBe("DENY");
    expect(res.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(res.headers["cross-origin-opener-policy"]).toBe("same-origin-allow-popups");
    expect(res.headers["strict-transport-security"]).toMatch(/^max-age=\d+/);
  });

  it("gives API answers, errors included, a policy that allows nothing and no caching", async () => {
    for (const url of ["/api/v1/health", "/api/v1/vendors", "/api/v1/nowhere"]) {
      const res = await t.app.inject({ method: "GET", url });
      expect(res.headers["content-security-policy"], url).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers["cache-control"], url).toBe("no-store");
      expect(res.headers["x-content-type-options"], url).toBe("nosniff");
    }
  });

  it("reads extra origins from CSP_EXTRA_ORIGINS and refuses a non-URL", () => {
    expect(
      loadConfig({ CSP_EXTRA_ORIGINS: "https://api.example/v1, http://localhost:9099" }).cspOrigins,
    ).toEqual(["https://api.example", "http://localhost:9099"]);
    expect(() => loadConfig({ CSP_EXTRA_ORIGINS: "not a url" })).toThrow(ConfigError);
  });
});
