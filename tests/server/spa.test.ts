import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, tempDir } from "./helpers";

// The built app and the API share one port; only PGlite here, the database plays no part.
describe("serving the built app", () => {
  let t: TestApp;
  let dir: string;
  const indexHtml = `<!doctype html><html><head><script type="module" src="/assets/x-abc123.js"></script></head><body>${"<p>Pressroom</p>".repeat(200)}</body></html>`;
  const script = `console.log(${JSON.stringify("pressroom ".repeat(300))});`;

  beforeAll(async () => {
    dir = tempDir("static");
    mkdirSync(path.join(dir, "assets"));
    writeFileSync(path.join(dir, "index.html"), indexHtml);
    writeFileSync(path.join(dir, "assets", "x-abc123.js"), script);
    writeFileSync(path.join(dir, "favicon.svg"), "<svg/>");
    t = await createTestApp("pglite", { staticDir: dir, seed: false });
    await t.app.ready();
  });
  afterAll(async () => {
    await t?.dispose();
    rmSync(dir, { recursive: true, force: true });
  });

  it("serves index.html at / without caching it", async () => {
    const res = await t.app.inject({ method: "GET", url: "/" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/text\/html/);
    expect(res.headers["cache-control"]).toBe("no-cache");
    expect(res.body).toBe(indexHtml);
  });

  it("falls back to index.html for client-side routes", async () => {
    for (const url of ["/orders/12", "/runs/3/job-jacket", "/reset-password?token=abc", "/login"]) {
      const res = await t.app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["content-type"], url).toMatch(/text\/html/);
      expect(res.headers["cache-control"], url).toBe("no-cache");
      expect(res.body, url).toBe(indexHtml);
    }
  });

  it("caches hashed assets forever", async () => {
    const res = await t.app.inject({ method: "GET", url: "/assets/x-abc123.js" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/javascript/);
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(res.body).toBe(script);
  });

  it("revalidates other top-level files", async () => {
    const res = await t.app.inject({ method: "GET", url: "/favicon.svg" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-cache");
  });

  it("answers a missing hashed asset with 404, not the page", async () => {
    const res = await t.app.inject({ method: "GET", url: "/assets/gone-999.js" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: "Not found" });
  });

  it("keeps API 404s as JSON", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/v1/nothing-here" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: "Not found" });
  });

  it("does not fall back for other methods", async () => {
    const res = await t.app.inject({ method: "POST", url: "/orders/12", payload: {} });
    expect(res.statusCode).toBe(404);
  });

  it("compresses the page and the assets with brotli or gzip", async () => {
    for (const url of ["/", "/orders/7", "/assets/x-abc123.js"]) {
      const br = await t.app.inject({ method: "GET", url, headers: { "accept-encoding": "br, gzip" } });
      expect(br.headers["content-encoding"], url).toBe("br");
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(
        url.startsWith("/assets") ? script : indexHtml,
      );
      const gz = await t.app.inject({ method: "GET", url, headers: { "accept-encoding": "gzip" } });
      expect(gz.headers["content-encoding"], url).toBe("gzip");
      expect(gunzipSync(gz.rawPayload).toString()).toBe(url.startsWith("/assets") ? script : indexHtml);
    }
  });
});
