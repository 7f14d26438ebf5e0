// npm run bench (issue #7): builds the app and a bare antd baseline page, seeds SEED_ORDERS (100,000) orders into a
// temporary PGlite data folder, starts the server on it and measures, printing one table and writing
// bench/results.json:
//   - JavaScript per route (gzip) of a cold first load, as Chromium fetched it: /login, /, /orders, /vendors and a
//     production dashboard (or what stands in for it), and the baseline page;
//   - Lighthouse (performance) mobile and desktop for /login, /orders and the baseline page;
//   - /orders, signed in, cold cache: navigation to rows painted, next page to rows painted, layout shift;
//   - the API at 20 connections (autocannon): list with total + sort + filter, one record, creates, updates;
//     the server's memory;
//   - the production manager's endpoint (GET production/manager, every figure in one answer), one request at a time;
//   - how long `npm run build` and the seed took.
// Options: --skip-build (reuse dist/ and bench/out/baseline/), --reuse-seed (keep the seeded folder in
// bench/out/ and start from a copy of it next time), --only=first-load,lighthouse,orders,api,manager, --seconds=N (each
// load, default 10). Timings are figures of this machine at this moment, never pass/fail of a test.
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import { join } from "node:path";
import {
  type ApiSetup,
  createLoad,
  LIST_QUERY,
  type LoadFigures,
  listLoad,
  showLoad,
  updateLoad,
} from "./lib/api-load";
import { timedCommand } from "./lib/commands";
import {
  CHROMIUM,
  contentShown,
  freshPage,
  homeShown,
  isNotFound,
  launchChromium,
  measureRoute,
  type RouteLoad,
  rowsShown,
  signInShown,
} from "./lib/first-loads";
import { type FormFactor, type LighthouseFigures, runLighthouse } from "./lib/lighthouse";
import { type ManagerFigures, timeManager } from "./lib/manager-timing";
import { timeOrders } from "./lib/orders-timing";
import { atLeast, atMost, fmt, printTable, type Row, section } from "./lib/report";
import { ROOT, type RunningServer, rssMb, sampleRss, signIn, startServer } from "./lib/server";
import { serveFolder } from "./lib/static-server";
import { ensureToolsInstalled } from "./lib/tools";

const args = process.argv.slice(2);
const flag = (name: string) => args.includes(`--${name}`);
const option = (name: string) => args.find((a) => a.startsWith(`--${name}=`))?.split("=")[1];
const only = option("only")?.split(",");
const wants = (part: string) => !only || only.includes(part);
const seconds = Number(option("seconds") ?? 10);
const orders = Number(process.env.SEED_ORDERS ?? 100_000);

const OUT = join(ROOT, "bench", "out");
const BASELINE_DIR = join(OUT, "baseline");
// The dashboards of spec §2, in order; the first the app has is measured, else a stand-in list.
const DASHBOARDS = ["/production/press-dashboard", "/production/production-manager"];
const DASHBOARD_STAND_IN = "/runs";

const results: Record<string, unknown> = {};
const log = (text: string) => console.log(`\n[bench] ${text}`);

async function build(): Promise<void> {
  if (flag("skip-build") && existsSync(join(ROOT, "dist", "index.html")) && existsSync(BASELINE_DIR)) {
    log("--skip-build: reusing dist/ and bench/out/baseline/");
    results.build = { skipped: true };
    return;
  }
  log("npm run build");
  const app = await timedCommand("npm", ["run", "build"]);
  if (app.code !== 0) throw new Error("npm run build failed");
  log("building the baseline page (bench/baseline/)");
  const vite = join(ROOT, "node_modules", ".bin", "vite");
  const baseline = await timedCommand(vite, ["build", "--config", "bench/baseline/vite.config.ts"]);
  if (baseline.code !== 0) throw new Error("the baseline build failed");
  results.build = { appSeconds: app.seconds, baselineSeconds: baseline.seconds };
}

/** A data folder holding the seeded orders: seeded now (timed), or copied from the kept seed with --reuse-seed. */
async function seededFolder(): Promise<string> {
  const data = mkdtempSync(join(os.tmpdir(), "pressroom-bench-"));
  const kept = join(OUT, `seed-${orders}`);
  if (flag("reuse-seed") && existsSync(kept)) {
    log(`--reuse-seed: copying ${kept}`);
    cpSync(kept, data, { recursive: true });
    results.seed = { orders, reused: true };
    return data;
  }
  log(`seeding ${orders.toLocaleString("en-US")} orders into ${data}`);
  const seeding = await startServer({ DATA_DIR: data, SEED_ORDERS: String(orders), STATIC_DIR: "dist" });
  await seeding.stop();
  results.seed = { orders, seconds: seeding.startSeconds };
  if (flag("reuse-seed")) {
    rmSync(kept, { recursive: true, force: true });
    cpSync(data, kept, { recursive: true });
  }
  return data;
}

