// The reference server as the benchmark runs it: the bundle `npm start` serves from (scripts/build-server.mjs; the
// child's pid is the server's own, for its memory), on a free port, until it prints its listening line.
import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { buildServer, SERVER_BUNDLE, SERVER_NODE_FLAGS } from "../../scripts/build-server.mjs";

export const ROOT = new URL("../..", import.meta.url).pathname;

export interface RunningServer {
  url: string;
  /** The server's own pid, or the cluster primary's (its workers are its children: familyOf, cpu.ts). */
  pid: number;
  /** Seconds from the spawn to the listening line (with a seed, when the folder was empty). */
  startSeconds: number;
  stop(): Promise<void>;
}

export async function startServer(
  env: Record<string, string>,
  timeoutMs = 30 * 60_000,
): Promise<RunningServer> {
  if ((await buildServer()) !== 0) throw new Error("the server could not be bundled");
  const started = Date.now();
  const child: ChildProcess = spawn(process.execPath, [...SERVER_NODE_FLAGS, SERVER_BUNDLE], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? "", HOST: "127.0.0.1", PORT: "0", LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const exited = new Promise<void>((resolve) => child.on("exit", () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    await exited;
  };
  return new Promise((resolve, reject) => {
    let out = "";
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`the server did not listen within ${timeoutMs / 1000} s:\n${out.slice(-2000)}`));
    }, timeoutMs);
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const match = /Pressroom listening on (http:\/\/\S+)/.exec(out);
      if (!match || child.pid === undefined) return;
      clearTimeout(timer);
      resolve({ url: match[1], pid: child.pid, startSeconds: (Date.now() - started) / 1000, stop });
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`the server exited before listening:\n${out.slice(-2000)}`));
    });
  });
}

/** The resident memory of a process, in MB (Linux). */
export function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
  return Math.round(kb / 1024);
}

/** Samples the memory of processes until stopped; answers the highest figure seen of each. */
export function sampleRss(pids: () => number[], everyMs = 250): { stop(): Map<number, number> } {
  const max = new Map<number, number>();
  const sample = () => {
    for (const pid of pids()) {
      try {
        max.set(pid, Math.max(max.get(pid) ?? 0, rssMb(pid)));
      } catch {
        // the process is gone; keep what was seen
      }
    }
  };
  sample();
  const timer = setInterval(sample, everyMs);
  return {
    stop() {
      clearInterval(timer);
      sample();
      return max;
    },
  };
}

export const DEMO_EMAIL = "admin@pressroom.test";
export const DEMO_PASSWORD = "pressroom-demo";
export const SESSION_COOKIE = "pressroom_session";

/** A session token of the demo administrator (the app keeps it in the pressroom_session cookie). */
export async function signIn(url: string): Promise<string> {
  const res = await fetch(`${url}/api/v1/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: DEMO_EMAIL, password: DEMO_PASSWORD, tenantId: 1 }),
  });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { data: { sessionCookie: string } };
  return body.data.sessionCookie;
}

/** GET of the API as the signed-in user; throws on anything but 200. */
export async function getJson<T>(url: string, token: string, path: string): Promise<T> {
  const res = await fetch(`${url}/api/v1/${path}`, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`GET ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}
