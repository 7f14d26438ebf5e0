// Single-row autocommitted inserts into PGlite data folders, timed; run by durability.ts (under
// strace when available, to count the flushes to disk).
//   node --import tsx tests/reliability/durability-commits.ts <dir> <commits> <mode>[,<mode>…]
// Each mode (default | relaxed | fsync-wal) commits into <dir>/<mode> (an initialised data folder
// or an empty one); with several modes the commits take turns, so that whatever else runs on the
// machine slows each mode alike and their rates compare. fsync-wal: after each commit, fsync the
// WAL segment being written, which is what a durable commit costs at the least (PostgreSQL with
// fsync on does this, PGlite never does).
import { closeSync, fsyncSync, openSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";

const [dir, commitsText, modesText = "default"] = process.argv.slice(2);
const commits = Number(commitsText);

/** The WAL segment written last (segments are named by 24 hex digits). */
function currentSegment(walDir: string): string {
  const segments = readdirSync(walDir)
    .filter((name) => /^[0-9A-F]{24}$/.test(name))
    .map((name) => ({ name, at: statSync(path.join(walDir, name)).mtimeMs }))
    .sort((a, b) => b.at - a.at);
  return path.join(walDir, segments[0].name);
}

const runs = [];
for (const mode of modesText.split(",")) {
  const dataDir = path.join(dir, mode);
  const db = new PGlite(dataDir, { relaxedDurability: mode === "relaxed" });
  await db.waitReady;
  await db.exec("create table durability_probe (id serial primary key, note text not null)");
  runs.push({ mode, db, walDir: path.join(dataDir, "pg_wal"), segment: "", ms: 0 });
}

// The first commits of a process pay for compiling its code paths: untimed.
const WARM_UP = 20;
for (let i = -WARM_UP; i < commits; i++) {
  for (const run of runs) {
    const started = performance.now();
    await run.db.query("insert into durability_probe (note) values ($1)", [`commit ${i}`]);
    if (run.mode === "fsync-wal") {
      if (i % 200 === 0 || run.segment === "") run.segment = currentSegment(run.walDir);
      const fd = openSync(run.segment, "r+");
      fsyncSync(fd);
      closeSync(fd);
    }
    if (i >= 0) run.ms += performance.now() - started;
  }
}

for (const run of runs) {
  const [{ n }] = (
    await run.db.query<{ n: number }>("select count(*)::int - $1 as n from durability_probe", [WARM_UP])
  ).rows;
  await run.db.close();
  process.stdout.write(
    `${JSON.stringify({ mode: run.mode, commits, stored: n, perSecond: Math.round(commits / (run.ms / 1000)) })}\n`,
  );
}
