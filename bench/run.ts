// npm run bench (issues #7 and #20): builds the app and a bare antd baseline page, seeds SEED_ORDERS (100,000) orders
// into a temporary PGlite data folder and into a PostgreSQL database, and measures, printing one table and writing
// bench/results.json:
//   - JavaScript per route (gzip) of a cold first load, as Chromium fetched it: /login, /, /orders, /vendors and a
//     production dashboard (or what stands in for it), and the baseline page;
//   - Lighthouse (performance) mobile and desktop for /login, /orders and the baseline page;
//   - /orders, signed in, cold cache: navigation to rows painted, next page to rows painted, layout shift;
//   - the API at 20 connections (autocannon), side by side on PGlite (one process) and on PostgreSQL
//     (WEB_CONCURRENCY=2): a list with its total, random filter, sort and page; one order with its items, random
//     id; creates of an order with two items; updates with the version; the repeated list query (pages 1-10 of one
//     filter); the CPU each request cost the server and PostgreSQL, also in units of a bare Node HTTP answer measured
//     just before each store's loads (lib/calibration.ts), so figures of different machines compare; the server's
//     memory (per worker on PostgreSQL);
//   - the production manager's endpoint (GET production/manager, every figure in one answer), one request at a time;
//   - the press dashboard in Chromium: 500 cards from their answer to painted, and 20 changes written through the API
//     to their text on a board open in the browser (live event, refetch, render), with the cards each re-rendered;
//   - the order page of an order with 20 items, 3 files and 2 payments, from the list in the warm app to painted;
//   - a 1 GiB resumable upload cut at half and resumed, with the server's memory over its idle size;
//   - how long `npm run build` and the seeds took.
// PostgreSQL: BENCH_DATABASE_URL (a server the benchmark may create databases on), else a throwaway cluster of the
// newest /usr/lib/postgresql (lib/postgres.ts). Options: --skip-build (reuse dist/ and bench/out/baseline/),
// --reuse-seed (keep the seeded PGlite folder in bench/out/, and with BENCH_DATABASE_URL a seeded template
// database, and start from a copy next time), --only=first-load,lighthouse,orders,api,postgres,manager,boards,order-page,upload, --seconds=N (each
// load, default 10). Timings are figures of this machine at this moment, never pass/fail of a test.
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import { join } from "node:path";
import { LIST_QUERY, RANDOM_LIST } from "./lib/api-load";
import { type ApiRun, type LoadName, runApiLoads } from "./lib/api-run";
import { BOARD_CARDS, type BoardFigures, timeBoard } from "./lib/board-timing";
import { bareNodeAnswer, type Calibration } from "./lib/calibration";
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
import { type OrderPageFigures, timeOrderPage } from "./lib/order-page-timing";
import { timeOrders } from "./lib/orders-timing";
import { adminQuery, databaseExists, databaseUrl, localPostmaster, startBenchPostgres } from "./lib/postgres";
import { atMost, fmt, printTable, type Row, section } from "./lib/report";
import { ROOT, type RunningServer, signIn, startServer } from "./lib/server";
import { serveFolder } from "./lib/static-server";
import { ensureToolsInstalled } from "./lib/tools";
import { timeUpload, type UploadFigures } from "./lib/upload-memory";

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
    cpSync(kept, data, { recursive: true, dereference: true });
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

type Store = "pglite" | "postgres";
const calibrations: Partial<Record<Store, Calibration>> = {};

/** The yardstick (lib/calibration.ts), measured just before each store's loads, as the machine is then. */
async function calibrate(store: Store): Promise<void> {
  const bare = await bareNodeAnswer(Math.min(seconds, 5));
  calibrations[store] = bare;
  console.log(
    `  yardstick: a bare Node HTTP answer, ${bare.requestsPerSecond} req/s, ${bare.cpuMs} ms CPU each`,
  );
  results.calibration = calibrations;
}

async function pgliteApi(server: RunningServer, token: string): Promise<ApiRun> {
  log(`API on PGlite (one process) at 20 connections, ${seconds} s each (autocannon)`);
  await calibrate("pglite");
  const run = await runApiLoads(server, token, seconds, null, console.log);
  results.api = { connections: 20, seconds, listQuery: LIST_QUERY, randomList: RANDOM_LIST, pglite: run };
  return run;
}

