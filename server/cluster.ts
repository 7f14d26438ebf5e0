import cluster, { type Worker } from "node:cluster";
import type { Config } from "./config";

// The cluster primary (PostgreSQL, WEB_CONCURRENCY above 1): it starts the workers, each a whole server process
// (serve.ts) with its own pool and listener connection, on one port that Node's cluster shares between them
// (the primary accepts the connections and hands them out in turn). It serves nothing itself and loads neither
// the app nor a database driver.
//
// A worker that dies after the start (kill -9, out of memory, a crash) is replaced at once; its clients'
// connections are cut and they connect again, to another worker; the others go on answering, and nothing a
// worker acknowledged is lost (PostgreSQL has committed it). Replacements that keep dying are started with a
// growing pause. A worker that dies during the start stops the whole start (it has printed why).
// SIGTERM/SIGINT pass to every worker, which finish their requests in flight; the primary exits after them.

const FORCED_STOP_MS = 15_000;
/** Deaths within this window count towards the pause before the next replacement. */
const CRASH_WINDOW_MS = 60_000;
const LONGEST_PAUSE_MS = 30_000;

export function runPrimary(config: Config): void {
  const wanted = config.webConcurrency;
  const host = config.host.includes(":") ? `[${config.host}]` : config.host;
  const started = new Set<Worker>();
  const replacing = new Map<Worker, number>();
  const deaths: number[] = [];
  let announced = false;
  let stopping = false;
  let failed = false;

  const fork = (replaces?: number) => {
    const worker = cluster.fork();
    if (replaces !== undefined) replacing.set(worker, replaces);
    return worker;
  };

  cluster.on("listening", (worker, address) => {
    if (started.has(worker)) return;
    started.add(worker);
    const pid = worker.process.pid;
    if (!announced) {
      if (started.size < wanted) return;
      announced = true;
      process.stdout.write(
        `Pressroom listening on http://${host}:${address.port} (${wanted} worker processes)\n`,
      );
      return;
    }
    process.stdout.write(`Pressroom worker ${pid} listening (replacing worker ${replacing.get(worker)})\n`);
    replacing.delete(worker);
  });

  cluster.on("exit", (worker, code, signal) => {
    started.delete(worker);
    const how = signal ? `on ${signal}` : `with code ${code}`;
    if (stopping) {
      if (code !== 0) failed = true;
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(failed ? 1 : 0);
      return;
    }
    if (!announced) {
      process.stderr.write(`Pressroom worker ${worker.process.pid} exited ${how} while starting\n`);
      stopAll(1);
      return;
    }
    const now = Date.now();
    deaths.push(now);
    while (deaths.length > 0 && deaths[0] < now - CRASH_WINDOW_MS) deaths.shift();
    // The first few replacements start at once; a worker that keeps dying waits longer each time.
    const pause = deaths.length <= 3 ? 0 : Math.min(LONGEST_PAUSE_MS, 1000 * 2 ** (deaths.length - 4));
    process.stderr.write(
      `Pressroom worker ${worker.process.pid} exited ${how}; starting another${pause ? ` in ${pause / 1000} s` : ""}\n`,
    );
    setTimeout(() => {
      if (!stopping) fork(worker.process.pid);
    }, pause);
  });

  const stopAll = (exitCode: number) => {
    if (stopping) return;
    stopping = true;
    failed = exitCode !== 0;
    const workers = Object.values(cluster.workers ?? {});
    if (workers.length === 0) process.exit(exitCode);
    for (const worker of workers) worker?.process.kill("SIGTERM");
    setTimeout(() => {
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill("SIGKILL");
      process.exit(1);
    }, FORCED_STOP_MS).unref();
  };
  process.on("SIGTERM", () => stopAll(0));
  process.on("SIGINT", () => stopAll(0));

  for (let i = 0; i < wanted; i += 1) fork();
}
