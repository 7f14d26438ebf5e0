import { type ChildProcess, spawn } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { SERVER_BUNDLE, SERVER_NODE_FLAGS } from "../../scripts/build-server.mjs";
import type { Send } from "./probe";

// The real server for the long reliability run: started as `node --import tsx server/main.ts`
// (its own pid, so kill -9 and /proc/<pid>/status reach the server itself; one process unless the
// phase sets WEB_CONCURRENCY), on a PGlite data folder or a PostgreSQL database; and a client that
// talks to it over HTTP.

export const REPO_ROOT = path.resolve(import.meta.dirname, "../..");
export const DEMO_PASSWORD = "pressroom-demo";

export type Store = { kind: "pglite"; dataDir: string } | { kind: "postgres"; url: string };

export interface Running {
  child: ChildProcess;
  pid: number;
  baseUrl: string;
  /** stdout and stderr so far. */
  output(): string;
  exited: Promise<number | string>;
}

/** Starts the server on `store`; resolves once it prints its listening line. */
export async function startServer(
  store: Store,
  env: Record<string, string> = {},
  { timeoutMs = 600_000, nodeArgs = [] as string[], bundle = false } = {},
): Promise<Running> {
  // bundle: the bundle npm start runs (scripts/build-server.mjs; the caller builds it), which starts in a
  // fraction of tsx's time.
  const entry = bundle ? [...SERVER_NODE_FLAGS, SERVER_BUNDLE] : ["--import", "tsx", "server/main.ts"];
  const child = spawn(process.execPath, [...nodeArgs, ...entry], {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH ?? "",
      HOST: "127.0.0.1",
      PORT: "0",
      LOG_LEVEL: "warn",
      // One process (its pid is the server's) unless a phase asks for workers (worker-kill.ts).
      WEB_CONCURRENCY: "1",
      ...(store.kind === "pglite" ? { DATA_DIR: store.dataDir } : { DATABASE_URL: store.url }),
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  // A phase that stops on an error leaves no server behind.
  const orphan = () => child.kill("SIGKILL");
  process.on("exit", orphan);
  const exited = new Promise<number | string>((resolve) => {
    child.on("exit", (code, signal) => {
      process.off("exit", orphan);
      resolve(code ?? signal ?? -1);
    });
  });
  const baseUrl = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`no listening line within ${timeoutMs} ms:\n${out}`)),
      timeoutMs,
    );
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const match = /Pressroom listening on (http:\/\/\S+)/.exec(out);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code}) before listening:\n${out}`));
    });
  });
  return { child, pid: child.pid as number, baseUrl, output: () => out, exited };
}

/** SIGTERM and wait for the exit (the graceful path: the data lock is released). */
export async function stopServer(server: Running): Promise<number | string> {
  server.child.kill("SIGTERM");
  return server.exited;
}

/** kill -9: no handler runs, nothing is flushed or released. */
export async function killServer(server: Running): Promise<number | string> {
  server.child.kill("SIGKILL");
  return server.exited;
}

/** The resident set of a process in bytes (Linux /proc). */
export function rssOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = /VmRSS:\s+(\d+) kB/.exec(status);
  return kb ? Number(kb[1]) * 1024 : 0;
}

// --- stores ------------------------------------------------------------------------------

export function tempDir(prefix: string): string {
  return mkdtempSync(path.join(os.tmpdir(), `pressroom-reliability-${prefix}-`));
}

/** A copy of a (stopped) server's data folder, for a phase of its own. */
export function copyPglite(from: string, prefix: string): Store {
  const dataDir = tempDir(prefix);
  cpSync(from, dataDir, { recursive: true });
  rmSync(path.join(dataDir, "pressroom.lock"), { force: true });
  return { kind: "pglite", dataDir };
}

async function withAdmin<T>(adminUrl: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** A new PostgreSQL database on the TEST_DATABASE_URL server (from a template when given). */
export async function createPostgres(
  adminUrl: string,
  prefix: string,
  template?: string,
): Promise<Store & { name: string }> {
  const name = `pressroom_rel_${prefix}_${process.pid}_${Date.now().toString(36)}`;
  await withAdmin(adminUrl, (c) =>
    c.query(`create database "${name}"${template ? ` template "${template}"` : ""}`),
  );
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { kind: "postgres", url: url.toString(), name };
}

export async function dropPostgres(adminUrl: string, name: string): Promise<void> {
  await withAdmin(adminUrl, (c) => c.query(`drop database if exists "${name}" with (force)`));
}

// --- a client ----------------------------------------------------------------------------

export interface ClientCounts {
  requests: number;
  serverErrors: number;
  /** status → count */
  statuses: Map<number, number>;
}

export const newCounts = (): ClientCounts => ({ requests: 0, serverErrors: 0, statuses: new Map() });

/** A Send over HTTP for one session token, counting every answer. */
export function httpSend(baseUrl: () => string, token: () => string, counts: ClientCounts): Send {
  return async (method, url, body) => {
    counts.requests += 1;
    const res = await fetch(`${baseUrl()}/api/v1/${url}`, {
      method,
      headers: {
        authorization: `Bearer ${token()}`,
        ...(body ? { "content-type": body.contentType } : {}),
      },
      body: body?.text,
    });
    const text = await res.text();
    counts.statuses.set(res.status, (counts.statuses.get(res.status) ?? 0) + 1);
    if (res.status >= 500) counts.serverErrors += 1;
    return { status: res.status, text, contentType: res.headers.get("content-type") ?? "" };
  };
}

export async function signInOver(
  baseUrl: string,
  email: string,
  tenantId = 1,
): Promise<{ token: string; userId: number }> {
  const login = await fetch(`${baseUrl}/api/v1/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: DEMO_PASSWORD, tenantId }),
  });
  if (login.status !== 200) throw new Error(`sign-in of ${email}: ${login.status} ${await login.text()}`);
  const token = ((await login.json()) as { data: { sessionCookie: string } }).data.sessionCookie;
  const profile = await fetch(`${baseUrl}/api/v1/auth/profile`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify({ tenantId }),
  });
  const userId = ((await profile.json()) as { data: { user: { id: number } } }).data.user.id;
  return { token, userId };
}

/**
 * What tests/server/resource-factory.ts needs of a Fastify app (inject), over HTTP, so the
 * factory's bodies serve the long run too.
 */
export function injectOver(baseUrl: () => string): FastifyInstance {
  const inject = async (options: {
    method: string;
    url: string;
    headers?: Record<string, string>;
    payload?: unknown;
  }) => {
    const res = await fetch(`${baseUrl()}${options.url}`, {
      method: options.method,
      headers: { "content-type": "application/json", ...(options.headers ?? {}) },
      body: options.payload === undefined ? undefined : JSON.stringify(options.payload),
    });
    const body = await res.text();
    return { statusCode: res.status, body, json: () => JSON.parse(body) };
  };
  return { inject } as unknown as FastifyInstance;
}
