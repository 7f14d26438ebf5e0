// Refine's router binding for react-router, with `parse` answered once per location.
// @refinedev/react-router matches the pathname against every resource route inside each hook
// that reads the URL (useResource, useParsed, useCan, every button…): with our ~45 kinds that was
// half a second of a cold /orders load spent splitting the same strings. Here the match is kept
// per resource list and pathname, and the query string is parsed once per search string, so a
// render of the list page pays for it once. `go`, `back` and `Link` stay the library's.
import {
  type IResourceItem,
  matchResourceFromRoute,
  type ParseResponse,
  QS_PARSE_DEPTH,
  ResourceContext,
  type RouterProvider,
} from "@refinedev/core";
import reactRouterBindings from "@refinedev/react-router";
import qs from "qs";
import { useCallback, useContext } from "react";
import { matchPath, type Params, useLocation, useParams } from "react-router";

type RouteMatch = ReturnType<typeof matchResourceFromRoute>;

/** A small map that forgets its oldest entry: the pathnames and query strings of one session. */
function boundedCache<V>(limit: number) {
  const entries = new Map<string, V>();
  return (key: string, make: () => V): V => {
    const hit = entries.get(key);
    if (hit !== undefined) return hit;
    const value = make();
    if (entries.size >= limit) entries.delete(entries.keys().next().value as string);
    entries.set(key, value);
    return value;
  };
}

const matchesByResources = new WeakMap<
  IResourceItem[],
  (key: string, make: () => RouteMatch) => RouteMatch
>();

/** The resource and action of a pathname, computed once per resource list and pathname. */
export function matchRoute(pathname: string, resources: IResourceItem[]): RouteMatch {
  let cache = matchesByResources.get(resources);
  if (!cache) {
    cache = boundedCache<RouteMatch>(200);
    matchesByResources.set(resources, cache);
  }
  return cache(pathname, () => matchResourceFromRoute(pathname, resources));
}

const searches = boundedCache<Record<string, unknown>>(50);

/** The query string as Refine reads it (nested `sorters[0][field]`…), parsed once per string. */
export function parseSearch(search: string): Record<string, unknown> {
  return searches(search, () => qs.parse(search, { ignoreQueryPrefix: true, depth: QS_PARSE_DEPTH }));
}

/** "25" → 25; anything else (absent, "abc") stays as it was. */
function numberOrSame(value: unknown): unknown {
  if (typeof value !== "string" || value.trim() === "") return value;
  const number = Number(value);
  return Number.isNaN(number) ? value : number;
}

export function useParseLocation(): () => ParseResponse {
  const routeParams = useParams();
  const { pathname, search } = useLocation();
  const { resources } = useContext(ResourceContext);
  const { resource, action, matchedRoute } = matchRoute(pathname, resources);
  // Outside a <Route> (the layout, the menu) useParams is empty: read them from the matched route.
  const params: Params =
    Object.keys(routeParams).length === 0 && matchedRoute
      ? (matchPath(matchedRoute, pathname)?.params ?? {})
      : routeParams;
  return useCallback((): ParseResponse => {
    const merged: Record<string, unknown> = { ...params, ...parseSearch(search) };
    return {
      ...(resource && { resource }),
      ...(action && { action }),
      ...(params.id && { id: decodeURIComponent(params.id) }),
      pathname,
      params: {
        ...merged,
        currentPage: numberOrSame(merged.currentPage) as number | undefined,
        pageSize: numberOrSame(merged.pageSize) as number | undefined,
        to: merged.to ? decodeURIComponent(String(merged.to)) : undefined,
      },
    };
  }, [pathname, search, params, resource, action]);
}

export const routerProvider: RouterProvider = { ...reactRouterBindings, parse: useParseLocation };
