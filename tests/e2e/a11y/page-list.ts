// The pages to check, from the app's own route tree (app-route-tree.ts): every route pattern made a concrete
// URL, its record ids taken from the API (the oldest records of their kind, the seed's, which the other e2e files
// leave alone while they make and delete their own; for a child row's pages, the first that has such rows).
// Signed out: the sign-in pages, /unauthorized and the not-found page; signed in (the administrator): every other
// route. A pattern whose params this cannot fill fails the list unless the caller names it, with the reason, as
// one it cannot visit.
import type { RouteObject } from "react-router";
import type { Resource } from "../../../src/resource-engine/define";
import type { AppRouteData } from "./app-route-tree";

export type Session = "signed-out" | "admin";

export interface Visit {
  pattern: string;
  url: string;
  session: Session;
  /** A drawer kind's create, show or edit: the page is the drawer, open over its list. */
  drawer: boolean;
}

type ApiRecord = Record<string, unknown> & { id: number };

/** GET /api/v1/{path} as the administrator: the records of a list, or one record; undefined on a refusal. */
export type ApiGet = (path: string) => Promise<unknown>;

export const NOT_FOUND_URL = "/no-such-page";
/**
 * A generated list shows its smallest page (its page-size choices are 10, 25, 50, 100): its rows are drawn by one
 * renderer per column, so ten show what twenty-five do, in less time to draw and check. Drawers over it keep it.
 */
const LIST_QUERY = "?pageSize=10";
const SIGNED_OUT_TOO = ["/unauthorized", "/*"];

/** Every route pattern of the tree with a page (a path or an index), as absolute paths. */
export function routePatterns(routes: RouteObject[], base = ""): string[] {
  return routes.flatMap((route) => {
    const path = route.path
      ? route.path.startsWith("/")
        ? route.path
        : `${base.replace(/\/$/, "")}/${route.path}`
      : base;
    const own = route.index ? [base || "/"] : route.path ? [path] : [];
    return [...own, ...routePatterns(route.children ?? [], path)];
  });
}

interface Owner {
  resource: Resource;
  child?: string;
  drawer: boolean;
}

/** The declared kind (and child collection) whose record pages a pattern is. */
function owners(data: AppRouteData): Map<string, Owner> {
  const map = new Map<string, Owner>();
  for (const resource of data.RESOURCES) {
    const routes = data.routesOf(resource);
    const drawer = resource.pages === "drawer";
    map.set(routes.create, { resource, drawer });
    map.set(routes.show, { resource, drawer });
    map.set(routes.edit, { resource, drawer });
    map.set(routes.changeLogs, { resource, drawer: false });
    for (const child of data.childRoutesOf(resource)) {
      map.set(child.page, { resource, drawer: false });
      map.set(child.changeLogs, { resource, child: child.name, drawer: false });
      map.set(child.row, { resource, child: child.name, drawer: false });
    }
  }
  return map;
}

