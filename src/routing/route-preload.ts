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

/**
 * preloadRoute(href) once the browser is idle (a list shown: the page its rows open is the likely next one, and
 * its code then costs the click nothing). Answers the cancel.
 */
export function preloadRouteWhenIdle(href: string): () => void {
  if (!preloads.some((preload) => preload.matches(href.split(/[?#]/)[0]))) return () => {};
  if (typeof requestIdleCallback === "function") {
    const handle = requestIdleCallback(() => preloadRoute(href), { timeout: 2_000 });
    return () => cancelIdleCallback(handle);
  }
  const timer = setTimeout(() => preloadRoute(href), 200);
  return () => clearTimeout(timer);
}