/**
 * The same loads on PostgreSQL: BENCH_DATABASE_URL or a throwaway cluster; a database seeded with the same orders
 * (vacuumed and analyzed, as autovacuum leaves a database at rest) and the server on it with two workers.
 */
async function postgresApi(): Promise<ApiRun> {
  const given = process.env.BENCH_DATABASE_URL;
  const cluster = given ? null : await startBenchPostgres();
  const admin = given ?? (cluster as NonNullable<typeof cluster>).url;
  const template = `pressroom_bench_seed_${orders}`;
  const name = `pressroom_bench_${process.pid}`;
  const url = databaseUrl(admin, name);
  const info: Record<string, unknown> = cluster
    ? { cluster: "throwaway", version: cluster.version, settings: cluster.settings }
    : { cluster: "BENCH_DATABASE_URL" };
  try {
    if (flag("reuse-seed") && given && (await databaseExists(admin, template))) {
      log(`--reuse-seed: copying the database ${template}`);
      await adminQuery(admin, `create database "${name}" template "${template}"`);
      info.seed = { orders, reused: true };
    } else {
      log(`seeding ${orders.toLocaleString("en-US")} orders into PostgreSQL (${name})`);
      await adminQuery(admin, `create database "${name}"`);
      const seeding = await startServer({
        DATABASE_URL: url,
        SEED_ORDERS: String(orders),
        WEB_CONCURRENCY: "1",
        STATIC_DIR: "dist",
      });
      await seeding.stop();
      await adminQuery(url, "vacuum analyze");
      info.seed = { orders, seconds: seeding.startSeconds };
      if (flag("reuse-seed") && given) {
        await adminQuery(admin, `drop database if exists "${template}"`);
        await adminQuery(admin, `create database "${template}" template "${name}"`);
      }
    }
    const server = await startServer({ DATABASE_URL: url, WEB_CONCURRENCY: "2", STATIC_DIR: "dist" });
    try {
      info.startSeconds = server.startSeconds;
      const token = await signIn(server.url);
      const postmaster = await localPostmaster(url);
      log(
        `API on PostgreSQL ${cluster?.version ?? ""} (WEB_CONCURRENCY=2) at 20 connections, ${seconds} s each${postmaster ? "" : " (not on this machine: its CPU is not measured)"}`,
      );
      await calibrate("postgres");
      const run = await runApiLoads(server, token, seconds, postmaster, console.log);
      results.postgres = { ...info, api: run };
      return run;
    } finally {
      await server.stop();
    }
  } finally {
    await adminQuery(admin, `drop database if exists "${name}" with (force)`).catch(() => undefined);
    cluster?.stop();
  }
}

async function managerTiming(server: RunningServer, token: string): Promise<ManagerFigures> {
  log("GET production/manager, one request at a time (the first after the start, then 30)");
  const figures = await timeManager(server.url, token);
  console.log(
    `  first ${figures.firstMs} ms, median ${figures.medianMs} ms, p95 ${figures.p95Ms} ms, after a machine's change ${figures.afterWriteMs} ms, a run's ${figures.afterRunWriteMs} ms (${figures.answerKb} KB)`,
  );
  results.manager = figures;
  return figures;
}

async function boardTiming(server: RunningServer, token: string): Promise<BoardFigures> {
  log(`the press dashboard: ${BOARD_CARDS} cards rendered (5 cold loads), then 20 live changes from the API`);
  const browser = await launchChromium();
  try {
    const figures = await timeBoard(browser, server.url, token);
    console.log(
      `  render median ${figures.renderMedianMs} ms (worst ${figures.renderWorstMs}, ${figures.seedCards} of the seed's cards, ${figures.mountedCards} mounted), live p50 ${figures.liveP50Ms} ms p95 ${figures.liveP95Ms} ms, at most ${figures.cardsRenderedPerChange} card(s) re-rendered per change`,
    );
    results.board = figures;
    return figures;
  } finally {
    await browser.close();
  }
}

