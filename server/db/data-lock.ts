import { closeSync, existsSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from "node:fs";
import path from "node:path";

// One server per data folder: the embedded database is a single-process store,
// so a second process would corrupt it. The lock file holds the owner's pid;
// O_EXCL creation makes taking it atomic, and a lock whose pid is dead is
// taken over, so a crash (kill -9) never needs a person to clean up.

export const LOCK_FILE = "pressroom.lock";

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `The data folder ${dataDir} is in use by another Pressroom server (pid ${pid}). ` +
        "Stop that server first, or start this one with another DATA_DIR.",
    );
  }
}

export interface DataLock {
  readonly file: string;
  /** Set when a dead owner's lock was taken over (its pid, when readable). */
  readonly tookOver: boolean;
  readonly tookOverFrom?: number;
  release(): void;
}

export function acquireDataLock(dataDir: string): DataLock {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, LOCK_FILE);
  let tookOver = false;
  let tookOverFrom: number | undefined;
  // A few rounds: a lock can vanish or change hands between our read and our create.
  for (let attempt = 0; attempt < 5; attempt++) {
    if (tryCreate(file)) return makeLock(file, tookOver, tookOverFrom);
    let owner = readPid(file);
    if (owner === undefined) {
      // Released meanwhile, or just created and not yet written: look again shortly.
      sleepSync(50);
      owner = readPid(file);
      if (owner === undefined && !existsSync(file)) continue;
    }
    // A lock still without a pid was left by a crash between create and write.
    if (owner !== undefined && isAlive(owner)) throw new DataDirLockedError(dataDir, owner);
    if (takeOver(file, owner)) {
      tookOver = true;
      tookOverFrom = owner;
    }
  }
  const owner = readPid(file);
  if (owner !== undefined) throw new DataDirLockedError(dataDir, owner);
  throw new Error(`Could not take the lock ${file}; other servers keep starting on ${dataDir}.`);
}

function makeLock(file: string, tookOver: boolean, tookOverFrom: number | undefined): DataLock {
  let released = false;
  return {
    file,
    tookOver,
    tookOverFrom,
    release() {
      if (released) return;
      released = true;
      // Only remove the file while it is still ours.
      if (readPid(file) === process.pid) unlinkQuietly(file);
    },
  };
}

function tryCreate(file: string): boolean {
  let fd: number;
  try {
    fd = openSync(file, "wx");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  }
  try {
    writeSync(fd, `${process.pid}\n`);
  } finally {
    closeSync(fd);
  }
  return true;
}

// Removing a dead owner's lock races with other starters doing the same; a
// short-lived guard file (itself O_EXCL) lets only one of them re-check and remove it.
function takeOver(file: string, deadPid: number | undefined): boolean {
  const guard = `${file}.takeover`;
  if (!tryCreate(guard)) {
    const guardPid = readPid(guard);
    if (guardPid !== undefined && !isAlive(guardPid)) unlinkQuietly(guard);
    return false;
  }
  try {
    if (readPid(file) !== deadPid) return false;
    unlinkQuietly(file);
    return true;
  } finally {
    unlinkQuietly(guard);
  }
}

function sleepSync(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

function readPid(file: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(file, "utf8").trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

function isAlive(pid: number): boolean {
  // A container restart can give us the pid the previous run had: that lock is stale.
  if (pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function unlinkQuietly(file: string): void {
  try {
    unlinkSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
}
