// npm run test:reliability: the long part of the reliability suite (the fast part runs in npm test,
// tests/server/reliability-*.test.ts). Against the real server, each phase a process of its own
// (tests/reliability/*.ts): PGlite's durability measured; hostile input over HTTP to every kind;
// kill -9 in the middle of bursts of writes, on PGlite and on PostgreSQL (TEST_DATABASE_URL); 100
// connections of mixed load for 60 s with the server's memory sampled, on both; an XSS corpus in
// Chromium. The demo data is seeded once per store and copied for each phase. Prints one table
// of figures and exits non-zero when any check failed.
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
      env: { PATH: process.env.PATH ?? "", HOST: "127.0.0.1", PORT: "0", LOG_LEVEL: "warn", ...env },
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
async function phase(name, args) {
  const out = join(results, `${name}.json`);
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  const code = await run(process.execPath, ["--import", "tsx", ...args, "--out", out], { cwd: root });
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

let exitCode = 0;
try {
  console.log("Seeding the demo data (PGlite) ...");
  const seeded = join(work, "seeded");
  await seedStore({ DATA_DIR: seeded });
  let seededDb;
  if (adminUrl) {
    console.log("Seeding the demo data (PostgreSQL) ...");
    seededDb = `pressroom_rel_seeded_${process.pid}`;
    await admin(`create database "${seededDb}"`);
    databases.push(seededDb);
    const url = new URL(adminUrl);
    url.pathname = `/${seededDb}`;
    await seedStore({ DATABASE_URL: url.toString() });
  }

  await phase("durability", ["tests/reliability/durability.ts"]);
  await phase("http-probe", ["tests/reliability/http-probe.ts", "--data", pgliteCopy("probe", seeded)]);
  await phase("crash-pglite", [
    "tests/reliability/crash.ts",
    "--store",
    "pglite",
    "--data",
    pgliteCopy("crash", seeded),
  ]);
  if (adminUrl) {
    await phase("crash-postgres", [
      "tests/reliability/crash.ts",
      "--store",
      "postgres",
      "--url",
      await postgresCopy("crash", seededDb),
    ]);
  }
  await phase("load-pglite", [
    "tests/reliability/load.ts",
    "--store",
    "pglite",
    "--data",
    pgliteCopy("load", seeded),
  ]);
  if (adminUrl) {
    await phase("load-postgres", [
      "tests/reliability/load.ts",
      "--store",
      "postgres",
      "--url",
      await postgresCopy("load", seededDb),
    ]);
  }
  const dist = join(root, "dist");
  if ((await buildIfStale({ outDir: dist })) !== 0) throw new Error("the app build failed");
  await phase("web", [
    "tests/reliability/web-security.ts",
    "--data",
    pgliteCopy("web", seeded),
    "--static",
    dist,
  ]);
} catch (error) {
  console.error(`\nThe reliability run stopped: ${error instanceof Error ? error.message : String(error)}`);
  exitCode = 1;
} finally {
  rmSync(work, { recursive: true, force: true });
  for (const db of databases.reverse())
    await admin(`drop database if exists "${db}" with (force)`).catch(() => {});
}

// --- the table ---------------------------------------------------------------------------
const figures = Object.assign({}, ...phases.map((p) => p.figures));
const sum = (pattern) =>
  Object.entries(figures)
    .filter(([name, value]) => pattern.test(name) && typeof value === "number")
    .reduce((n, [, value]) => n + value, 0);
const stores = adminUrl ? ["pglite", "postgres"] : ["pglite"];
const summary = [
  ["kinds probed", figures["probe: kinds probed"] ?? "-"],
  [
    "requests tried (probe, crashes, load)",
    sum(/^(probe: hostile requests|.*: crash requests|.*: load requests)$/),
  ],
  ["5xx seen", sum(/5xx$/)],
  ...stores.flatMap((s) => [
    [
      `${s}: writes acknowledged / found after kill -9`,
      `${figures[`${s}: writes acknowledged`] ?? "-"} / ${figures[`${s}: acknowledged found after restart`] ?? "-"}`,
    ],
    [`${s}: conflicts (409) under load`, figures[`${s}: load conflicts (409)`] ?? "-"],
    [
      `${s}: server memory at start / end of load (MB)`,
      `${figures[`${s}: RSS at start (MB)`] ?? "-"} / ${figures[`${s}: RSS at end (MB)`] ?? "-"}`,
    ],
  ]),
];
const rows = [...summary, ["", ""], ...Object.entries(figures)];
const width = Math.max(...rows.map(([name]) => String(name).length));
console.log("\nReliability figures");
console.log(`${"-".repeat(width)}  ${"-".repeat(24)}`);
for (const [name, value] of rows) console.log(name === "" ? "" : `${String(name).padEnd(width)}  ${value}`);
console.log(`${"-".repeat(width)}  ${"-".repeat(24)}`);
for (const p of phases) console.log(`${p.ok ? "ok    " : "FAILED"} ${p.phase} (${p.seconds} s)`);
const notes = phases.flatMap((p) => p.notes);
if (notes.length > 0) console.log(`\n${notes.join("\n\n")}`);
const failures = phases.flatMap((p) => p.failures.map((f) => `${p.phase}: ${f}`));
if (failures.length > 0) {
  console.error(`\n${failures.length} check(s) failed:\n  ${failures.join("\n  ")}`);
  exitCode = 1;
}
if (!adminUrl)
  console.log("\nTEST_DATABASE_URL is not set: the PostgreSQL crash and load phases did not run.");
process.exit(exitCode);