async function uploadTiming(server: RunningServer, token: string): Promise<UploadFigures> {
  log("a 1 GiB upload (tus), cut at half and resumed, while the server's memory is sampled");
  const figures = await timeUpload(server, token);
  console.log(
    `  ${figures.mb} MB in ${figures.seconds} s, resumed at ${figures.resumedAtMb} MB; server ${figures.idleRssMb} MB idle, ${figures.peakRssMb} MB at most`,
  );
  results.upload = figures;
  return figures;
}

async function orderPageTiming(server: RunningServer, token: string): Promise<OrderPageFigures> {
  log("the order page: an order of 20 items, 3 files and 2 payments, opened from the list 5 times");
  const browser = await launchChromium();
  try {
    const figures = await timeOrderPage(browser, server.url, token);
    console.log(`  first ${figures.firstMs} ms, median ${figures.medianMs} ms, worst ${figures.worstMs} ms`);
    results.orderPage = figures;
    return figures;
  } finally {
    await browser.close();
  }
}

function orderPageRows(page: OrderPageFigures): Row[] {
  return [
    section(`Order page at ${orders.toLocaleString("en-US")} orders (Chromium, warm app)`),
    {
      figure: `list → order of ${page.items} items painted, ms: median (first, worst of ${page.rounds})`,
      ours: `${fmt(page.medianMs)} (${fmt(page.firstMs)}, ${fmt(page.worstMs)})`,
      goal: "≤ 1,000",
      met: atMost(page.worstMs, 1000),
    },
  ];
}

function uploadRows(upload: UploadFigures): Row[] {
  return [
    section("Uploads (embedded store)"),
    {
      figure: `${upload.mb} MB cut at half and resumed: s (resumed at MB)`,
      ours: `${fmt(upload.seconds, 1)} (${fmt(upload.resumedAtMb, 1)})`,
    },
    {
      figure: "server memory meanwhile, MB: peak over idle (idle)",
      ours: `${upload.peakRssMb - upload.idleRssMb} (${upload.idleRssMb})`,
      goal: "≤ 50",
      met: atMost(upload.peakRssMb - upload.idleRssMb, 50),
    },
  ];
}

