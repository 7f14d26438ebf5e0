// The press dashboard (issue 18's speed goals) at the benchmark's seed, in Chromium, signed in as the administrator:
//   - render: the board's answer filled to BOARD_CARDS cards (the seed's own cards, then copies of them with new ids
//     and numbers when the seed has fewer), from the answer's last byte to every card painted, median and worst of
//     `renders` cold loads;
//   - live: a page on the real board while the benchmark writes a waiting run's notes through the API `changes`
//     times; from each write's start to its text painted on the card (the event, the refetch and the render), p50
//     and p95; and the cards each change re-rendered, counted by src/custom/production/render-count.ts.
import type { Browser, Page } from "@playwright/test";
import { freshPage } from "./first-loads";

export const BOARD_CARDS = 500;
const BOARD = "/production/press-dashboard";
const ANSWER = "**/api/v1/production/boards/press*";
const CARD = '[data-testid^="run-card-"]';

export interface BoardFigures {
  /** Cards of the seed's own on the board; the rest of BOARD_CARDS are copies. */
  seedCards: number;
  /** Cards mounted once painted (the columns mount those in view and a few beyond). */
  mountedCards: number;
  renderMedianMs: number;
  renderWorstMs: number;
  renders: number;
  liveP50Ms: number;
  liveP95Ms: number;
  changes: number;
  /** The most cards one change re-rendered (the changed one only: 1). */
  cardsRenderedPerChange: number;
}

interface Card {
  id: number;
  run_number: string;
  notes: string | null;
  [field: string]: unknown;
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
const round = (ms: number) => Math.round(ms * 10) / 10;

/** In the page before its scripts: marks "bench:cards" when the board counts `count` cards in its title (the
 *  badge) and its cards are painted (those in view: the columns are virtualised). */
function watchCards({ selector, count }: { selector: string; count: number }) {
  const observer = new MutationObserver(() => {
    if (!document.querySelector(`h3 sup[title="${count}"]`) || !document.querySelector(selector)) return;
    observer.disconnect();
    requestAnimationFrame(() => setTimeout(() => performance.mark("bench:cards"), 0));
  });
  observer.observe(document, { childList: true, subtree: true });
}

/** One cold load of the board with its answer filled to BOARD_CARDS: ms from the answer's last byte to the cards. */
async function oneRender(
  browser: Browser,
  base: string,
  token: string,
): Promise<{ ms: number; seedCards: number; mounted: number }> {
  const page = await freshPage(browser, base, token);
  let seedCards = 0;
  try {
    await page.route(ANSWER, async (route) => {
      const response = await route.fetch();
      const answer = ((await response.json()) as { data: { cards: Card[] } }).data;
      seedCards = answer.cards.length;
      if (seedCards === 0) throw new Error("the press board has no cards at this seed");
      const cards = [...answer.cards];
      for (let i = 0; cards.length < BOARD_CARDS; i++) {
        const from = answer.cards[i % seedCards];
        cards.push({ ...from, id: 10_000_000 + i, run_number: `B-${900000 + i}` });
      }
      // The answer's own headers would claim its compression; the fill is sent as plain JSON.
      await route.fulfill({ status: response.status(), json: { data: { ...answer, cards } } });
    });
    await page.addInitScript(watchCards, { selector: CARD, count: BOARD_CARDS });
    await page.goto(BOARD);
    await page.waitForFunction(() => performance.getEntriesByName("bench:cards").length > 0, undefined, {
      timeout: 60_000,
    });
    const ms = await page.evaluate(() => {
      const painted = performance.getEntriesByName("bench:cards")[0].startTime;
      const answer = performance
        .getEntriesByType("resource")
        .filter((entry) => entry.name.includes("/production/boards/press"))
        .at(-1) as PerformanceResourceTiming | undefined;
      if (!answer) throw new Error("the board's answer is not in the resource timings");
      return painted - answer.responseEnd;
    });
    const mounted = await page.locator(CARD).count();
    return { ms, seedCards, mounted };
  } finally {
    await page.context().close();
  }
}

async function api<T>(base: string, token: string, path: string, init?: RequestInit): Promise<T> {
  const res = await fetch(`${base}/api/v1/${path}`, {
    ...init,
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
  });
  if (!res.ok)
    throw new Error(`${init?.method ?? "GET"} ${path} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

type Renders = Record<string, number>;

async function liveChanges(browser: Browser, base: string, token: string, changes: number) {
  const { cards } = (await api<{ data: { cards: Card[] } }>(base, token, "production/boards/press")).data;
  const run = cards[0];
  const page: Page = await freshPage(browser, base, token);
  try {
    await page.addInitScript(() => {
      (window as { __pressroomRenders?: Record<string, number> }).__pressroomRenders = {};
    });
    await page.goto(BOARD);
    const card = page.getByTestId(`run-card-${run.run_number}`);
    await card.waitFor({ state: "visible", timeout: 60_000 });
    const shown = await page.locator(CARD).count();
    let { version } = (await api<{ data: { version: number } }>(base, token, `runs/${run.id}`)).data;
    const delays: number[] = [];
    let mostCards = 0;
    for (let i = 0; i < changes; i++) {
      const text = `bench change ${i} ${Date.now()}`;
      await page.evaluate(() => {
        (window as { __pressroomRenders?: Record<string, number> }).__pressroomRenders = {};
      });
      const started = Date.now();
      const answer = await api<{ data: { version: number } }>(base, token, `runs/${run.id}`, {
        method: "PATCH",
        body: JSON.stringify({ notes: text, version }),
      });
      version = answer.data.version;
      await card.getByText(text).waitFor({ state: "visible", timeout: 10_000 });
      delays.push(Date.now() - started);
      // Any refetch the event queued behind the first lands before the renders are counted.
      await page.waitForTimeout(250);
      const renders = await page.evaluate(
        () =>
          ({ ...(window as { __pressroomRenders?: Record<string, number> }).__pressroomRenders }) as Renders,
      );
      const cardsRendered = (renders.RunCard ?? 0) - (renders.BoardClockTick ?? 0) * shown;
      mostCards = Math.max(mostCards, cardsRendered);
    }
    delays.sort((a, b) => a - b);
    return { p50: quantile(delays, 0.5), p95: quantile(delays, 0.95), mostCards };
  } finally {
    await page.context().close();
  }
}

export async function timeBoard(
  browser: Browser,
  base: string,
  token: string,
  renders = 5,
  changes = 20,
): Promise<BoardFigures> {
  const times: number[] = [];
  let seedCards = 0;
  let mountedCards = 0;
  for (let i = 0; i < renders; i++) {
    const run = await oneRender(browser, base, token);
    times.push(run.ms);
    seedCards = run.seedCards;
    mountedCards = run.mounted;
  }
  times.sort((a, b) => a - b);
  const live = await liveChanges(browser, base, token, changes);
  return {
    seedCards,
    mountedCards,
    renderMedianMs: round(quantile(times, 0.5)),
    renderWorstMs: round(times[times.length - 1]),
    renders,
    liveP50Ms: live.p50,
    liveP95Ms: live.p95,
    changes,
    cardsRenderedPerChange: live.mostCards,
  };
}
