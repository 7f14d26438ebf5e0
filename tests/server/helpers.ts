import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { describe, inject, it } from "vitest";
import { SERVER_BUNDLE, SERVER_NODE_FLAGS } from "../../scripts/build-server.mjs";
import { type BuildAppOptions, buildApp } from "../../server/app";
import { runMigrations } from "../../server/db/migrate";
import { type DatabaseHandle, openDatabase } from "../../server/db/open";
import { SEED_PASSWORD, seedIfEmpty } from "../../server/db/seed";
import { pgliteTemplate } from "./pglite-image";

// Test databases: a fresh PGlite in a temp folder always, and a fresh PostgreSQL
// database as well when TEST_DATABASE_URL names a server we may create databases on.

export type DatabaseKind = "pglite" | "postgres";

/** Both stores: a store this run cannot reach is reported as skipped, never silently left out. */
export const STORES: readonly DatabaseKind[] = ["pglite", "postgres"];

/**
 * The stores this run covers: TEST_STORES (a comma list), else both. npm test covers PGlite (scripts/test.mjs) and
 * the long run PostgreSQL (scripts/long.mjs), so that CI runs every server test on each store once.
 */
export const RUN_STORES: readonly DatabaseKind[] = (() => {
  const named = process.env.TEST_STORES?.split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  if (!named?.length) return STORES;
  const unknown = named.filter((s) => !STORES.includes(s as DatabaseKind));
  if (unknown.length) throw new Error(`TEST_STORES names no store: ${unknown.join(", ")} (pglite, postgres)`);
  return STORES.filter((s) => named.includes(s));
})();

/** Why a store is not tested in this run, or undefined when it is. */
export function storeMissing(kind: DatabaseKind): string | undefined {
  return kind === "postgres" && !process.env.TEST_DATABASE_URL
    ? "PostgreSQL not tested: TEST_DATABASE_URL is not set"
    : undefined;
}

/**
 * describe.each over both stores ("… (%s)" names the store). Without TEST_DATABASE_URL the PostgreSQL suite is one
 * skipped test that says why, so a local run shows "1 skipped" and the reason instead of half the suite gone quietly.
 */
export function describeEachStore(title: string, body: (kind: DatabaseKind) => void): void {
  for (const kind of RUN_STORES) describeOnStore(kind, title.replaceAll("%s", kind), () => body(kind));
}

/** A suite that needs one store: without it, one skipped test that says why. */
export function describeOnStore(kind: DatabaseKind, title: string, body: () => void): void {
  if (!RUN_STORES.includes(kind)) return; // the other step of CI's run covers it
  const missing = storeMissing(kind);
  if (missing)
    describe(title, () =>
      it(`runs on ${kind}`, (context) => {
        // In the JSON report too (scripts/test.mjs lists every skipped test with its reason).
        Object.assign(context.task.meta, { skipped: missing });
        context.skip(missing);
      }),
    );
  else describe(title, body);
}

export const REPO_ROOT = path.resolve(import.meta.dirname, "../..");

export interface TestDatabase {
  kind: DatabaseKind;
  handle: DatabaseHandle;
  /** The PostgreSQL database's name (postgres only). */
  name?: string;
  /** Closes it and removes its files or database (a kept PostgreSQL database only with `drop`). */
  dispose(options?: { drop?: boolean }): Promise<void>;
}

export interface TestDatabaseOptions {
  /** Apply the migrations (default true). */
  migrate?: boolean;
  /** Seed the demo data (default true; implies migrate). */
  seed?: boolean;
  /**
   * Start a seeded database from the copy global-setup.ts made once for the run (default true);
   * false seeds this one itself.
   */
  template?: boolean;
  /** PostgreSQL: keep the database after dispose() unless told to drop it (the run's template). */
  keep?: boolean;
}

export async function createTestDatabase(
  kind: DatabaseKind,
  options: TestDatabaseOptions = {},
): Promise<TestDatabase> {
  const seed = options.seed ?? true;
  if (seed && options.template !== false) {
    const copy = kind === "pglite" ? seededImage() : seededTemplate();
    if (copy) return kind === "pglite" ? freshPglite(seededImageBlob(copy)) : freshPostgres(options, copy);
  }
  const db = kind === "pglite" ? await freshPglite(await pgliteTemplate()) : await freshPostgres(options);
  try {
    if (options.migrate !== false || seed) await runMigrations(db.handle);
    if (seed) await seedIfEmpty(db.handle.db);
  } catch (error) {
    await db.dispose({ drop: true });
    throw error;
  }
  return db;
}

/** What global-setup.ts provided: undefined outside a vitest worker or when it did not run. */
function provided(key: "seededPglite" | "seededPostgres"): string | undefined {
  try {
    return inject(key) || undefined;
  } catch {
    return undefined;
  }
}
const seededImage = () => provided("seededPglite");
const seededTemplate = () => provided("seededPostgres");