function boardRows(board: BoardFigures): Row[] {
  return [
    section(`Press dashboard at ${orders.toLocaleString("en-US")} orders (Chromium)`),
    {
      figure: `${BOARD_CARDS} cards, answer → cards painted, ms: median (worst of ${board.renders})`,
      ours: `${fmt(board.renderMedianMs, 1)} (${fmt(board.renderWorstMs, 1)})`,
      goal: "≤ 300",
      met: atMost(board.renderWorstMs, 300),
    },
    {
      figure: `a change via the API → on the open board, ms: p50 (p95 of ${board.changes})`,
      ours: `${fmt(board.liveP50Ms)} (${fmt(board.liveP95Ms)})`,
      goal: "p95 ≤ 1,000",
      met: atMost(board.liveP95Ms, 1000),
    },
    {
      figure: "cards re-rendered by one change (most)",
      ours: String(board.cardsRenderedPerChange),
      goal: "1",
      met: board.cardsRenderedPerChange <= 1,
    },
  ];
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
  if ((await ensureToolsInstalled()) !== 0) process.exit(1);
  await build();
  let browser: Awaited<ReturnType<typeof firstLoads>> | undefined;
  let lighthouse: Awaited<ReturnType<typeof lighthouseRuns>> | undefined;
  let api: ApiRun | undefined;
  let manager: ManagerFigures | undefined;
  let board: BoardFigures | undefined;
  let upload: UploadFigures | undefined;
  let orderPage: OrderPageFigures | undefined;
  const parts = ["first-load", "orders", "lighthouse", "api", "manager", "boards", "order-page", "upload"];
  if (parts.some(wants)) {
    const data = await seededFolder();
    const server = await startServer({ DATA_DIR: data, STATIC_DIR: "dist" });
    const baseline = await serveFolder(BASELINE_DIR);
    try {
      results.startSeconds = server.startSeconds;
      const token = await signIn(server.url);
      if (wants("first-load") || wants("orders")) browser = await firstLoads(server, baseline.url, token);
      if (wants("lighthouse")) lighthouse = await lighthouseRuns(server, baseline.url, token);
      if (wants("api")) api = await pgliteApi(server, token);
      if (wants("manager")) manager = await managerTiming(server, token);
      if (wants("boards")) board = await boardTiming(server, token);
      if (wants("order-page")) orderPage = await orderPageTiming(server, token);
      if (wants("upload")) upload = await uploadTiming(server, token);
    } finally {
      await baseline.close();
      await server.stop();
      rmSync(data, { recursive: true, force: true });
    }
  }
  // The PGlite server is stopped first: the two stores are measured one after the other, each with the machine.
  const postgres = wants("api") || wants("postgres") ? await postgresApi() : undefined;
  const rows = tableRows(browser, lighthouse, api, postgres, manager, board, orderPage, upload);
  results.table = rows;
  writeResults();
  log(`results (also in bench/results.json), ${new Date().toISOString().slice(0, 16)}, ${describeMachine()}`);
  printTable(rows);
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

/** Issue 20's JavaScript budgets (KB gzip on load) of the routes that have one. */
const JS_BUDGET_KB: Record<string, number> = { "/login": 200, "/orders": 350 };

/** Where a load ended, without the list's query string (its page, size and sort). */
const landed = (load: RouteLoad) => load.landedOn.split("?")[0];

function tableRows(
  browser: Awaited<ReturnType<typeof firstLoads>> | undefined,
  lighthouse: Awaited<ReturnType<typeof lighthouseRuns>> | undefined,
  api: ApiRun | undefined,
  postgres: ApiRun | undefined,
  manager: ManagerFigures | undefined,
  board: BoardFigures | undefined,
  orderPage: OrderPageFigures | undefined,
  upload: UploadFigures | undefined,
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
      const budget = JS_BUDGET_KB[load.route];
      rows.push({
        figure: `${name}${landed(load) !== load.route ? ` → ${landed(load)}` : ""}`,
        ours: both(load),
        baseline: both(base),
        goal: budget === undefined ? undefined : `≤ ${budget}`,
        met: budget === undefined ? undefined : atMost(load.onLoadKb, budget),
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
    const orders = lighthouse["/orders"];
    rows.push({
      figure: "/orders (signed in)",
      ours: pair("/orders"),
      baseline: pair("baseline"),
      goal: "≥ 75 / ≥ 95",
      met:
        orders.mobile.score === null || orders.desktop.score === null
          ? null
          : orders.mobile.score >= 75 && orders.desktop.score >= 95,
    });
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
  if (api || postgres) rows.push(...apiRows(api, postgres));
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
      figure: "the first answer after a machine's change, ms (median of 5)",
      ours: fmt(manager.afterWriteMs, 1),
      goal: "≤ 100",
      met: atMost(manager.afterWriteMs, 100),
    });
    rows.push({
      figure: "the first answer after a run's change, ms (median of 5)",
      ours: fmt(manager.afterRunWriteMs, 1),
      goal: "≤ 100",
      met: atMost(manager.afterRunWriteMs, 100),
    });
  }
  if (board) rows.push(...boardRows(board));
  if (orderPage) rows.push(...orderPageRows(orderPage));
  if (upload) rows.push(...uploadRows(upload));
  const build = results.build as { appSeconds?: number; skipped?: boolean };
  const seed = (results.seed ?? {}) as { seconds?: number; reused?: boolean };
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
  const pgInfo = results.postgres as { seed?: { seconds?: number; reused?: boolean }; startSeconds?: number };
  if (pgInfo?.seed) {
    rows.push({
      figure: `… into PostgreSQL (then VACUUM ANALYZE), s`,
      ours: "",
      postgres: pgInfo.seed.reused ? "reused" : fmt(pgInfo.seed.seconds, 1),
    });
  }
  rows.push({
    figure: "server start on the seeded data, s",
    ours: fmt(results.startSeconds as number, 1),
    postgres: pgInfo?.startSeconds === undefined ? undefined : fmt(pgInfo.startSeconds, 1),
  });
  return rows;
}

type ApiGoal = { figure: string; load: LoadName; rate: [number, number]; p99?: number };

