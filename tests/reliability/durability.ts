// Durability phase of the long reliability run: what a PGlite commit promises. It reads how
// PGlite starts PostgreSQL (fsync off?), counts the flushes to disk that 500 commits make (strace,
// when installed), and times commits as PGlite makes them, with relaxedDurability, and with the
// least a durable commit costs (an fsync of the WAL after each). A measurement, not a check: it
// fails only when it cannot measure what it set out to.
//   node --import tsx tests/reliability/durability.ts --out <json>
import { execFileSync, spawnSync } from "node:child_process";
import { cpSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { Phase } from "./phase";
import { REPO_ROOT, tempDir } from "./real-server";

const COMMITS = 500;
const phase = new Phase("durability");

/** A fresh data folder, made once and copied for each run (PGlite's initdb costs seconds a time). */
let template = "";

interface Run {
  mode: string;
  perSecond: number;
  stored: number;
}

/** One process committing in each mode (taking turns), each in a copy of the fresh folder. */
function commitsRun(modes: string[], strace?: string): Record<string, Run> {
  const dir = tempDir("durability");
  for (const mode of modes) cpSync(template, path.join(dir, mode), { recursive: true });
  try {
    const node = [
      process.execPath,
      "--import",
      "tsx",
      "tests/reliability/durability-commits.ts",
      dir,
      String(COMMITS),
      modes.join(","),
    ];
    const command = strace
      ? [
          "strace",
          "-f",
          "-qq",
          "-c",
          "-o",
          strace,
          "-e",
          "trace=fsync,fdatasync,sync_file_range,syncfs,msync",
          ...node,
        ]
      : node;
    const out = execFileSync(command[0], command.slice(1), {
      cwd: REPO_ROOT,
      encoding: "utf8",
      timeout: 300_000,
    });
    const runs = out
      .trim()
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as Run);
    return Object.fromEntries(runs.map((run) => [run.mode, run]));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Flush calls in an strace -c summary ("calls" column of the sync calls). */
function flushCalls(summary: string): number {
  let calls = 0;
  for (const line of summary.split("\n")) {
    const m =
      /^\s*[\d.]+\s+[\d.]+\s+\d+\s+(\d+)\s+(?:\d+\s+)?(fsync|fdatasync|sync_file_range|syncfs|msync)\s*$/.exec(
        line,
      );
    if (m) calls += Number(m[1]);
  }
  return calls;
}

await phase.run(async () => {
  const version = JSON.parse(
    readFileSync(path.join(REPO_ROOT, "node_modules/@electric-sql/pglite/package.json"), "utf8"),
  ).version as string;
  const params = (PGlite as unknown as { defaultStartParams?: string[] }).defaultStartParams ?? [];
  const fsyncOff = params.includes("-F");
  phase.figures["PGlite version"] = version;
  phase.figures["PGlite starts PostgreSQL with fsync"] = fsyncOff ? "off (-F)" : "on";
  template = tempDir("durability-template");
  const fresh = new PGlite(template);
  await fresh.waitReady;
  await fresh.close();

  // Timed without strace (it slows every system call), the three modes taking turns in one
  // process; counted under it, the WAL-flushing mode too, which shows the count works (one
  // flush per commit at least).
  const timed = commitsRun(["default", "relaxed", "fsync-wal"]);
  const [plain, relaxed, durable] = [timed.default, timed.relaxed, timed["fsync-wal"]];
  for (const run of [plain, relaxed, durable])
    phase.check(run?.stored === COMMITS, `${run?.mode}: ${run?.stored} of ${COMMITS} commits stored`);
  // Installed and allowed to trace (a container may forbid ptrace).
  const hasStrace = spawnSync("strace", ["-f", "-qq", "-c", "-o", "/dev/null", "true"]).status === 0;
  const flushes = `PGlite flushes to disk in ${COMMITS} commits`;
  if (hasStrace) {
    const dir = tempDir("strace");
    commitsRun(["default"], path.join(dir, "default.txt"));
    commitsRun(["fsync-wal"], path.join(dir, "fsync-wal.txt"));
    const calls = flushCalls(readFileSync(path.join(dir, "default.txt"), "utf8"));
    const control = flushCalls(readFileSync(path.join(dir, "fsync-wal.txt"), "utf8"));
    rmSync(dir, { recursive: true, force: true });
    phase.check(
      control >= COMMITS,
      `strace counted ${control} flushes for ${COMMITS} flushed commits: the count does not work`,
    );
    phase.figures[flushes] = calls;
  } else {
    phase.figures[flushes] = "n/a (no strace)";
    phase.notes.push(
      "durability: strace is not installed (or may not trace here), so the flushes were not counted",
    );
  }
  phase.figures["PGlite commits/s"] = plain.perSecond;
  phase.figures["PGlite commits/s, relaxedDurability"] = relaxed.perSecond;
  phase.figures["PGlite commits/s, WAL fsync per commit"] = durable.perSecond;
  phase.notes.push(
    `durability: PGlite ${version} runs PostgreSQL with fsync ${fsyncOff ? "off (-F)" : "on"}, and its Node file system has no fsync: a commit reaches the operating system's page cache, never the disk. It survives kill -9 of the server (the crash phase) but not a power cut or a kernel crash, which can lose the last commits and, with fsync off, corrupt the data folder. relaxedDurability only stops PGlite awaiting its own sync of in-memory and IndexedDB file systems after each query (a no-op on Node, so it gains a few microseconds and loses nothing). A flush of the WAL per commit would cost ${plain.perSecond} → ${durable.perSecond} commits/s here. Use PostgreSQL (DATABASE_URL) where that matters.`,
  );
  rmSync(template, { recursive: true, force: true });
});
