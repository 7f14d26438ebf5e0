// Page chunks a link may start loading before it is followed (hovered or focused): the hand-built pages register
// theirs by path (order-routes.tsx: an order's page), and the list rows' links ask here (list-cells.tsx).
type Preload = { matches: (path: string) => boolean; load: () => void };

const preloads: Preload[] = [];

export function registerRoutePreload(matches: Preload["matches"], load: Preload["load"]): void {
  preloads.push({ matches, load });
}

/** Starts loading the chunk of the page `href` opens, when one is registered; no-op otherwise. */
export function preloadRoute(href: string): void {
  const path = href.split(/[?#]/)[0];
  for (const preload of preloads) if (preload.matches(path)) preload.load();
}

/** How long a shown list is left to finish its own loading before a likely next page's code is fetched. */
export const PRELOAD_SETTLE_MS = 2_000;

/**
 * preloadRoute(href) once the page has settled and the browser is idle (a list shown: the page its rows open is
 * the likely next one, and its code then costs the click nothing). It waits PRELOAD_SETTLE_MS first, so it never
 * competes with the list's own first load (whose size the first-load budget counts). Answers the cancel.
 */
export function preloadRouteWhenIdle(href: string): () => void {
  if (!preloads.some((preload) => preload.matches(href.split(/[?#]/)[0]))) return () => {};
  let idle: number | undefined;
  const timer = setTimeout(() => {
    if (typeof requestIdleCallback === "function") {
      idle = requestIdleCallback(() => preloadRoute(href), { timeout: 2_000 });
    } else preloadRoute(href);
  }, PRELOAD_SETTLE_MS);
  return () => {
    clearTimeout(timer);
    if (idle !== undefined) cancelIdleCallback(idle);
  };
}
