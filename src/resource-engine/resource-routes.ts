// The app's route strings of a declared kind, in one place: Refine's resources[], the <Route>s,
// the menu and the pages' links all read these. Drawer and page kinds share the same URLs
// ("/vendors/12/edit"); a drawer kind renders them as a drawer over its list.
//
// A kind with `scopedBy` (products per site) keeps /{route} as its unscoped list and puts every
// record route under the scope: /products/{site}/create, /products/{site}/{id}, …, so its
// record links need the scope value (the record's own `scopedBy` value). A kind that is part of
// another's records (`partOf`: a site's order settings) hangs them under the holder's route
// instead, /sites/{site}/{id}, and has no list routes (the holder's show page lists them).
import type { BaseKey } from "@refinedev/core";
import { childPath, type Resource } from "./define";

export interface ResourceRoutes {
  list: string;
  create: string;
  show: string;
  edit: string;
  changeLogs: string;
}

/**
 * The Refine verb each page of a kind is guarded with (pages/resource/resource-route-tree.tsx) and
 * the buttons and links opening it ask (pages/resource/route-access.ts): one map for both, so nothing
 * offers a page its guard refuses. A kind's child-collection pages are read as its show page.
 */
export const PAGE_ACTIONS: Readonly<Record<keyof ResourceRoutes, string>> = {
  list: "list",
  create: "create",
  show: "show",
  edit: "edit",
  changeLogs: "show",
};

type Routed = Pick<Resource, "route"> & { scopedBy?: string; scopeRoute?: string };

/** The param naming the scope value in scoped routes ("/products/:scopeValue/…"). */
export const SCOPE_PARAM = "scopeValue";

/** Params that hold record ids (and scope ids): digits only, for every kind (spec §5). */
export const ID_PARAMS = ["id", "childId", SCOPE_PARAM] as const;

export function routesOf(resource: Routed): ResourceRoutes {
  const base = resource.route;
  const records = resource.scopedBy ? `${resource.scopeRoute ?? base}/:${SCOPE_PARAM}` : base;
  return {
    list: base,
    create: `${records}/create`,
    show: `${records}/:id`,
    edit: `${records}/:id/edit`,
    changeLogs: `${records}/:id/change-logs`,
  };
}

/**
 * A scoped kind's list of one scope value ("/products/:scopeValue"); undefined when unscoped. For
 * a part of another kind's records it is the holder's page ("/sites/:scopeValue").
 */
export function scopedListRoute(resource: Routed): string | undefined {
  return resource.scopedBy ? `${resource.scopeRoute ?? resource.route}/:${SCOPE_PARAM}` : undefined;
}

/** "Shipping address" → "shipping-address": the segment of a child row's own routes. */
export function singularSegment(singular: string): string {
  return singular
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

export interface ChildRoutes {
  name: string;
  /** The collection of one record: "/products/:scopeValue/:id/variants". */
  page: string;
  /** One row's change log: "/facilities/:id/shipping-address/:childId/change-logs". */
  changeLogs: string;
  /** One row's page, for collections with `rowPages`: "/sites/:scopeValue/:id/:childId". */
  row: string;
}

export function childRoutesOf(resource: Routed & Pick<Resource, "children">): ChildRoutes[] {
  const show = routesOf(resource).show;
  return Object.entries(resource.children).map(([name, child]) => ({
    name,
    page: `${show}/${childPath(name)}`,
    changeLogs: `${show}/${singularSegment(child.singular)}/:childId/change-logs`,
    row: `${show}/:childId`,
  }));
}

export interface RecordRef {
  id?: BaseKey;
  /** The scope value of a scoped kind's record (its `scopedBy` field). */
  scope?: BaseKey | null;
  childId?: BaseKey;
}

function fill(pattern: string, { id, scope, childId }: RecordRef): string {
  const values: Record<string, BaseKey | null | undefined> = { id, childId, [SCOPE_PARAM]: scope };
  return pattern.replace(/:([A-Za-z]+)/g, (whole, param: string) => {
    const value = values[param];
    return value === undefined || value === null ? whole : encodeURIComponent(String(value));
  });
}

/**
 * A concrete link: `recordPath(resource, "edit", 12)` → "/vendors/12/edit";
 * `recordPath(products, "show", 4, 2)` → "/products/2/4".
 */
export function recordPath(
  resource: Routed,
  action: keyof ResourceRoutes,
  id?: BaseKey,
  scope?: BaseKey | null,
): string {
  return fill(routesOf(resource)[action], { id, scope });
}

/** The list a record page returns to: the scope's list when there is one. */
export function listPath(resource: Routed, scope?: BaseKey | null): string {
  const scoped = scopedListRoute(resource);
  return scoped && scope !== undefined && scope !== null ? fill(scoped, { scope }) : resource.route;
}

/** A child collection's page, one row's change log or one row's page, filled in. */
export function childPathOf(
  resource: Routed & Pick<Resource, "children">,
  name: string,
  which: "page" | "changeLogs" | "row",
  ref: RecordRef,
): string | undefined {
  const routes = childRoutesOf(resource).find((r) => r.name === name);
  return routes ? fill(routes[which], ref) : undefined;
}

/** The scope value a record carries (undefined for an unscoped kind or a record without one). */
export function scopeOf(resource: Routed, record: Record<string, unknown> | undefined): BaseKey | undefined {
  if (!resource.scopedBy || !record) return undefined;
  const value = record[resource.scopedBy];
  return typeof value === "number" || (typeof value === "string" && value !== "") ? value : undefined;
}
