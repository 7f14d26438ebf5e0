// A throwaway PostgreSQL cluster for the benchmark, when BENCH_DATABASE_URL names none: initdb from the newest
// /usr/lib/postgresql/*/bin (as .ci/run does; as root, run as the postgres user, since initdb refuses root) into a
// temporary folder, started on a free port of 127.0.0.1, removed by stop(). Its settings are PostgreSQL's defaults
// (fsync and synchronous_commit on: a durable store, as production runs it) but for the connection limit, shared
// buffers sized for the 100,000-order seed, and BENCH_PG_SETTINGS ("name=value ...") added last.
import { execFileSync, spawnSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import { join } from "node:path";
import pg from "pg";

export interface BenchPostgres {
  /** The cluster's `postgres` database (an admin URL: the bench creates its own database on it). */
  url: string;
  version: string;
  settings: string[];
  stop(): void;
}

export const DEFAULT_PG_SETTINGS = ["max_connections=200", "shared_buffers=256MB"];

function postgresBin(): string {
  const root = "/usr/lib/postgresql";
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => existsSync(join(root, v, "bin", "initdb")))
        .sort((a, b) => Number(a) - Number(b))
    : [];
  const newest = versions.at(-1);
  if (!newest)
    throw new Error(
      "No PostgreSQL under /usr/lib/postgresql (apt-get install postgresql), and BENCH_DATABASE_URL is not set",
    );
  return join(root, newest, "bin");
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export async function startBenchPostgres(): Promise<BenchPostgres> {
  const bin = postgresBin();
  const dir = mkdtempSync(join(os.tmpdir(), "pressroom-bench-pg-"));
  const asRoot = process.getuid?.() === 0;
  // initdb refuses to run as root: the cluster belongs to the postgres user then.
  const run = (command: string, args: string[]) => {
    const [file, argv] = asRoot ? ["runuser", ["-u", "postgres", "--", command, ...args]] : [command, args];
    const result = spawnSync(file, argv, { encoding: "utf8" });
    if (result.status !== 0)
      throw new Error(`${command} failed (${result.status}):\n${result.stderr || result.stdout}`);
  };
  if (asRoot) {
    const uid = Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }).trim());
    const gid = Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }).trim());
    chownSync(dir, uid, gid);
  }
  const data = join(dir, "data");
  run(join(bin, "initdb"), ["-D", data, "-U", "postgres", "-A", "trust", "--no-sync"]);
  const port = await freePort();
  const extra = (process.env.BENCH_PG_SETTINGS ?? "").split(/\s+/).filter(Boolean);
  const settings = [...DEFAULT_PG_SETTINGS, ...extra];
  const options = ["-h 127.0.0.1", `-p ${port}`, `-k ${dir}`, ...settings.map((s) => `-c ${s}`)].join(" ");
  run(join(bin, "pg_ctl"), ["-D", data, "-l", join(dir, "log"), "-w", "-o", options, "start"]);
  // "postgres (PostgreSQL) 15.18 (Debian 15.18-0+deb12u1)"
  const version = execFileSync(join(bin, "postgres"), ["--version"], { encoding: "utf8" })
    .trim()
    .split(" ")[2];
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    try {
      run(join(bin, "pg_ctl"), ["-D", data, "-m", "fast", "stop"]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
  process.on("exit", stop);
  return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, version: version ?? "?", settings, stop };
}

/** One connection for the length of `use`. */
async function withClient<T>(url: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

/** The postmaster of the server a connection reaches, when it runs on this machine (its processes' CPU). */
export function localPostmaster(url: string): Promise<number | null> {
  return withClient(url, async (client) => {
    const { rows } = await client.query<{ pid: number }>("select pg_backend_pid() as pid");
    const stat = `/proc/${rows[0].pid}/stat`;
    if (!existsSync(stat)) return null;
    const text = readFileSync(stat, "utf8");
    const parent = Number(text.slice(text.lastIndexOf(")") + 2).split(" ")[1]);
    const comm = existsSync(`/proc/${parent}/comm`)
      ? readFileSync(`/proc/${parent}/comm`, "utf8").trim()
      : "";
    return comm.startsWith("postgres") ? parent : null;
  });
}

export async function adminQuery(url: string, query: string): Promise<void> {
  await withClient(url, (client) => client.query(query));
}

export function databaseExists(url: string, name: string): Promise<boolean> {
  return withClient(
    url,
    async (client) =>
      (await client.query("select 1 from pg_database where datname = $1", [name])).rowCount === 1,
  );
}

/** `url` with another database. */
export function databaseUrl(url: string, database: string): string {
  const next = new URL(url);
  next.pathname = `/${database}`;
  return next.toString();
}
