// When an app page is ready to be checked. A navigation inside the app changes the URL at once, while React renders
// the new route in slices and commits at the end, after its code and data arrive: the page is ready once it has
// changed, no request is under way, the main thread is idle, the DOM has not changed for 100 ms and nothing on it
// is loading or moving (spinners, skeletons, antd's motion classes).
import type { Page } from "@playwright/test";

interface Watch {
  last: number;
  count: number;
}

const BUSY =
  '.ant-spin-spinning, .ant-skeleton, [class*="-enter-active"], [class*="-appear-active"], [class*="-leave-active"]';

/** Installed in every page of a context before its scripts: counts DOM changes and keeps the time of the last. */
export function watchMutations() {
  const state: Watch = { last: performance.now(), count: 0 };
  (window as unknown as { __axeWatch: Watch }).__axeWatch = state;
  new MutationObserver(() => {
    state.last = performance.now();
    state.count++;
  }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
}

/** The DOM changes counted so far in the page's document. */
export const mutationCount = (page: Page) =>
  page.evaluate(() => (window as unknown as { __axeWatch: Watch }).__axeWatch.count);

export type Requests = { inflight: number; last: number };

/** Requests under way, but the live-updates stream, which stays open. */
export function trackRequests(page: Page): Requests {
  const state = { inflight: 0, last: Date.now() };
  const counted = (r: { url(): string }) => !r.url().includes("/api/v1/events");
  const change = (by: number) => (r: { url(): string }) => {
    if (!counted(r)) return;
    state.inflight += by;
    state.last = Date.now();
  };
  page.on("request", change(1));
  page.on("requestfinished", change(-1));
  page.on("requestfailed", change(-1));
  return state;
}

/**
 * Resolves true once the page has changed since `before` (a mutation count; -1 after a page load) and settled,
 * false after `timeout` ms. The DOM's quiet is waited for in the page (one round trip, not a poll from here);
 * the requests are asked here before and after.
 */
export async function settle(
  page: Page,
  requests: Requests,
  before: number,
  timeout = 30_000,
): Promise<boolean> {
  const end = Date.now() + timeout;
  while (Date.now() < end) {
    if (requests.inflight > 0 || Date.now() - requests.last < 50) {
      await page.waitForTimeout(25);
      continue;
    }
    const quiet = await page.evaluate(
      async ({ before, busy, quietMs }) => {
        const watch = (window as unknown as { __axeWatch: Watch }).__axeWatch;
        const idle = () =>
          new Promise<void>((resolve) => requestIdleCallback(() => resolve(), { timeout: 1000 }));
        for (let tries = 0; tries < 10; tries++) {
          await idle();
          const since = performance.now() - watch.last;
          if (watch.count !== before && since >= quietMs && !document.querySelector(busy)) return true;
          await new Promise((resolve) => setTimeout(resolve, Math.max(20, quietMs - since)));
        }
        return false;
      },
      { before, busy: BUSY, quietMs: 100 },
    );
    if (quiet && requests.inflight === 0) return true;
  }
  return false;
}