async function firstLoads(server: RunningServer, baselineUrl: string, token: string) {
  log("JavaScript per route (cold first loads in Chromium)");
  const browser = await launchChromium();
  try {
    const probe = await freshPage(browser, server.url, token);
    let dashboard = DASHBOARD_STAND_IN;
    for (const path of DASHBOARDS) {
      await probe.goto(path);
      await contentShown(probe);
      if (!(await isNotFound(probe))) {
        dashboard = path;
        break;
      }
    }
    await probe.context().close();
    const loads: RouteLoad[] = [
      await measureRoute(browser, server.url, "/login", signInShown),
      await measureRoute(browser, server.url, "/", homeShown, token),
      await measureRoute(browser, server.url, "/orders", rowsShown, token),
      await measureRoute(browser, server.url, "/vendors", rowsShown, token),
      await measureRoute(
        browser,
        server.url,
        dashboard,
        dashboard === DASHBOARD_STAND_IN ? rowsShown : contentShown,
        token,
      ),
    ];
    const baseline = await measureRoute(browser, baselineUrl, "/", rowsShown);
    for (const load of [...loads, baseline])
      console.log(
        `  ${load.route.padEnd(30)} ${fmt(load.onLoadKb, 1).padStart(7)} KB on load, ${fmt(load.beforePaintKb, 1).padStart(7)} KB before first paint at ${fmt(load.firstPaintMs)} ms (${load.scripts} scripts)`,
      );
    results.firstLoad = {
      routes: loads,
      baseline,
      dashboard,
      dashboardBuilt: dashboard !== DASHBOARD_STAND_IN,
    };
    let timing: Awaited<ReturnType<typeof timeOrders>> | undefined;
    if (wants("orders")) {
      log("/orders: navigation to rows, next page (median of 5)");
      timing = await timeOrders(browser, server.url, token);
      console.log(`  rows ${timing.rowsMs} ms, next page ${timing.nextPageMs} ms, CLS ${timing.cls}`);
      results.orders = timing;
    }
    return { loads, baseline, dashboard, timing };
  } finally {
    await browser.close();
  }
}

async function lighthouseRuns(server: RunningServer, baselineUrl: string, token: string) {
  log("Lighthouse (performance), mobile and desktop");
  const pages: [string, string, string | undefined][] = [
    ["/login", `${server.url}/login`, undefined],
    ["/orders", `${server.url}/orders`, token],
    ["baseline", `${baselineUrl}/`, undefined],
  ];
  const scores: Record<string, Record<FormFactor, LighthouseFigures>> = {};
  for (const [name, url, auth] of pages) {
    scores[name] = {} as Record<FormFactor, LighthouseFigures>;
    for (const formFactor of ["mobile", "desktop"] as const) {
      scores[name][formFactor] = await runLighthouse(url, formFactor, auth);
      const s = scores[name][formFactor];
      console.log(
        `  ${name.padEnd(9)} ${formFactor.padEnd(8)} ${fmt(s.score)}  (FCP ${fmt(s.fcpMs)} ms, LCP ${fmt(s.lcpMs)} ms, TBT ${fmt(s.tbtMs)} ms, CLS ${fmt(s.cls, 3)})`,
      );
    }
  }
  results.lighthouse = scores;
  return scores;
}

async function apiLoads(server: RunningServer, token: string) {
  log(`API at 20 connections, ${seconds} s each (autocannon)`);
  const setup: ApiSetup = { url: server.url, token, connections: 20, seconds, warmupSeconds: 2 };
  const rss = { start: rssMb(server.pid), peak: 0, after: 0 };
  const sampler = sampleRss(server.pid);
  const loads: Record<string, LoadFigures> = {};
  for (const [name, load] of [
    ["list", listLoad],
    ["show", showLoad],
    ["create", createLoad],
    ["update", updateLoad],
  ] as const) {
    loads[name] = await load(setup);
    const l = loads[name];
    console.log(
      `  ${name.padEnd(7)} ${String(l.requestsPerSecond).padStart(6)} req/s  p50 ${l.p50Ms} ms  p99 ${l.p99Ms} ms  (${l.requests} requests, ${l.non2xx} not 2xx, ${l.errors} errors)`,
    );
  }
  rss.peak = sampler.stop();
  await new Promise((resolve) => setTimeout(resolve, 3000));
  rss.after = rssMb(server.pid);
  console.log(`  server memory: ${rss.start} MB at start, ${rss.peak} MB at most, ${rss.after} MB after`);
  results.api = { connections: 20, seconds, listQuery: LIST_QUERY, loads };
  results.memory = rss;
  return { loads, rss };
}

