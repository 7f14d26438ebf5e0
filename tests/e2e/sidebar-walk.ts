// A person's first hour, as each demo account: every sidebar entry clicked in a random order (the seed is
// printed, E2E_WALK_SEED replays it). On each page: no error banner, no 403/404 page; a list draws the rows of
// its own latest answer (never another kind's, never an earlier query's), shows the total the API gives this
// user, and is not empty when the API has records; for the roles without Read on the referenced kinds, no
// reference is left as a "#<id>" placeholder, in the list or on the first record's page.
import { type Locator, type Page, type Response, test } from "@playwright/test";
import { apiAs, expect } from "./ui-steps";

/** A small seeded generator (mulberry32): the order is random per run and replayable. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function shuffled<T>(items: T[], seed: number): T[] {
  const next = random(seed);
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/** The app routes whose list answers come from another API path. */
const API_PATH: Record<string, string> = { "/transactions": "user-payments" };

/**
 * Hand-built queues whose table is one answer of an endpoint of their own (no total: the browser pages it):
 * their rows are the first rows of that answer, in its order.
 */
const QUEUE_PATH: Record<string, string> = { "/refund-approvals": "refund-approvals/queue" };
const QUEUES = new Set(Object.values(QUEUE_PATH));

/**
 * Hand-built pages that draw a kind's records as something other than a list's table (the categories' tree, the
 * EDDM routes' figures by ZIP above their picker): reached from the menu, their own control shows; the page they
 * replace may stay on screen while their code loads.
 */
const NOT_TABLES: Record<string, string> = {
  "/product-categories": "main .ant-tree",
  "/routes": 'main .ant-card:has-text("Addresses by ZIP")',
};

interface ListAnswer {
  ids: string;
  total: number;
}

/**
 * Every answer the page got to a list request, by API path (not look-ups by ids). A list draws one of its own
 * path's answers: the latest, or one it keeps in its cache from an earlier visit (then no request is sent).
 */
function listAnswers(page: Page) {
  const seen = new Map<string, ListAnswer[]>();
  const onResponse = async (response: Response) => {
    const url = new URL(response.url());
    const match = /^\/api\/v1\/([a-z0-9-]+(?:\/queue)?)$/.exec(url.pathname);
    if (!match || response.request().method() !== "GET" || !response.ok()) return;
    if (url.searchParams.has("id")) return; // titles of references, not a list's page
    try {
      const body = (await response.json()) as { data?: { id: number }[]; meta?: { total?: number } };
      const queue = QUEUES.has(match[1]);
      if (!Array.isArray(body.data) || (!queue && typeof body.meta?.total !== "number")) return;
      const answer = {
        ids: body.data.map((r) => r.id).join(","),
        total: body.meta?.total ?? body.data.length,
      };
      seen.set(match[1], [...(seen.get(match[1]) ?? []), answer]);
    } catch {
      // a body already gone with a navigation: a later answer takes its place
    }
  };
  page.on("response", onResponse);
  return seen;
}

/** A reference left as its id: a value, link, tag or cell that is "#<id>" and nothing else ("Acme #10 envelopes" is a name). */
const PLACEHOLDER = /^#\d+$/;
const VALUES = "td, a, span, .ant-tag, .ant-descriptions-item-content";
const placeholders = async (scope: Locator) =>
  (await scope.locator(VALUES).allInnerTexts()).map((t) => t.trim()).filter((t) => PLACEHOLDER.test(t));

/** The main area has settled: no spinner, no pending table. */
async function settled(page: Page) {
  await expect(page.locator("main .ant-spin-spinning, main .ant-skeleton")).toHaveCount(0);
}

async function noErrors(page: Page, where: string) {
  await expect(
    page.locator(".ant-alert-error, .ant-notification-notice-error, .ant-message-error"),
    `error on ${where}`,
  ).toHaveCount(0);
  await expect(page.getByText("Sorry, you are not authorized to access this page."), where).toHaveCount(0);
  await expect(page.getByText("Sorry, the page you visited does not exist."), where).toHaveCount(0);
}

