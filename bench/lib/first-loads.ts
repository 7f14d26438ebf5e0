// JavaScript per route (gzip), counted from what Chromium fetched on a cold first load: everything until the page
// is ready and the network quiet (tests/e2e/first-load.ts, the budget test's own measure), and the part of it
// requested before the first contentful paint.
import { type Browser, chromium, type Page } from "@playwright/test";
import { CHROMIUM, CHROMIUM_ARGS } from "../../tests/e2e/chromium";
import { measureFirstLoad } from "../../tests/e2e/first-load";
import { SESSION_COOKIE } from "./server";

export { CHROMIUM, CHROMIUM_ARGS };

export const launchChromium = (): Promise<Browser> =>
  chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });

export interface RouteLoad {
  route: string;
  landedOn: string;
  scripts: number;
  /** Every script fetched until ready and quiet (KB gzip). */
  onLoadKb: number;
  /** The scripts requested before the first contentful paint (KB gzip). */
  beforePaintKb: number;
  firstPaintMs: number | null;
  largest: { path: string; kb: number }[];
}

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

/** A fresh context (cold cache), signed in when a token is given (the app's session cookie). */
export async function freshPage(browser: Browser, base: string, token?: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: base });
  // Functions this file hands to the page are compiled by tsx, which wraps named ones in __name().
  await context.addInitScript("globalThis.__name = (fn) => fn;");
  if (token) await context.addCookies([{ name: SESSION_COOKIE, value: token, url: base }]);
  return context.newPage();
}

export async function measureRoute(
  browser: Browser,
  base: string,
  route: string,
  ready: (page: Page) => Promise<void>,
  token?: string,
): Promise<RouteLoad> {
  const page = await freshPage(browser, base, token);
  try {
    const load = await measureFirstLoad(page, route, ready);
    const early = await page.evaluate(() => {
      const fcp = performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? null;
      const paths = performance
        .getEntriesByType("resource")
        .filter((entry) => fcp === null || entry.startTime < fcp)
        .map((entry) => new URL(entry.name).pathname);
      return { fcp, paths };
    });
    const before = load.scripts.filter((script) => early.paths.includes(script.path));
    return {
      route,
      landedOn: load.landedOn,
      scripts: load.scripts.length,
      onLoadKb: kb(load.totalGzip),
      beforePaintKb: kb(before.reduce((sum, script) => sum + script.gzip, 0)),
      firstPaintMs: early.fcp === null ? null : Math.round(early.fcp),
      largest: load.scripts.slice(0, 5).map((script) => ({ path: script.path, kb: kb(script.gzip) })),
    };
  } finally {
    await page.context().close();
  }
}

/** Ready: the sign-in form. */
export const signInShown = (page: Page) =>
  page.getByRole("button", { name: "Sign in", exact: true }).waitFor({ state: "visible", timeout: 60_000 });

/** Ready: the first row of a list table. */
export const rowsShown = (page: Page) =>
  page.locator(".ant-table-tbody tr.ant-table-row").first().waitFor({ state: "visible", timeout: 60_000 });

/** Ready: the home page's greeting. */
export const homeShown = (page: Page) =>
  page.getByRole("heading", { name: /Welcome/ }).waitFor({ state: "visible", timeout: 60_000 });

/** Ready: the page's main content, whatever it is (a heading, a table, or the not-found page). */
export const contentShown = (page: Page) =>
  page
    .locator(
      ".ant-layout-content h1, .ant-layout-content h2, .ant-layout-content h3, .ant-result, .ant-table",
    )
    .first()
    .waitFor({ state: "visible", timeout: 60_000 });

/** Whether the page shows the app's not-found page. */
export const isNotFound = (page: Page) =>
  page
    .getByText("Sorry, the page you visited does not exist.")
    .isVisible()
    .catch(() => false);