async function managerTiming(server: RunningServer, token: string): Promise<ManagerFigures> {
  log("GET production/manager, one request at a time (the first after the start, then 30)");
  const figures = await timeManager(server.url, token);
  console.log(
    `  first ${figures.firstMs} ms, median ${figures.medianMs} ms, p95 ${figures.p95Ms} ms, after a write ${figures.afterWriteMs} ms (${figures.answerKb} KB)`,
  );
  results.manager = figures;
  return figures;
}

function machine() {
  const cpus = os.cpus();
  let chromium = "";
  try {
    // Debian's wrapper script prints a harmless shell warning on stderr.
    chromium = execFileSync(CHROMIUM, ["--version"], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    }).trim();
  } catch {
    chromium = "unknown";
  }
  return {
    cores: cpus.length,
    cpu: cpus[0]?.model ?? "unknown",
    memoryGb: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    chromium,
    load: os.loadavg().map((l) => Math.round(l * 100) / 100),
  };
}

async function main() {
  mkdirSync(OUT, { recursive: true });
  results.date = new Date().toISOString();
  results.machine = machine();
  // The browser parts need the build and bench/tools; the API and manager parts only the server.
  const inBrowser = ["first-load", "lighthouse", "orders"].some(wants);
  if ((inBrowser || wants("api")) && (await ensureToolsInstalled()) !== 0) process.exit(1);
  if (inBrowser) await build();
  else results.build = { skipped: true };
  const data = await seededFolder();
  const server = await startServer({ DATA_DIR: data, STATIC_DIR: "dist" });
  const baseline = await serveFolder(BASELINE_DIR);
  try {
    results.startSeconds = server.startSeconds;
    const token = await signIn(server.url);
    const browser =
      wants("first-load") || wants("orders") ? await firstLoads(server, baseline.url, token) : undefined;
    const lighthouse = wants("lighthouse") ? await lighthouseRuns(server, baseline.url, token) : undefined;
    const api = wants("api") ? await apiLoads(server, token) : undefined;
    const manager = wants("manager") ? await managerTiming(server, token) : undefined;
    const rows = tableRows(browser, lighthouse, api, manager);
    results.table = rows;
    writeResults();
    log(
      `results (also in bench/results.json), ${new Date().toISOString().slice(0, 16)}, ${describeMachine()}`,
    );
    printTable(rows);
  } finally {
    await baseline.close();
    await server.stop();
    rmSync(data, { recursive: true, force: true });
  }
}

/** bench/results.json, in the repository's format (Biome), so a run leaves `npm run lint` clean. */
function writeResults(): void {
  const file = join(ROOT, "bench", "results.json");
  writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
  try {
    execFileSync(join(ROOT, "node_modules", ".bin", "biome"), ["format", "--write", file], {
      stdio: "ignore",
    });
  } catch {
    // unformatted is still correct JSON
  }
}

function describeMachine(): string {
  const m = results.machine as ReturnType<typeof machine>;
  return `${m.cores} cores (${m.cpu}), ${m.memoryGb} GB, Node ${m.node}, ${m.chromium}`;
}

/** Where a load ended, without the list's query string (its page, size and sort). */
const landed = (load: RouteLoad) => load.landedOn.split("?")[0];