export async function pageList(
  data: AppRouteData,
  get: ApiGet,
  cannotVisit: Readonly<Record<string, string>>,
): Promise<{ visits: Visit[]; unvisited: string[]; noPage: string[] }> {
  const patterns = [...new Set(routePatterns(data.appRoutes()))].sort();
  const byPattern = owners(data);
  const byRoute = new Map(data.RESOURCES.map((r) => [r.route, r]));
  const byScopeRoute = new Map(
    data.RESOURCES.filter((r) => r.scopedBy).map((r) => [r.scopeRoute ?? r.route, r]),
  );
  const byPath = new Map(data.RESOURCES.map((r) => [r.path, r]));
  const generatedLists = new Set(
    data.RESOURCES.filter((r) => !r.partOf).flatMap((r) =>
      r.scopedBy ? [r.route, `${r.scopeRoute ?? r.route}/:scopeValue`] : [r.route],
    ),
  );

  const lists = new Map<string, Promise<ApiRecord[]>>();
  const list = (path: string) => {
    if (!lists.has(path))
      lists.set(
        path,
        // A hand-built page's endpoint may carry a query of its own (mail-tools/drafts?tool=postcard).
        // A hand-built page's answer may be an object with its rows (four-over/items: { configured, rows }).
        get(`${path}${path.includes("?") ? "&" : "?"}limit=10&sort=id`).then((answer) => {
          const rows = Array.isArray(answer) ? answer : (answer as { rows?: unknown } | undefined)?.rows;
          return Array.isArray(rows) ? (rows as ApiRecord[]) : [];
        }),
      );
    return lists.get(path) as Promise<ApiRecord[]>;
  };
  /** The first record of an API path; with `child`, the first of its first ten that has such rows. */
  async function first(path: string, child?: string): Promise<ApiRecord | undefined> {
    const rows = await list(path);
    if (!child) return rows[0];
    for (const row of rows) {
      const full = (await get(`${path}/${row.id}`)) as ApiRecord | undefined;
      if (Array.isArray(full?.[child]) && full[child].length > 0) return full;
    }
    return undefined;
  }
  const scopeOf = (resource: Resource, record: ApiRecord) => record[resource.scopedBy ?? ""];

  /** The URL of a pattern, or why there is none. */
  async function fill(pattern: string): Promise<string | { reason: string }> {
    if (pattern === "/*") return NOT_FOUND_URL;
    if (!pattern.includes(":")) return pattern;
    const owner = byPattern.get(pattern);
    const values: Record<string, unknown> = {};
    if (owner) {
      const record = await first(owner.resource.path, owner.child);
      if (!record)
        return { reason: `no ${owner.resource.path} record${owner.child ? ` with ${owner.child}` : ""}` };
      values.id = record.id;
      values.scopeValue = scopeOf(owner.resource, record);
      if (owner.child) values.childId = (record[owner.child] as ApiRecord[])[0].id;
    } else {
      const segments = pattern.split("/");
      for (const [i, segment] of segments.entries()) {
        if (!segment.startsWith(":")) continue;
        const param = segment.slice(1);
        const before = segments.slice(0, i).join("/");
        let record: ApiRecord | undefined;
        let value: unknown;
        if (param === "scopeValue") {
          // A scoped kind's list of one scope, or a page of one scope (/products/:scopeValue/import).
          const resource = byScopeRoute.get(before);
          record = resource && (await first(resource.path));
          value = resource && record && scopeOf(resource, record);
        } else if (param !== "id" && param.endsWith("_id")) {
          // The spec's names: order_id, site_id … a record of that kind.
          const path = `${param.slice(0, -3).replaceAll("_", "-")}s`;
          record = await first(byPath.get(path)?.path ?? path);
          value = record?.id;
        } else if (param === "id") {
          // A record page of the kind listed at the route before it (/runs/:id/job-jacket, /roles/:id).
          const path = byRoute.get(before)?.path ?? HAND_BUILT_LISTS[before] ?? before.slice(1);
          record = await first(path);
          value = record?.id;
        }
        if (value === undefined || value === null || value === "")
          return { reason: `no value for :${param} (no record at ${before || "/"})` };
        values[param] = value;
      }
    }
    const url = pattern.replace(/:([A-Za-z_]+)/g, (whole, name: string) =>
      values[name] === undefined ? whole : encodeURIComponent(String(values[name])),
    );
    return url.includes(":") ? { reason: `a param left in ${url}` } : url;
  }

  const visits: Visit[] = [];
  const unfilled: string[] = [];
  const unvisited: string[] = [];
  for (const pattern of patterns) {
    if (pattern in cannotVisit) {
      unvisited.push(`${pattern}: ${cannotVisit[pattern]}`);
      continue;
    }
    const url = await fill(pattern);
    if (typeof url !== "string") {
      unfilled.push(`${pattern}: ${url.reason}`);
      continue;
    }
    const publicPage = data.PUBLIC_PATHS.includes(pattern);
    if (publicPage || SIGNED_OUT_TOO.includes(pattern))
      visits.push({ pattern, url, session: "signed-out", drawer: false });
    if (publicPage) continue;
    const drawer = !FULL_PAGES.has(pattern) && (byPattern.get(pattern)?.drawer ?? false);
    const small = drawer || generatedLists.has(pattern);
    visits.push({ pattern, url: small ? url + LIST_QUERY : url, session: "admin", drawer });
  }
  if (unfilled.length > 0)
    throw new Error(
      `Routes the accessibility pass cannot visit, not named as such:\n${unfilled.join("\n")}\n` +
        "Give the seed such a record, or name the route in the spec's CANNOT_VISIT with the reason.",
    );
  return { visits, unvisited, noPage: withoutPage(data, patterns) };
}

/** A drawer kind's record pages that a hand-built page of its own replaces (src/custom/catalogue/catalogue-routes.tsx). */
const FULL_PAGES = new Set(["/attributes/create", "/attributes/:id"]);

/** Hand-built pages whose records the API lists under another path (the campaigns' pages: GET /campaigns). */
const HAND_BUILT_LISTS: Record<string, string> = {
  "/automated-campaigns": "campaigns",
  "/automated-drop-postcard-tool": "campaigns",
  // The postcard and letter tools' saved jobs (the seed saves one of each for the administrator).
  "/postcard-tool": "mail-tools/drafts?tool=postcard",
  "/letter-tool": "mail-tools/drafts?tool=letter",
  // The order items the 4over tool lists (the demo's approved items of products mapped to 4over), by item id.
  "/4-over-tool": "four-over/items",
};

/** A pattern with its params' names left out: "/orders/:order_id" and "/orders/:id" are one route. */
const shape = (pattern: string) => pattern.toLowerCase().replace(/:[a-z_]+/gi, ":");

/** The spec's route table's routes (route-requirements.ts) that no page of the tree has yet. */
function withoutPage(data: AppRouteData, patterns: string[]): string[] {
  const shapes = new Set(patterns.map(shape));
  return Object.keys(data.ROUTE_REQUIREMENTS).filter((route) => !shapes.has(shape(route)));
}

/** A visit's kind of page, by its first path segment ("/vendors/12/edit" → "vendors"). */
const groupOf = (visit: Visit) => `${visit.session} ${visit.pattern.split("/")[1] ?? ""}`;

/**
 * The visits dealt into `parts` parts of about the same size, a kind's pages kept together (its list stays open
 * under its drawers: not loaded again), in order: the list, its drawers, its other pages.
 */
export function partition(visits: Visit[], parts: number): Visit[][] {
  const groups = new Map<string, Visit[]>();
  for (const visit of visits) groups.set(groupOf(visit), [...(groups.get(groupOf(visit)) ?? []), visit]);
  const rank = (visit: Visit) =>
    visit.pattern === `/${visit.pattern.split("/")[1]}` ? 0 : visit.drawer ? 1 : 2;
  const out: Visit[][] = Array.from({ length: parts }, () => []);
  for (const group of [...groups.values()].sort((a, b) => b.length - a.length)) {
    const smallest = out.reduce((min, part) => (part.length < min.length ? part : min));
    smallest.push(...[...group].sort((a, b) => rank(a) - rank(b)));
  }
  return out;
}
