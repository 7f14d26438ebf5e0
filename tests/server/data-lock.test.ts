import { spawn, spawnSync } from "node:child_process";
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { acquireDataLock, DataDirLockedError, LOCK_FILE } from "../../server/db/data-lock";
import { tempDir } from "./helpers";

describe("data folder lock", () => {
  const dirs: string[] = [];
  const folder = () => {
    const d = tempDir("lock");
    dirs.push(d);
    return d;
  };
  afterEach(() => {
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });

  it("creates the lock with our pid and removes it on release", () => {
    const dir = folder();
    const lock = acquireDataLock(dir);
    expect(readFileSync(path.join(dir, LOCK_FILE), "utf8").trim()).toBe(String(process.pid));
    expect(lock.tookOver).toBe(false);
    lock.release();
    expect(existsSync(path.join(dir, LOCK_FILE))).toBe(false);
  });

  it("refuses a folder whose lock belongs to a live process, naming its pid", async () => {
    const dir = folder();
    const other = spawn("sleep", ["30"]);
    try {
      writeFileSync(path.join(dir, LOCK_FILE), `${other.pid}\n`);
      expect(() => acquireDataLock(dir)).toThrow(DataDirLockedError);
      expect(() => acquireDataLock(dir)).toThrow(`pid ${other.pid}`);
      expect(readFileSync(path.join(dir, LOCK_FILE), "utf8").trim()).toBe(String(other.pid));
    } finally {
      other.kill("SIGKILL");
    }
  });

  it("takes over the lock of a dead process", () => {
    const dir = folder();
    const dead = spawnSync("sh", ["-c", "echo $$"]).stdout.toString().trim();
    writeFileSync(path.join(dir, LOCK_FILE), `${dead}\n`);
    const lock = acquireDataLock(dir);
    expect(lock.tookOver).toBe(true);
    expect(lock.tookOverFrom).toBe(Number(dead));
    expect(readFileSync(path.join(dir, LOCK_FILE), "utf8").trim()).toBe(String(process.pid));
    lock.release();
  });

  it("takes over an empty lock left by a crash between create and write", () => {
    const dir = folder();
    writeFileSync(path.join(dir, LOCK_FILE), "");
    const lock = acquireDataLock(dir);
    expect(lock.tookOver).toBe(true);
    lock.release();
  });

  it("does not remove a lock that another process took meanwhile", () => {
    const dir = folder();
    const lock = acquireDataLock(dir);
    writeFileSync(path.join(dir, LOCK_FILE), "1\n");
    lock.release();
    expect(readFileSync(path.join(dir, LOCK_FILE), "utf8").trim()).toBe("1");
  });
});