export async function walkSidebar(
  page: Page,
  request: Parameters<typeof apiAs>[1],
  opts: { placeholders: boolean },
) {
  const api = await apiAs(page, request);
  const seed = Number(process.env.E2E_WALK_SEED ?? Date.now() % 1_000_000);
  test.info().annotations.push({ type: "walk seed", description: String(seed) });
  const nav = page.getByRole("navigation", { name: "Main navigation" });
  await expect(nav.getByRole("link", { name: "Home", exact: true })).toBeVisible();
  const entries = await nav
    .getByRole("link")
    .evaluateAll((links) =>
      links.map((a) => ({ label: (a.textContent ?? "").trim(), href: a.getAttribute("href") ?? "" })),
    );
  expect(entries.length).toBeGreaterThan(1);
  const answers = listAnswers(page);
  const visited: string[] = [];
  test.info().annotations.push({ type: "walked", description: entries.map((e) => e.label).join(", ") });

  for (const { label, href } of shuffled(entries, seed)) {
    visited.push(label);
    const where = `${label} (${href}) after ${visited.slice(-3, -1).join(" → ") || "home"}; seed ${seed}`;
    if (await page.locator(".ant-drawer-open").count()) {
      await page.keyboard.press("Escape");
      await expect(page.locator(".ant-drawer-open")).toHaveCount(0);
    }
    await nav.getByRole("link", { name: label, exact: true }).click();
    await expect(page, where).toHaveURL((url) => url.pathname === href);
    const ownControl = NOT_TABLES[href];
    if (ownControl) await expect(page.locator(ownControl).first(), where).toBeVisible();
    await settled(page);
    await noErrors(page, where);
    if (ownControl) continue;

    const table = page.locator("main .ant-table").first();
    if (href === "/" || (await table.count()) === 0) continue;
    const queue = QUEUE_PATH[href];
    if (queue) {
      const queueRows = table.locator("tbody tr.ant-table-row");
      await expect
        .poll(
          async () => {
            const keys = await queueRows.evaluateAll((trs) =>
              trs.map((tr) => tr.getAttribute("data-row-key")),
            );
            // Its first page: 25 rows (the page's size), or all of a shorter answer.
            return (answers.get(queue) ?? []).some(
              (answer) => answer.ids.split(",").filter(Boolean).slice(0, 25).join(",") === keys.join(","),
            );
          },
          { message: `rows of ${where} are the first of one of its queue's answers` },
        )
        .toBe(true);
      if (opts.placeholders) expect(await placeholders(table.locator("tbody")), where).toEqual([]);
      continue;
    }
    const path = API_PATH[href] ?? href.slice(1);
    const ownTotal = await api
      .status(`${path}?limit=1`)
      .then(async (status) =>
        status === 200 ? (await api.get<unknown[]>(`${path}?limit=1`)).length : undefined,
      );
    if (ownTotal === undefined) continue; // an admin page on an API of its own (roles, users)
    const rows = table.locator("tbody tr.ant-table-row");
    if (ownTotal > 0) await expect(rows.first(), `an empty list that has records: ${where}`).toBeVisible();
    // The rows are one of this path's answers, in its order: never another kind's, never another query's.
    let drawn: ListAnswer | undefined;
    await expect
      .poll(
        async () => {
          const keys = (
            await rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute("data-row-key")))
          ).join(",");
          drawn = answers.get(path)?.find((answer) => answer.ids === keys && (keys !== "" || ownTotal === 0));
          return drawn !== undefined;
        },
        { message: `rows of ${where} are one of its own answers` },
      )
      .toBe(true);
    // Each row has the header's cells: nothing drawn with another kind's columns.
    const headers = await table.locator("thead tr").last().locator("th").count();
    const cells = await rows.evaluateAll((trs) => trs.map((tr) => tr.querySelectorAll(":scope > td").length));
    for (const n of cells) expect(n, `cells per row of ${where}`).toBe(headers);
    // The total the user is told is their answer's.
    const total = drawn?.total ?? 0;
    if (total > 0) {
      await expect(page.locator("main .ant-pagination-total-text"), where).toContainText(
        `of ${total.toLocaleString("en-US")}`,
      );
    }

    if (!opts.placeholders || (await rows.count()) === 0) continue;
    expect(await placeholders(table.locator("tbody")), `"#id" placeholders in ${where}`).toEqual([]);
    // The first record's page names what it references.
    const link = rows.first().locator("td a").first();
    if ((await link.count()) === 0) continue;
    await link.click();
    await settled(page);
    await noErrors(page, `first record of ${where}`);
    // A record page, or a drawer over the list (drawers live outside <main>).
    await expect(
      page.locator("main .ant-descriptions, .ant-drawer-open .ant-descriptions").first(),
      `first record of ${where}`,
    ).toBeVisible();
    const inDrawer = (await page.locator(".ant-drawer-open").count()) > 0;
    const record = inDrawer
      ? page.locator(".ant-drawer-open .ant-drawer-content").last()
      : page.locator("main");
    await expect
      .poll(() => placeholders(record), { message: `"#id" placeholders on the first record of ${where}` })
      .toEqual([]);
  }
}
