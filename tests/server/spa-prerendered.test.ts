import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliDecompressSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, tempDir } from "./helpers";

// The sign-in pages' pre-rendered copies (written by the build beside index.html) answer their paths; a visitor
// with a session gets index.html, whose full app sends them on.
describe("serving the pre-rendered sign-in pages", () => {
  let t: TestApp;
  let dir: string;
  const page = (name: string) =>
    `<!doctype html><html><head></head><body><div id="root">${name}</div></body></html>`;
  const indexHtml = page("");
  const loginHtml = page("<form>Sign in</form>".repeat(100));
  const registerHtml = page("<form>Create account</form>");

  beforeAll(async () => {
    dir = tempDir("static-prerendered");
    mkdirSync(path.join(dir, "assets"));
    writeFileSync(path.join(dir, "index.html"), indexHtml);
    writeFileSync(path.join(dir, "login.html"), loginHtml);
    writeFileSync(path.join(dir, "register.html"), registerHtml);
    t = await createTestApp("pglite", { staticDir: dir, seed: false });
    await t.app.ready();
  });
  afterAll(async () => {
    await t?.dispose();
    rmSync(dir, { recursive: true, force: true });
  });

  const get = (url: string, cookie?: string) =>
    t.app.inject({ method: "GET", url, headers: cookie === undefined ? {} : { cookie } });

  it("answers a sign-in page with its pre-rendered file, revalidated like index.html", async () => {
    for (const url of ["/login", "/login/", "/login?redirect=%2Forders%3Fpage%3D2"]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["content-type"], url).toMatch(/^text\/html/);
      expect(res.headers["cache-control"], url).toBe("no-cache");
      expect(res.headers.vary, url).toMatch(/cookie/i);
      expect(res.body, url).toBe(loginHtml);
    }
    const register = await get("/register?token=abc");
    expect(register.body).toBe(registerHtml);
  });

  it("answers HEAD like GET", async () => {
    const res = await t.app.inject({ method: "HEAD", url: "/login" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/html/);
  });

  it("falls back to index.html for a sign-in page the build did not pre-render", async () => {
    for (const url of ["/forgot-password", "/reset-password?token=abc"]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(indexHtml);
    }
  });

  it("gives a visitor with a session index.html", async () => {
    for (const cookie of ["pressroom_session=tok-1", "theme=dark; pressroom_session=tok%3D1; x=y"]) {
      const res = await get("/login", cookie);
      expect(res.body, cookie).toBe(indexHtml);
      expect(res.headers["cache-control"], cookie).toBe("no-cache");
      expect(res.headers.vary, cookie).toMatch(/cookie/i);
    }
  });

  it("ignores other cookies and an emptied session cookie", async () => {
    for (const cookie of ["pressroom_session=", "other_pressroom_session=tok", "pressroom_sessionx=tok"]) {
      expect((await get("/login", cookie)).body, cookie).toBe(loginHtml);
    }
  });

  it("leaves other pages to index.html, without varying on cookies", async () => {
    for (const url of ["/", "/orders/12", "/loginx", "/login/more"]) {
      const res = await get(url);
      expect(res.body, url).toBe(indexHtml);
      expect(res.headers.vary ?? "", url).not.toMatch(/cookie/i);
    }
  });

  it("compresses the pre-rendered page", async () => {
    const res = await t.app.inject({ method: "GET", url: "/login", headers: { "accept-encoding": "br" } });
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers.vary).toMatch(/cookie/i);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(loginHtml);
  });
});