function tableRows(
  browser: Awaited<ReturnType<typeof firstLoads>> | undefined,
  lighthouse: Awaited<ReturnType<typeof lighthouseRuns>> | undefined,
  api: Awaited<ReturnType<typeof apiLoads>> | undefined,
  manager: ManagerFigures | undefined,
): Row[] {
  const rows: Row[] = [];
  if (browser) {
    rows.push(section("JS of a cold first load, KB gzip: on load (before first paint)"));
    const base = browser.baseline;
    const both = (l: RouteLoad) => `${fmt(l.onLoadKb, 1)} (${fmt(l.beforePaintKb, 1)})`;
    for (const load of browser.loads) {
      const name =
        load.route === browser.dashboard && load.route === DASHBOARD_STAND_IN
          ? `${load.route} (no dashboard built)`
          : load.route;
      const login = load.route === "/login";
      rows.push({
        figure: `${name}${landed(load) !== load.route ? ` → ${landed(load)}` : ""}`,
        ours: both(load),
        baseline: both(base),
        goal: login ? "≤ 200" : undefined,
        met: login ? atMost(load.onLoadKb, 200) : undefined,
      });
    }
  }
  if (lighthouse) {
    rows.push(section("Lighthouse performance, mobile / desktop"));
    const pair = (name: string) =>
      `${fmt(lighthouse[name].mobile.score)} / ${fmt(lighthouse[name].desktop.score)}`;
    rows.push({
      figure: "/login",
      ours: pair("/login"),
      baseline: pair("baseline"),
      goal: "≥ 95 / 100",
      met:
        lighthouse["/login"].mobile.score === null
          ? null
          : (lighthouse["/login"].mobile.score ?? 0) >= 95 && lighthouse["/login"].desktop.score === 100,
    });
    rows.push({ figure: "/orders (signed in)", ours: pair("/orders"), baseline: pair("baseline") });
  }
  if (browser?.timing) {
    const t = browser.timing;
    rows.push(section("/orders, signed in, cold cache (median of 5)"));
    rows.push({
      figure: "navigation → rows painted, ms",
      ours: fmt(t.rowsMs),
      goal: "≤ 1000",
      met: atMost(t.rowsMs, 1000),
    });
    rows.push({
      figure: "next page → rows painted, ms",
      ours: fmt(t.nextPageMs),
      goal: "≤ 300",
      met: atMost(t.nextPageMs, 300),
    });
    rows.push({ figure: "layout shift (CLS, worst run)", ours: fmt(t.cls, 3), goal: "0", met: t.cls === 0 });
  }
  if (api) {
    rows.push(
      section(`API at ${orders.toLocaleString("en-US")} orders, 20 connections: req/s (p50 / p99 ms)`),
    );
    const cell = (l: LoadFigures) =>
      `${l.requestsPerSecond} (${l.p50Ms} / ${l.p99Ms})${l.non2xx + l.errors > 0 ? ` ${l.non2xx + l.errors} failed` : ""}`;
    const { list, show, create, update } = api.loads;
    rows.push({
      figure: "list + total, sort, filter",
      ours: cell(list),
      goal: "≥ 1000, p99 ≤ 50",
      met: list.requestsPerSecond >= 1000 && list.p99Ms <= 50 && list.non2xx === 0,
    });
    rows.push({
      figure: "one order by id",
      ours: cell(show),
      goal: "≥ 3000",
      met: atLeast(show.requestsPerSecond, 3000),
    });
    rows.push({
      figure: "create an order",
      ours: cell(create),
      goal: "≥ 300",
      met: atLeast(create.requestsPerSecond, 300),
    });
    rows.push({ figure: "update an order (with version)", ours: cell(update) });
    rows.push({
      figure: "server memory, MB: start / peak / after",
      ours: `${api.rss.start} / ${api.rss.peak} / ${api.rss.after}`,
      goal: "< 300",
      met: api.rss.peak < 300,
    });
  }
  if (manager) {
    rows.push(
      section(`Production manager, GET production/manager at ${orders.toLocaleString("en-US")} orders`),
    );
    rows.push({
      figure: "one answer, ms: median (first after start, p95)",
      ours: `${fmt(manager.medianMs, 1)} (${fmt(manager.firstMs, 1)}, ${fmt(manager.p95Ms, 1)})`,
      goal: "≤ 100",
      met: atMost(manager.medianMs, 100),
    });
    rows.push({
      figure: "the first answer after a write, ms (median of 5)",
      ours: fmt(manager.afterWriteMs, 1),
      goal: "≤ 100",
      met: atMost(manager.afterWriteMs, 100),
    });
  }
  const build = results.build as { appSeconds?: number; skipped?: boolean };
  const seed = results.seed as { seconds?: number; reused?: boolean };
  rows.push(section("Build and data"));
  rows.push({
    figure: "npm run build, s",
    ours: build.skipped ? "skipped" : fmt(build.appSeconds, 1),
    goal: "< 30",
    met: build.skipped ? null : atMost(build.appSeconds, 30),
  });
  rows.push({
    figure: `seed of ${orders.toLocaleString("en-US")} orders (first start), s`,
    ours: seed.reused ? "reused" : fmt(seed.seconds, 1),
  });
  rows.push({ figure: "server start on the seeded data, s", ours: fmt(results.startSeconds as number, 1) });
  return rows;
}

main().catch((error: unknown) => {
  console.error(
    `\nThe benchmark stopped: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
  );
  process.exit(1);
});
