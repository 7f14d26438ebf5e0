// One part of the accessibility pass: the pages of page-list.ts, visited in sequence in one browser page per
// session (the administrator signed in through the API once, the session cookie given as storageState), each
// checked by axe-core with the WCAG rule tags once it has settled (settle.ts), serious and critical results kept.
// After the first page load, pages are reached inside the app (history.pushState and a popstate event, as a link
// does). What each check covers:
// - a drawer route (/vendors/12): the open drawer; the list under it is its own route's check;
// - any other page: the whole document the first time in a session, then without the navigation menu, the same
//   on every page but for the selected entry.

import { createRequire } from "node:module";
import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { DEMO_PASSWORD, SESSION_COOKIE } from "../sign-in";
import { loadAppRouteData } from "./app-route-tree";
import { NOT_FOUND_URL, pageList, partition, type Session, type Visit } from "./page-list";
import { mutationCount, type Requests, settle, trackRequests, watchMutations } from "./settle";

export const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];
const KEPT_IMPACTS = new Set(["serious", "critical"]);
const NOT_FOUND_TEXT = "Sorry, the page you visited does not exist.";
const UNAUTHORIZED_TEXT = "Sorry, you are not authorized to access this page.";
const NAVIGATION = 'nav[aria-label="Main navigation"]';
/**
 * AxeBuilder evaluates axe-core's source (half a megabyte) twice in the page on every analyze(); the pages here are
 * one document per tab, so the source goes in once per document (an init script, the axe-core AxeBuilder bundles)
 * and AxeBuilder is handed a no-op in its place.
 */
const AXE_ALREADY_THERE = "void 0";
const axeBuilderRequire = createRequire(createRequire(import.meta.url).resolve("@axe-core/playwright"));
const AXE_SOURCE = (axeBuilderRequire("axe-core") as typeof import("axe-core")).source;

export interface Finding {
  rule: string;
  impact: string;
  help: string;
  where: string;
  targets: string[];
}

export interface PartResult {
  findings: Finding[];
  /** Pages that did not render as their route promises (a drawer closed, a not-found page). */
  problems: string[];
  visited: number;
  unvisited: string[];
  /** Routes of the spec's route table with no page in the app yet. */
  noPage: string[];
}

async function signIn(request: APIRequestContext, baseURL: string, email: string) {
  const response = await request.post("/api/v1/auth/login", {
    data: { email, password: DEMO_PASSWORD, tenantId: 1 },
  });
  if (!response.ok()) throw new Error(`sign-in of ${email}: HTTP ${response.status()}`);
  const { sessionCookie } = ((await response.json()) as { data: { sessionCookie: string } }).data;
  const cookie = {
    name: SESSION_COOKIE,
    value: encodeURIComponent(sessionCookie),
    domain: new URL(baseURL).hostname,
    path: "/",
    expires: -1,
    httpOnly: false,
    secure: false,
    sameSite: "Strict" as const,
  };
  return { token: sessionCookie, storageState: { cookies: [cookie], origins: [] } };
}

/** What the page shows instead of its own content, if anything. */
async function wrongPage(page: Page, visit: Visit): Promise<string | undefined> {
  const body = page.locator("body");
  if (visit.url !== NOT_FOUND_URL && (await body.getByText(NOT_FOUND_TEXT).count()) > 0) return "not found";
  if (visit.pattern !== "/unauthorized" && (await body.getByText(UNAUTHORIZED_TEXT).count()) > 0)
    return "unauthorized";
  const path = new URL(page.url()).pathname;
  if (path !== new URL(visit.url, page.url()).pathname) return `ended on ${path}`;
  if (visit.drawer && (await page.locator(".ant-drawer-open").count()) === 0) return "its drawer is not open";
  return undefined;
}

interface Tab {
  page: Page;
  requests: Requests;
  layoutChecked: boolean;
}

type StorageState = Awaited<ReturnType<typeof signIn>>["storageState"];

async function open(browser: Browser, baseURL: string, storageState?: StorageState) {
  const context = await browser.newContext({ baseURL, storageState });
  await context.addInitScript(watchMutations);
  await context.addInitScript({ content: AXE_SOURCE });
  const page = await context.newPage();
  return { page, requests: trackRequests(page), layoutChecked: false };
}

