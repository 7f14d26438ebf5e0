// Single-row autocommitted inserts into a fresh PGlite data folder, timed; run by durability.ts
// (under strace when available, to count the flushes to disk).
//   node --import tsx tests/reliability/durability-commits.ts <dir> <commits> <default|relaxed|fsync-wal>
// fsync-wal: after each commit, fsync the WAL segment being written, which is what a durable
// commit costs at the least (PostgreSQL with fsync on does this, PGlite never does).
import { closeSync, fsyncSync, openSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";

const [dir, commitsText, mode = "default"] = process.argv.slice(2);
const commits = Number(commitsText);
const db = new PGlite(dir, { relaxedDurability: mode === "relaxed" });
await db.waitReady;
await db.exec("create table durability_probe (id serial primary key, note text not null)");

const walDir = path.join(dir, "pg_wal");
/** The WAL segment written last (segments are named by 24 hex digits). */
function currentSegment(): string {
  const segments = readdirSync(walDir)
    .filter((name) => /^[0-9A-F]{24}$/.test(name))
    .map((name) => ({ name, at: statSync(path.join(walDir, name)).mtimeMs }))
    .sort((a, b) => b.at - a.at);
  return path.join(walDir, segments[0].name);
}

let segment = mode === "fsync-wal" ? currentSegment() : "";
const started = performance.now();
for (let i = 0; i < commits; i++) {
  await db.query("insert into durability_probe (note) values ($1)", [`commit ${i}`]);
  if (mode === "fsync-wal") {
    if (i % 200 === 0) segment = currentSegment();
    const fd = openSync(segment, "r+");
    fsyncSync(fd);
    closeSync(fd);
  }
}
const seconds = (performance.now() - started) / 1000;
const [{ n }] = (await db.query<{ n: number }>("select count(*)::int as n from durability_probe")).rows;
await db.close();
process.stdout.write(
  `${JSON.stringify({ mode, commits, stored: n, perSecond: Math.round(commits / seconds) })}\n`,
);