// The seeded image (70 MB) read once per worker process: its files run in one process (isolate: false).
const images = new Map<string, Blob>();
function seededImageBlob(file: string): Blob {
  const image = images.get(file) ?? new Blob([readFileSync(file)]);
  images.set(file, image);
  return image;
}

// In memory, not in a data folder: the same PostgreSQL, but opening the seeded image took ~3 s of CPU on disk
// against ~1 s in memory, for each of the ~60 PGlite databases a run opens. Nothing here needs the files (the
// data-folder behaviour is tested by server-process.test.ts and tests/reliability on the real server).
async function freshPglite(image: Blob): Promise<TestDatabase> {
  const handle = await openDatabase({ loadDataDir: image });
  return {
    kind: "pglite",
    handle,
    async dispose() {
      await handle.close();
    },
  };
}

async function freshPostgres(options: TestDatabaseOptions, template?: string): Promise<TestDatabase> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error("TEST_DATABASE_URL is not set");
  const name = `pressroom_test_${process.pid}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database "${name}"${template ? ` template "${template}"` : ""}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString(), poolSize: 4 });
  return {
    kind: "postgres",
    handle,
    name,
    async dispose({ drop = !options.keep } = {}) {
      await handle.close();
      if (!drop) return;
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      try {
        await dropper.query(`drop database if exists "${name}" with (force)`);
      } finally {
        await dropper.end();
      }
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  dispose(): Promise<void>;
}

/** An app (not yet ready, so tests may add routes) over a fresh, seeded database. */
export async function createTestApp(
  kind: DatabaseKind,
  options: Omit<BuildAppOptions, "database"> & TestDatabaseOptions = {},
): Promise<TestApp> {
  const { migrate, seed, ...appOptions } = options;
  const db = await createTestDatabase(kind, { migrate, seed });
  const app = buildApp({ database: db.handle, ...appOptions });
  return {
    app,
    database: db.handle,
    async dispose() {
      await app.close();
      await db.dispose();
    },
  };
}

// --- signing in ----------------------------------------------------------------

export const DEMO_PASSWORD = SEED_PASSWORD;

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export function login(
  app: FastifyInstance,
  body: { email: string; password?: string; tenantId?: number | string },
  remoteAddress?: string,
) {
  return app.inject({
    method: "POST",
    url: "/api/v1/auth/login",
    payload: { password: DEMO_PASSWORD, tenantId: 1, ...body },
    ...(remoteAddress ? { remoteAddress } : {}),
  });
}

/** A session token for a seeded user (tenant 1 unless said). */
export async function signIn(app: FastifyInstance, email: string, tenantId = 1, password = DEMO_PASSWORD) {
  const res = await login(app, { email, password, tenantId });
  if (res.statusCode !== 200) throw new Error(`sign-in of ${email} failed: ${res.statusCode} ${res.body}`);
  return res.json().data.sessionCookie as string;
}

export function getProfile(app: FastifyInstance, token: string, tenantId = 1) {
  return app.inject({
    method: "POST",
    url: "/api/v1/auth/profile",
    headers: bearer(token),
    payload: { tenantId },
  });
}

export function tempDir(prefix: string): string {
  return mkdtempSync(path.join(os.tmpdir(), `pressroom-${prefix}-`));
}

// --- the real server as a child process -------------------------------------

export interface ServerProcess {
  child: ChildProcess;
  /** Resolves with the base URL once the server prints its listening line. */
  ready: Promise<string>;
  /** Resolves with the exit code (or the signal's name). */
  exited: Promise<number | string>;
  output(): string;
}

/**
 * Starts `server/main.ts` through node's tsx loader (not npx, so the child pid is
 * the server's own pid and kill -9 hits the server). PORT=0 picks a free port,
 * which the listening line reports.
 */
export function spawnServer(env: Record<string, string>): ServerProcess {
  // The bundle of server/main.ts, as npm start runs it (built by global-setup.ts or the caller: buildServer()).
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, SERVER_BUNDLE], {
    cwd: REPO_ROOT,
    // SEED_ORDERS (300 in the server tests) keeps a cold start's seed small.
    env: {
      PATH: process.env.PATH ?? "",
      HOST: "127.0.0.1",
      PORT: "0",
      LOG_LEVEL: "warn",
      ...(process.env.SEED_ORDERS ? { SEED_ORDERS: process.env.SEED_ORDERS } : {}),
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  const exited = new Promise<number | string>((resolve) => {
    child.on("exit", (code, signal) => resolve(code ?? signal ?? -1));
  });
  const ready = new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const match = /Pressroom listening on (http:\/\/\S+)/.exec(out);
      if (match) resolve(match[1]);
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    void exited.then((code) => reject(new Error(`server exited (${code}) before listening:\n${out}`)));
  });
  ready.catch(() => {}); // callers that expect a refusal never await it
  return { child, ready, exited, output: () => out };
}

export async function waitForHealth(baseUrl: string, timeoutMs: number, pollMs = 100): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const res = await fetch(`${baseUrl}/api/v1/health`);
      if (res.ok) return;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error(`no healthy answer from ${baseUrl} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, pollMs));
  }
}
