// npm run test:reliability: the long part of the reliability suite (the in-process part is
// tests/server/reliability-*.test.ts, in npm run test:long). Against the real server, each phase a process of its own
// (tests/reliability/*.ts): PGlite's durability measured; hostile input over HTTP to every kind
// (once: the store does not change what the HTTP layer refuses); kill -9 in the middle of bursts
// of writes, on PGlite and on PostgreSQL (TEST_DATABASE_URL); kill -9 of one of two workers
// under load on PostgreSQL (replaced, the other answering, nothing acknowledged lost); 100 connections of mixed load for
// 60 s with the memory the server keeps measured, on both; an XSS corpus in Chromium. The demo
// data is seeded once per store and copied for each phase; the phases run two at a time
// (RELIABILITY_JOBS), the longest first. Prints one table of figures and exits non-zero when any
// check failed.
import { spawn } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { buildIfStale } from "./build-if-stale.mjs";
import { run } from "./run.mjs";

const root = new URL("..", import.meta.url).pathname;
const results = join(root, "test-results", "reliability");
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });
const work = mkdtempSync(join(tmpdir(), "pressroom-reliability-"));
const adminUrl = process.env.TEST_DATABASE_URL;
const databases = [];

/** Starts the server on a store until it listens (seeding an empty one), then stops it cleanly. */
function seedStore(env) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
      cwd: root,
      env: {
        PATH: process.env.PATH ?? "",
        HOST: "127.0.0.1",
        PORT: "0",
        LOG_LEVEL: "warn",
        WEB_CONCURRENCY: "1",
        ...env,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    const onData = (chunk) => {
      out += chunk;
      if (/Pressroom listening on/.test(out)) child.kill("SIGTERM");
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    child.on("exit", (code) =>
      /Pressroom listening on/.test(out) ? resolve() : reject(new Error(`seeding failed (${code}):\n${out}`)),
    );
  });
}

async function admin(query) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

/** A PostgreSQL database of its own, copied from the seeded one. */
async function postgresCopy(name, template) {
  const db = `pressroom_rel_${name}_${process.pid}`;
  await admin(`create database "${db}"${template ? ` template "${template}"` : ""}`);
  databases.push(db);
  const url = new URL(adminUrl);
  url.pathname = `/${db}`;
  return url.toString();
}

/** A PGlite data folder of its own, copied from the seeded one. */
function pgliteCopy(name, from) {
  const dir = join(work, name);
  cpSync(from, dir, { recursive: true });
  return dir;
}

const phases = [];
// The load phase talks to the server's inspector over the global WebSocket (a flag on Node 20).
const nodeFlags = typeof WebSocket === "undefined" ? ["--experimental-websocket"] : [];
async function phase(name, args) {
  const out = join(results, `${name}.json`);
  console.log(`=== ${name} started`);
  const started = Date.now();
  const code = await run(process.execPath, [...nodeFlags, "--import", "tsx", ...args, "--out", out], {
    cwd: root,
  });
  const result = existsSync(out)
    ? JSON.parse(readFileSync(out, "utf8"))
    : { phase: name, ok: false, failures: [`exited ${code} without a result`], figures: {}, notes: [] };
  if (code !== 0) {
    result.ok = false;
    result.failures.push(`exited ${code}`);
  }
  result.seconds = Math.round((Date.now() - started) / 1000);
  phases.push(result);
  console.log(`=== ${name}: ${result.ok ? "ok" : "FAILED"} in ${result.seconds} s`);
}

/** Runs the jobs `width` at a time, in the order given; a job that throws is a failed phase. */
async function pool(jobs, width) {
  const queue = [...jobs];
  const lane = async () => {
    for (let job = queue.shift(); job; job = queue.shift()) {
      await job.run().catch((error) => {
        const failure = `${job.name} stopped: ${error instanceof Error ? error.message : String(error)}`;
        console.error(failure);
        phases.push({ phase: job.name, ok: false, failures: [failure], figures: {}, notes: [], seconds: 0 });
      });
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, jobs.length) }, lane));
}

