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
