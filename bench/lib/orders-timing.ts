// /orders, signed in, cold browser cache (a fresh context each time): from the navigation's start to the first
// table row painted, then from a click on the next page to its rows painted, and the layout shift meanwhile.
// "Painted": a row is in the DOM, then the frame that shows it has passed (a requestAnimationFrame and a task).
import type { Browser, Page } from "@playwright/test";
import { freshPage } from "./first-loads";

export interface OrdersRun {
  rowsMs: number;
  nextPageMs: number;
  /** Cumulative layout shift (shifts without recent input) from the start until a second after the rows. */
  cls: number;
}

const ROW = ".ant-table-tbody tr.ant-table-row";

/** In the page before its own scripts: marks "bench:rows" when the first row is painted; sums layout shifts. */
function watchRows(row: string) {
  const state = { cls: 0 };
  (window as unknown as { __bench: typeof state }).__bench = state;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & {
      value: number;
      hadRecentInput: boolean;
    })[])
      if (!entry.hadRecentInput) state.cls += entry.value;
  }).observe({ type: "layout-shift", buffered: true });
  const observer = new MutationObserver(() => {
    if (!document.querySelector(row)) return;
    observer.disconnect();
    requestAnimationFrame(() => setTimeout(() => performance.mark("bench:rows"), 0));
  });
  observer.observe(document, { childList: true, subtree: true });
}

/** Clicks the next page and answers the milliseconds until its first row (another record) is painted. */
function nextPage(row: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const firstKey = () => document.querySelector(row)?.getAttribute("data-row-key");
    const before = firstKey();
    const button = document.querySelector<HTMLElement>(".ant-pagination-next button, li.ant-pagination-next");
    if (!button) {
      reject(new Error("no next-page button"));
      return;
    }
    const timer = setTimeout(() => reject(new Error("the next page did not come within 30 s")), 30_000);
    const started = performance.now();
    const observer = new MutationObserver(() => {
      const now = firstKey();
      if (!now || now === before) return;
      observer.disconnect();
      clearTimeout(timer);
      requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - started), 0));
    });
    observer.observe(document.body, { childList: true, subtree: true, attributes: true });
    button.click();
  });
}

async function oneRun(browser: Browser, base: string, token: string): Promise<OrdersRun> {
  const page: Page = await freshPage(browser, base, token);
  try {
    await page.addInitScript(watchRows, ROW);
    await page.goto("/orders");
    await page.waitForFunction(() => performance.getEntriesByName("bench:rows").length > 0, null, {
      timeout: 60_000,
    });
    const rowsMs = await page.evaluate(() => performance.getEntriesByName("bench:rows")[0].startTime);
    await page.waitForTimeout(1000);
    const cls = await page.evaluate(() => (window as unknown as { __bench: { cls: number } }).__bench.cls);
    const nextPageMs = await page.evaluate(nextPage, ROW);
    return {
      rowsMs: Math.round(rowsMs),
      nextPageMs: Math.round(nextPageMs),
      cls: Math.round(cls * 1000) / 1000,
    };
  } finally {
    await page.context().close();
  }
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : Math.round(((sorted[mid - 1] + sorted[mid]) / 2) * 1000) / 1000;
};

export async function timeOrders(browser: Browser, base: string, token: string, runs = 5) {
  const all: OrdersRun[] = [];
  for (let i = 0; i < runs; i += 1) all.push(await oneRun(browser, base, token));
  return {
    runs: all,
    rowsMs: median(all.map((r) => r.rowsMs)),
    nextPageMs: median(all.map((r) => r.nextPageMs)),
    cls: Math.max(...all.map((r) => r.cls)),
  };
}
