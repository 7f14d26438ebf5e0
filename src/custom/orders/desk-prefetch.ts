// The order page's first visit asks for its data at navigation, beside its code chunk, instead of after it
// (issue 19, "Speed and size": the page paints within 1 s). The route's element calls prefetchDesk while it
// renders; the page (order-desk-page.tsx) asks with the same key and the same request (deskQuery), so it finds
// the answer in the cache, or the request in flight, and sends none of its own.
//
// The page keeps no answer once it is left (gcTime 0). A plain prefetchQuery would keep this one for its own
// gcTime (TanStack Query keeps the largest gcTime a query was given), and a later visit would open on it; so
// the prefetch holds the query with an observer of its own instead, let go as soon as the page observes the
// query (or after HOLD_MS, when the page never comes): from then on the page's gcTime 0 decides, as before.
import type { DataProvider } from "@refinedev/core";
import { type QueryClient, QueryObserver } from "@tanstack/react-query";

/** Longest wait for the page's code once its data is asked for. */
export const HOLD_MS = 30_000;
/** A held answer older than this is asked again (its visit was left before the page came). */
const FRESH_MS = 10_000;

/** The release of each query a prefetch holds. */
const holders = new WeakMap<object, () => void>();

export const deskQueryKey = (orderId: string) => ["order-desk", orderId] as const;
export const deskUrl = (orderId: string) => `orders/${orderId}/desk`;

/**
 * The page's useFetched props. Not kept once the page is left (gcTime 0): the order's edit form and other pages
 * change the order through Refine's own keys, which do not reach this one, and the desk must never open on a
 * stale order. A refusal met by the prefetch is this visit's answer (retryOnMount false), as a success is.
 */
export function deskFetchProps(orderId: string) {
  return {
    url: deskUrl(orderId),
    queryOptions: { queryKey: deskQueryKey(orderId), retry: false, retryOnMount: false, gcTime: 0 },
    errorNotification: false as const,
  };
}

/** The request the page's useCustom sends (a GET through the data provider's custom), for the prefetch. */
export function deskQuery(custom: NonNullable<DataProvider["custom"]>, orderId: string) {
  return {
    queryKey: deskQueryKey(orderId),
    queryFn: () => custom({ url: deskUrl(orderId), method: "get" }),
    retry: false,
    gcTime: 0,
  };
}

/**
 * Starts the desk's request unless someone (the page, an earlier prefetch) already observes the query: safe to
 * call on every render of the route.
 */
export function prefetchDesk(
  client: QueryClient,
  custom: NonNullable<DataProvider["custom"]>,
  orderId: string,
): void {
  if (!/^\d+$/.test(orderId)) return;
  const options = deskQuery(custom, orderId);
  const cache = client.getQueryCache();
  const cached = cache.find({ queryKey: options.queryKey, exact: true });
  // An answer held for a visit that was left before its page came is not this visit's once it is old.
  const held = cached && holders.get(cached);
  if (held && cached.state.fetchStatus === "idle" && Date.now() - cached.state.dataUpdatedAt > FRESH_MS)
    held();
  if (cached && cached.getObserversCount() > 0) return;
  // An answer nobody observes is one the page would not keep: ask again.
  if (cached && cached.state.fetchStatus === "idle") cache.remove(cached);
  const holder = new QueryObserver(client, options);
  const query = holder.getCurrentQuery();
  const hash = query.queryHash;
  const stopHolding = holder.subscribe(() => {});
  const release = () => {
    holders.delete(query);
    clearTimeout(timer);
    stopWatching();
    stopHolding();
  };
  holders.set(query, release);
  const timer = setTimeout(release, HOLD_MS);
  const stopWatching = cache.subscribe((event) => {
    if (event.type === "observerAdded" && event.query.queryHash === hash && event.observer !== holder)
      release();
  });
}
