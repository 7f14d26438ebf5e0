// CPU time of processes (Linux /proc): what a request costs the server and PostgreSQL, in CPU milliseconds, a
// figure that depends much less on what else the machine is doing than requests per second do.
import { existsSync, readFileSync } from "node:fs";

const TICK_MS = 10; // USER_HZ is 100 on Linux

/** user + system CPU time of a process in ms; 0 when it is gone. */
export function cpuMsOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields after the command name (which may hold spaces): state is field 3, utime 14, stime 15.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return 0;
  }
}

/** The process and its children (a cluster primary and its workers; a postmaster and its backends). */
export function familyOf(pid: number): number[] {
  const children = (parent: number): number[] => {
    const file = `/proc/${parent}/task/${parent}/children`;
    if (!existsSync(file)) return [];
    return readFileSync(file, "utf8").trim().split(/\s+/).filter(Boolean).map(Number);
  };
  return [pid, ...children(pid)];
}

/**
 * CPU time used by a process family between start() and stop(), counting processes that come and go in between
 * (PostgreSQL backends) by sampling: each pid's last figure seen counts.
 */
export function cpuMeter(pids: () => number[], everyMs = 200) {
  const first = new Map<number, number>();
  const last = new Map<number, number>();
  const sample = () => {
    for (const pid of pids()) {
      const ms = cpuMsOf(pid);
      if (!first.has(pid)) first.set(pid, ms);
      last.set(pid, Math.max(ms, last.get(pid) ?? 0));
    }
  };
  sample();
  // Processes that start after the first sample count from 0.
  const known = new Set(first.keys());
  const timer = setInterval(() => {
    for (const pid of pids())
      if (!known.has(pid)) {
        known.add(pid);
        first.set(pid, 0);
      }
    sample();
  }, everyMs);
  return {
    /** CPU ms used since the meter started. */
    stop(): number {
      clearInterval(timer);
      sample();
      let total = 0;
      for (const [pid, ms] of last) total += ms - (first.get(pid) ?? 0);
      return total;
    },
  };
}
