// What a first load costs in JavaScript: every script Chromium fetches until the network is idle, each counted
// as gzip -9 of its body (sizes, not timings: the same build always gives the same figure). "Idle" is taken
// after the page is ready, not only at Chromium's networkidle event: on a busy machine that event can come
// while the first script still runs, before it asks for the next ones.
import { gzipSync } from "node:zlib";
import type { Page, Request } from "@playwright/test";

export interface FetchedScript {
  path: string;
  gzip: number;
}

export interface FirstLoad {
  /** Where the page ended (path and query). */
  landedOn: string;
  scripts: FetchedScript[];
  totalGzip: number;
}

const QUIET_MS = 500;

/** The live updates' stream (GET {api}/events) stays open as long as the page: it is never "in flight" here. */
const isLiveStream = (request: Request) => new URL(request.url()).pathname.endsWith("/events");

/**
 * Opens `path` in `page` (a fresh context: empty cache, no cookies), waits for `ready` (e.g. a button shown)
 * and then for 500 ms without a request in flight, and counts the scripts fetched.
 */
export async function measureFirstLoad(
  page: Page,
  path: string,
  ready: (page: Page) => Promise<void>,
): Promise<FirstLoad> {
  const pending: Promise<FetchedScript>[] = [];
  let inFlight = 0;
  let lastActivity = Date.now();
  const settle = (request: Request) => {
    if (isLiveStream(request)) return;
    inFlight -= 1;
    lastActivity = Date.now();
  };
  page.on("request", (request) => {
    if (isLiveStream(request)) return;
    inFlight += 1;
    lastActivity = Date.now();
  });
  page.on("requestfinished", settle);
  page.on("requestfailed", settle);
  page.on("response", (response) => {
    if (response.request().resourceType() !== "script") return;
    pending.push(
      response.body().then((body) => ({
        path: new URL(response.url()).pathname,
        gzip: gzipSync(body, { level: 9 }).length,
      })),
    );
  });
  // Not "networkidle": Chromium's idle never comes while a signed-in page's live stream is open.
  await page.goto(path, { waitUntil: "load" });
  await ready(page);
  while (inFlight > 0 || Date.now() - lastActivity < QUIET_MS) await page.waitForTimeout(50);
  // Every body is read before the figure is made: none may be left out because it arrived last.
  const scripts = (await Promise.all(pending)).sort((a, b) => b.gzip - a.gzip);
  const url = new URL(page.url());
  return {
    landedOn: `${url.pathname}${url.search}`,
    scripts,
    totalGzip: scripts.reduce((sum, script) => sum + script.gzip, 0),
  };
}

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** The figure and the largest scripts, one line each, for a failure message or the report. */
export function describeLoad(route: string, load: FirstLoad, top = 10): string {
  const lines = load.scripts
    .slice(0, top)
    .map((script) => `  ${kb(script.gzip).padStart(9)}  ${script.path}`);
  return [
    `${route} → ${load.landedOn}: ${load.scripts.length} scripts, ${kb(load.totalGzip)} gzip`,
    `largest ${Math.min(top, load.scripts.length)}:`,
    ...lines,
  ].join("\n");
}
