import { existsSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { LOCK_FILE } from "../../server/db/data-lock";
import { type ServerProcess, spawnServer, tempDir, waitForHealth } from "./helpers";

// The real entry point as a child process: start, lock, crash and restart, shutdown.
// Bounds are generous, there to catch a hang, not to time a start: a cold start runs PGlite's initdb and a seed,
// 17 s on an idle 2-core machine and over 60 s on one shared with other test runs.
const START_BOUND_MS = 120_000;

describe("server process", () => {
  const dataDir = tempDir("server-data");
  const running: ServerProcess[] = [];
  const start = (env: Record<string, string> = {}) => {
    // A small seed: what is checked is that a cold start seeds, locks and recovers, not how much it seeds.
    const server = spawnServer({
      DATA_DIR: dataDir,
      STATIC_DIR: path.join(dataDir, "no-app"),
      SEED_ORDERS: "20",
      ...env,
    });
    running.push(server);
    return server;
  };
  afterAll(() => {
    for (const s of running) if (s.child.exitCode === null) s.child.kill("SIGKILL");
    rmSync(dataDir, { recursive: true, force: true });
  });

  let first: ServerProcess;

  it("starts on an empty folder, migrates, seeds and answers health", {
    timeout: START_BOUND_MS + 10_000,
  }, async () => {
    first = start();
    const url = await first.ready;
    await waitForHealth(url, START_BOUND_MS);
    expect(readFileSync(path.join(dataDir, LOCK_FILE), "utf8").trim()).toBe(String(first.child.pid));
  });

  it("refuses a second server on the same folder, naming the owner's pid", { timeout: 40_000 }, async () => {
    const second = start();
    const code = await second.exited;
    expect(code).not.toBe(0);
    expect(second.output()).toContain(`pid ${first.child.pid}`);
    expect(second.output()).toContain("in use by another Pressroom server");
    // The first one is unharmed.
    await waitForHealth(await first.ready, 5_000);
  });

  it("restarts healthy on the same folder after kill -9", { timeout: START_BOUND_MS + 10_000 }, async () => {
    first.child.kill("SIGKILL");
    expect(await first.exited).toBe("SIGKILL");
    // The crash left both behind; PGlite's own pid file would make the next open wait forever.
    expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(true);
    expect(existsSync(path.join(dataDir, "pglite", "postmaster.pid"))).toBe(true);
    const startedAt = Date.now();
    const again = start({ LOG_LEVEL: "info" });
    await waitForHealth(await again.ready, START_BOUND_MS);
    const elapsed = Date.now() - startedAt;
    expect(elapsed).toBeLessThan(START_BOUND_MS);
    expect(again.output()).toContain("Took over the data folder");
    expect(again.output()).not.toContain("Seeded"); // the data survived
    first = again;
  });

  it("finishes a request in flight on SIGTERM, then exits 0 and releases the lock", {
    timeout: 30_000,
  }, async () => {
    const url = new URL("/api/v1/auth/login", await first.ready);
    const body = JSON.stringify({ email: "admin@pressroom.test", password: "pressroom-demo", tenantId: 1 });
    // Headers and half the body now, the rest after the signal.
    const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = http.request(
        url,
        {
          method: "POST",
          headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body) },
        },
        (res) => {
          let text = "";
          res.on("data", (c) => {
            text += c;
          });
          res.on("end", () => resolve({ status: res.statusCode ?? 0, text }));
        },
      );
      req.on("error", reject);
      req.write(body.slice(0, 20));
      setTimeout(() => {
        first.child.kill("SIGTERM");
        setTimeout(() => req.end(body.slice(20)), 500);
      }, 300);
    });
    const { status, text } = await answer;
    expect(status).toBe(200);
    expect(JSON.parse(text).data.sessionCookie).toBeTruthy();
    expect(await first.exited).toBe(0);
    expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
    expect(first.output()).toContain("Shutting down");
  });
});