const began = Date.now();
const jobs = Math.max(1, Number(process.env.RELIABILITY_JOBS ?? 2));
let exitCode = 0;
try {
  console.log(`Seeding the demo data (PGlite${adminUrl ? " and PostgreSQL" : ""}) ...`);
  const seeded = join(work, "seeded");
  let seededDb;
  const seeding = [seedStore({ DATA_DIR: seeded })];
  if (adminUrl) {
    seededDb = `pressroom_rel_seeded_${process.pid}`;
    await admin(`create database "${seededDb}"`);
    databases.push(seededDb);
    const url = new URL(adminUrl);
    url.pathname = `/${seededDb}`;
    seeding.push(seedStore({ DATABASE_URL: url.toString() }));
  }
  await Promise.all(seeding);
  console.log(`Seeded in ${Math.round((Date.now() - began) / 1000)} s; ${jobs} phases at a time.`);

  // Copies made before any phase runs (a template database must have no other session).
  const pgCrash = adminUrl && (await postgresCopy("crash", seededDb));
  const pgLoad = adminUrl && (await postgresCopy("load", seededDb));
  const pgWorkers = adminUrl && (await postgresCopy("workers", seededDb));
  const dist = join(root, "dist");
  const pglite = (name) => ["--store", "pglite", "--data", pgliteCopy(name, seeded)];
  const postgres = (url) => ["--store", "postgres", "--url", url];
  const planned = [
    {
      name: "load-pglite",
      run: () => phase("load-pglite", ["tests/reliability/load.ts", ...pglite("load")]),
    },
    adminUrl && {
      name: "load-postgres",
      run: () => phase("load-postgres", ["tests/reliability/load.ts", ...postgres(pgLoad)]),
    },
    {
      name: "web",
      run: async () => {
        if ((await buildIfStale({ outDir: dist })) !== 0) throw new Error("the app build failed");
        await phase("web", [
          "tests/reliability/web-security.ts",
          "--data",
          pgliteCopy("web", seeded),
          "--static",
          dist,
        ]);
      },
    },
    {
      name: "crash-pglite",
      run: () => phase("crash-pglite", ["tests/reliability/crash.ts", ...pglite("crash")]),
    },
    adminUrl && {
      name: "crash-postgres",
      run: () => phase("crash-postgres", ["tests/reliability/crash.ts", ...postgres(pgCrash)]),
    },
    adminUrl && {
      name: "workers-postgres",
      run: () => phase("workers-postgres", ["tests/reliability/worker-kill.ts", "--url", pgWorkers]),
    },
    {
      name: "http-probe",
      run: () =>
        phase("http-probe", ["tests/reliability/http-probe.ts", "--data", pgliteCopy("probe", seeded)]),
    },
    { name: "durability", run: () => phase("durability", ["tests/reliability/durability.ts"]) },
  ].filter(Boolean);
  await pool(planned, jobs);
} catch (error) {
  console.error(`\nThe reliability run stopped: ${error instanceof Error ? error.message : String(error)}`);
  exitCode = 1;
} finally {
  rmSync(work, { recursive: true, force: true });
  for (const db of databases.reverse())
    await admin(`drop database if exists "${db}" with (force)`).catch(() => {});
}

// --- the table ---------------------------------------------------------------------------
const ORDER = [
  "durability",
  "http-probe",
  "crash-pglite",
  "crash-postgres",
  "workers-postgres",
  "load-pglite",
  "load-postgres",
  "web",
];
phases.sort((a, b) => ORDER.indexOf(a.phase) - ORDER.indexOf(b.phase));
const notes = phases.flatMap((p) => p.notes);
if (notes.length > 0) console.log(`\n${notes.join("\n\n")}`);

const figures = Object.assign({}, ...phases.map((p) => p.figures));
const sum = (pattern) =>
  Object.entries(figures)
    .filter(([name, value]) => pattern.test(name) && typeof value === "number")
    .reduce((n, [, value]) => n + value, 0);
const stores = adminUrl ? ["pglite", "postgres"] : ["pglite"];
const figure = (name) => figures[name] ?? "-";
const summary = [
  ["kinds probed (hostile input over HTTP)", figure("probe: kinds probed")],
  [
    "requests tried (probe, crashes, load)",
    sum(/^(probe: hostile requests|.*: crash requests|.*: load requests)$/),
  ],
  ["5xx seen", sum(/5xx$/)],
  ...stores.map((s) => [
    `${s}: writes acknowledged / found after ${figure(`${s}: kills`)} kill -9`,
    `${figure(`${s}: writes acknowledged`)} / ${figure(`${s}: acknowledged found after restart`)}`,
  ]),
  ...(adminUrl
    ? [
        [
          "postgres: writes acknowledged / found after kill -9 of 1 of 2 workers",
          `${figure("postgres workers: writes acknowledged")} / ${figure("postgres workers: acknowledged found after the kill")}`,
        ],
        [
          "postgres: worker replaced after (ms) / longest pause in answers before / after the kill (ms)",
          `${figure("postgres workers: replacement listening after (ms)")} / ${figure("postgres workers: longest pause between answers before / after the kill (ms)")}`,
        ],
      ]
    : []),
  ...stores.map((s) => [`${s}: conflicts (409) under load`, figure(`${s}: load conflicts (409)`)]),
  ...stores.map((s) => [
    `${s}: memory kept at start / end of 60 s load (MB RSS)`,
    `${figure(`${s}: RSS at start (MB)`)} / ${figure(`${s}: RSS at end (MB)`)}`,
  ]),
  [
    "XSS payloads rendered inert in Chromium",
    `${figure("web: XSS payloads rendered inert")} (${figure("web: kinds with XSS records")} kinds, ${figure("web: pages opened in Chromium")} pages)`,
  ],
];
const rows = [...summary, ["", ""], ...Object.entries(figures)];
const width = Math.max(...rows.map(([name]) => String(name).length));
const rule = `${"-".repeat(width)}  ${"-".repeat(24)}`;
console.log(`\nReliability figures\n${rule}`);
for (const [name, value] of rows) console.log(name === "" ? "" : `${String(name).padEnd(width)}  ${value}`);
console.log(rule);
for (const p of phases) console.log(`${p.ok ? "ok    " : "FAILED"} ${p.phase} (${p.seconds} s)`);
console.log(`Wall time ${Math.round((Date.now() - began) / 1000)} s (${jobs} phases at a time).`);
const failures = phases.flatMap((p) => p.failures.map((f) => `${p.phase}: ${f}`));
if (failures.length > 0) {
  console.error(`\n${failures.length} check(s) failed:\n  ${failures.join("\n  ")}`);
  exitCode = 1;
}
if (!adminUrl)
  console.log("\nTEST_DATABASE_URL is not set: the PostgreSQL crash, worker and load phases did not run.");
process.exit(exitCode);
