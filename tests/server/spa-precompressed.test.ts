// The build's Brotli and gzip copies (scripts/precompress-assets.mjs) are what the server sends: nothing is
// compressed per request when they exist.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MIN_BYTES, precompress } from "../../scripts/precompress-assets.mjs";
import { createTestApp, type TestApp, tempDir } from "./helpers";

describe("precompress", () => {
  it("writes .br and .gz copies of the text files large enough to gain, which decompress to the file", async () => {
    const dir = tempDir("precompress");
    try {
      mkdirSync(path.join(dir, "assets"));
      const script = `export const words = ${JSON.stringify("pressroom ".repeat(500))};`;
      writeFileSync(path.join(dir, "assets", "app-1.js"), script);
      writeFileSync(path.join(dir, "assets", "tiny-1.js"), "export {};");
      writeFileSync(path.join(dir, "logo.png"), Buffer.alloc(MIN_BYTES * 4));
      expect(await precompress(dir)).toBe(1);
      const file = path.join(dir, "assets", "app-1.js");
      expect(brotliDecompressSync(readFileSync(`${file}.br`)).toString()).toBe(script);
      expect(gunzipSync(readFileSync(`${file}.gz`)).toString()).toBe(script);
      expect(existsSync(path.join(dir, "assets", "tiny-1.js.br"))).toBe(false);
      expect(existsSync(path.join(dir, "logo.png.br"))).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("serving a build with compressed copies", () => {
  let t: TestApp;
  let dir: string;
  const page = `<!doctype html><html><body>${"<p>Pressroom</p>".repeat(200)}</body></html>`;
  const script = `console.log(${JSON.stringify("pressroom ".repeat(300))});`;

  beforeAll(async () => {
    dir = tempDir("static-precompressed");
    mkdirSync(path.join(dir, "assets"));
    writeFileSync(path.join(dir, "index.html"), page);
    writeFileSync(path.join(dir, "assets", "x-abc123.js"), script);
    await precompress(dir);
    t = await createTestApp("pglite", { staticDir: dir, seed: false });
    await t.app.ready();
  });
  afterAll(async () => {
    await t?.dispose();
    rmSync(dir, { recursive: true, force: true });
  });

  it("sends the build's own compressed bytes for the encoding asked, varying on it", async () => {
    const url = "/assets/x-abc123.js";
    const file = path.join(dir, "assets", "x-abc123.js");
    const br = await t.app.inject({ method: "GET", url, headers: { "accept-encoding": "br, gzip" } });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(br.rawPayload.equals(readFileSync(`${file}.br`))).toBe(true);
    const gz = await t.app.inject({ method: "GET", url, headers: { "accept-encoding": "gzip" } });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gz.rawPayload.equals(readFileSync(`${file}.gz`))).toBe(true);
    const plain = await t.app.inject({ method: "GET", url, headers: { "accept-encoding": "identity" } });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it("sends the page's compressed copy at a client-side route too", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: "/orders/12",
      headers: { "accept-encoding": "br" },
    });
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers["cache-control"]).toBe("no-cache");
    expect(res.rawPayload.equals(readFileSync(path.join(dir, "index.html.br")))).toBe(true);
  });
});