/** Shows `visit` in the tab: a page load for the first page and the sign-in pages (their own app, src/guest/). */
async function show(tab: Tab, visit: Visit): Promise<boolean> {
  const { page } = tab;
  const load = page.url() === "about:blank" || visit.session === "signed-out";
  const before = load ? -1 : await mutationCount(page);
  if (load) await page.goto(visit.url);
  else
    await page.evaluate((to) => {
      window.history.pushState(null, "", to);
      window.dispatchEvent(new PopStateEvent("popstate"));
    }, visit.url);
  return settle(page, tab.requests, before);
}

async function axeFor(tab: Tab, visit: Visit) {
  const axe = new AxeBuilder({ page: tab.page, axeSource: AXE_ALREADY_THERE })
    .withTags(WCAG_TAGS)
    .options({ resultTypes: ["violations"] })
    .setLegacyMode(true);
  if (visit.drawer) return axe.include(".ant-drawer-open");
  if (tab.layoutChecked) return axe.exclude(NAVIGATION);
  tab.layoutChecked = (await tab.page.locator(NAVIGATION).count()) > 0;
  return axe;
}

/** Visits part `part` (0-based) of `parts` of the page list and checks each page. */
export async function axePart(opts: {
  browser: Browser;
  request: APIRequestContext;
  baseURL: string;
  part: number;
  parts: number;
  cannotVisit: Readonly<Record<string, string>>;
}): Promise<PartResult> {
  const { browser, request, baseURL } = opts;
  const admin = await signIn(request, baseURL, "admin@pressroom.test");
  const headers = { Authorization: `Bearer ${admin.token}` };
  const get = async (path: string) => {
    const response = await request.get(`/api/v1/${path}`, { headers });
    return response.ok() ? ((await response.json()) as { data: unknown }).data : undefined;
  };
  const { visits, unvisited, noPage } = await pageList(await loadAppRouteData(), get, opts.cannotVisit);
  const result: PartResult = { findings: [], problems: [], visited: 0, unvisited, noPage };
  const tabs = new Map<Session, Tab>();
  try {
    for (const visit of partition(visits, opts.parts)[opts.part]) {
      let tab = tabs.get(visit.session);
      if (!tab) {
        tab = await open(browser, baseURL, visit.session === "admin" ? admin.storageState : undefined);
        tabs.set(visit.session, tab);
      }
      const where = `${visit.url} (${visit.pattern}${visit.drawer ? ", drawer" : ""}, ${visit.session})`;
      const started = Date.now();
      if (!(await show(tab, visit))) result.problems.push(`${where}: still loading after 30 s`);
      const shown = Date.now();
      const wrong = await wrongPage(tab.page, visit);
      if (wrong) result.problems.push(`${where}: ${wrong}`);
      const { violations } = await (await axeFor(tab, visit)).analyze();
      result.visited++;
      const kept = violations.filter((v) => KEPT_IMPACTS.has(v.impact ?? ""));
      // A11Y_TRACE=1: each page's time to settle + time in axe, and the rules it broke.
      if (process.env.A11Y_TRACE)
        console.log(
          `${shown - started}+${Date.now() - shown} ms ${where} ${kept.map((v) => v.id).join(" ")}`,
        );
      for (const v of kept)
        result.findings.push({
          rule: v.id,
          impact: v.impact ?? "",
          help: v.help,
          where,
          targets: v.nodes.map((n) => n.target.join(" ")),
        });
    }
  } finally {
    for (const tab of tabs.values()) await tab.page.context().close();
  }
  return result;
}

/** The findings, by rule: each page with up to three of its elements. */
export function report(result: PartResult): string {
  const byRule = new Map<string, Finding[]>();
  for (const f of result.findings) byRule.set(f.rule, [...(byRule.get(f.rule) ?? []), f]);
  const lines: string[] = [];
  for (const [rule, findings] of byRule) {
    lines.push(`${rule} (${findings[0].impact}): ${findings[0].help}: ${findings.length} pages`);
    for (const f of findings) {
      const more = f.targets.length > 3 ? ` (+${f.targets.length - 3})` : "";
      lines.push(`  ${f.where}: ${f.targets.slice(0, 3).join(" | ")}${more}`);
    }
  }
  return lines.join("\n");
}
