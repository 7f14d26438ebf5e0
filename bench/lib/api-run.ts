// The API part of the benchmark for one store: each load at 20 connections (api-load.ts), the CPU each request
// cost the server's processes and PostgreSQL's (cpu.ts), and the server's memory: each process's peak (one
// process on PGlite; a cluster primary and its workers on PostgreSQL).
import {
  type ApiSetup,
  createLoad,
  type LoadFigures,
  listLoad,
  repeatedListLoad,
  showLoad,
  updateLoad,
} from "./api-load";
import { cpuMeter, familyOf } from "./cpu";
import { type RunningServer, rssMb, sampleRss } from "./server";

export const LOADS = {
  list: listLoad,
  show: showLoad,
  create: createLoad,
  update: updateLoad,
  repeated: repeatedListLoad,
} as const;
export type LoadName = keyof typeof LOADS;

export interface LoadRun extends LoadFigures {
  /** CPU ms per answered request: the server's processes (PGlite's database is in the server's). */
  serverCpuMs: number;
  /** CPU ms per answered request of PostgreSQL's processes; null when it is not on this machine. */
  databaseCpuMs: number | null;
}

export interface ApiRun {
  loads: Record<LoadName, LoadRun>;
  memory: {
    /** MB: the server (PGlite) or its largest worker (PostgreSQL) at start, at its peak, after the loads. */
    start: number;
    peak: number;
    after: number;
    /** PostgreSQL: each worker's peak, and the primary's. */
    workers?: number[];
    primary?: number;
  };
}

export async function runApiLoads(
  server: RunningServer,
  token: string,
  seconds: number,
  postgresPid: number | null,
  log: (line: string) => void,
): Promise<ApiRun> {
  const setup: ApiSetup = { url: server.url, token, connections: 20, seconds, warmupSeconds: 2 };
  const processes = () => familyOf(server.pid);
  const workers = () => {
    const family = processes();
    return family.length > 1 ? family.slice(1) : family;
  };
  const largest = () => Math.max(...workers().map(rssMb));
  const memoryStart = largest();
  const peaks = sampleRss(processes);
  const loads = {} as Record<LoadName, LoadRun>;
  for (const name of Object.keys(LOADS) as LoadName[]) {
    const serverCpu = cpuMeter(processes);
    const databaseCpu = postgresPid ? cpuMeter(() => familyOf(postgresPid)) : null;
    const figures = await LOADS[name](setup);
    // The meters ran through the warm-up too: its requests are counted at the measured rate.
    const answered = figures.requests + figures.requestsPerSecond * setup.warmupSeconds;
    const perRequest = (ms: number) => Math.round((ms / Math.max(1, answered)) * 100) / 100;
    loads[name] = {
      ...figures,
      serverCpuMs: perRequest(serverCpu.stop()),
      databaseCpuMs: databaseCpu ? perRequest(databaseCpu.stop()) : null,
    };
    const l = loads[name];
    log(
      `  ${name.padEnd(8)} ${String(l.requestsPerSecond).padStart(6)} req/s  p50 ${l.p50Ms} ms  p99 ${l.p99Ms} ms  (${l.requests} requests, ${l.non2xx} not 2xx, ${l.errors} errors)  CPU per request: server ${l.serverCpuMs} ms${l.databaseCpuMs === null ? "" : `, PostgreSQL ${l.databaseCpuMs} ms`}`,
    );
  }
  const peak = peaks.stop();
  await new Promise((resolve) => setTimeout(resolve, 3000));
  const family = processes();
  const memory: ApiRun["memory"] = {
    start: memoryStart,
    peak: Math.max(...workers().map((pid) => peak.get(pid) ?? 0)),
    after: largest(),
  };
  if (family.length > 1) {
    memory.workers = family.slice(1).map((pid) => peak.get(pid) ?? 0);
    memory.primary = peak.get(family[0]) ?? rssMb(family[0]);
  }
  log(
    `  server memory: ${memory.start} MB at start, ${memory.peak} MB at most, ${memory.after} MB after${memory.workers ? ` (per worker; peaks ${memory.workers.join(", ")} MB, primary ${memory.primary} MB)` : ""}`,
  );
  return { loads, memory };
}