/** Issue 20's table: each figure on PGlite and on PostgreSQL, against its goals. */
function apiRows(pglite: ApiRun | undefined, postgres: ApiRun | undefined): Row[] {
  const rows: Row[] = [
    section(`API at ${orders.toLocaleString("en-US")} orders, 20 connections: req/s (p50 / p99 ms)`),
  ];
  const cell = (run: ApiRun | undefined, load: LoadName) => {
    const l = run?.loads[load];
    if (!l) return "-";
    const failed = l.non2xx + l.errors;
    return `${l.requestsPerSecond} (${l.p50Ms} / ${l.p99Ms})${failed > 0 ? ` ${failed} failed` : ""}`;
  };
  const met = (run: ApiRun | undefined, goal: ApiGoal, at: 0 | 1) => {
    const l = run?.loads[goal.load];
    if (!l) return null;
    return (
      l.requestsPerSecond >= goal.rate[at] &&
      (goal.p99 === undefined || l.p99Ms <= goal.p99) &&
      l.non2xx + l.errors === 0
    );
  };
  const goals: ApiGoal[] = [
    { figure: "list + total, random filter, sort, page", load: "list", rate: [1000, 1500], p99: 50 },
    { figure: "one order with its items, random id", load: "show", rate: [1000, 3000] },
    { figure: "create an order with two items", load: "create", rate: [200, 500] },
    { figure: "update an order (with version)", load: "update", rate: [200, 500] },
  ];
  for (const goal of goals) {
    const p99 = goal.p99 === undefined ? "" : `, p99 ≤ ${goal.p99}`;
    rows.push({
      figure: goal.figure,
      ours: cell(pglite, goal.load),
      postgres: cell(postgres, goal.load),
      goal: `≥ ${goal.rate[0].toLocaleString("en-US")} / ≥ ${goal.rate[1].toLocaleString("en-US")}${p99}`,
      met: [met(pglite, goal, 0), met(postgres, goal, 1)],
    });
  }
  rows.push({
    figure: `list, the repeated query (${LIST_QUERY}, pages 1-10)`,
    ours: cell(pglite, "repeated"),
    postgres: cell(postgres, "repeated"),
  });
  // Milliseconds, and in bare answers (lib/calibration.ts): the figure that compares across machines.
  const cpu = (run: ApiRun | undefined, load: LoadName, store: Store) => {
    const l = run?.loads[load];
    if (!l) return "-";
    const ms =
      l.databaseCpuMs === null
        ? fmt(l.serverCpuMs, 2)
        : `${fmt(l.serverCpuMs, 2)} + ${fmt(l.databaseCpuMs, 2)}`;
    const bare = calibrations[store]?.cpuMs;
    return bare ? `${ms} (×${fmt((l.serverCpuMs + (l.databaseCpuMs ?? 0)) / bare)})` : ms;
  };
  const yardstick = (store: Store) => {
    const c = calibrations[store];
    return c ? `${c.requestsPerSecond} (${fmt(c.cpuMs, 3)} ms)` : "-";
  };
  rows.push(section("CPU per request, ms: server (+ PostgreSQL) (× a bare Node HTTP answer's)"));
  rows.push({
    figure: "yardstick: a bare Node HTTP answer, req/s (CPU ms)",
    ours: yardstick("pglite"),
    postgres: yardstick("postgres"),
  });
  for (const [figure, load] of [
    ["list, random", "list"],
    ["one order", "show"],
    ["create", "create"],
    ["update", "update"],
    ["list, repeated", "repeated"],
  ] as const) {
    rows.push({ figure, ours: cpu(pglite, load, "pglite"), postgres: cpu(postgres, load, "postgres") });
  }
  const memory = (run: ApiRun | undefined) =>
    run ? `${run.memory.start} / ${run.memory.peak} / ${run.memory.after}` : "-";
  rows.push({
    figure: "server memory, MB: start / peak / after (PostgreSQL: per worker)",
    ours: memory(pglite),
    postgres: memory(postgres),
    goal: "< 300 / < 150",
    met: [
      pglite ? pglite.memory.peak < 300 : null,
      postgres ? Math.max(...(postgres.memory.workers ?? [postgres.memory.peak])) < 150 : null,
    ],
  });
  if (postgres?.memory.primary !== undefined) {
    rows.push({
      figure: "… the cluster primary's peak, MB",
      ours: "",
      postgres: String(postgres.memory.primary),
    });
  }
  return rows;
}

main().catch((error: unknown) => {
  console.error(
    `\nThe benchmark stopped: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
  );
  process.exit(1);
});
