// The route requirements of spec §6 as data, keyed by react-router path pattern, and a tiny
// matcher for concrete pathnames. The route guard sends a user failing a requirement to
// /unauthorized once the profile is loaded.
//
// Readings written down here:
// - "Order Read for other order routes": the order routes that are neither list, detail,
//   files, prepress, mail-order detail, graphic service manager nor manage-mail-drops, i.e.
//   edit-planning-sections and the job ticket.
// - "PackingSlip Read/Update": Read to look (the list and the print ticket), Update where a
//   slip is edited: its detail page and a mail order's packing slip page.
// - "Role, User (Read for list, Update for detail)": the parenthesis covers both kinds, so a
//   role's detail page (it is the role editor; there is no separate edit route) needs Role
//   Update. Creating and duplicating a role both make a new role: Role Create.
// - "Settings uses a numeric permission value 10": a number fits no kind/action pair. Read as
//   "product admin only" (is_admin of a counted membership), the one non-permission gate the
//   spec defines. An index into the kind list was considered and rejected: depending on the
//   base it lands on Integration or InventoryMeasureUnit, a guess either way.
// - "No permission needed: … sites": every /sites route, a site's order settings and their
//   steps (/sites/{id}/{order_settings_id}[/{step_id}]) included; reading them is open to the
//   tenant's users on the server too (openToRead), changing them needs Site's actions.
// - Routes the spec gives no requirement (master data, catalogue, templates, other tools) are
//   not in this table; their buttons and menus are gated by the access-control provider.

import type { Kind } from "./kinds";
import { can, type MergedPermissions } from "./permissions";

export type RouteRequirement = { type: "permission"; kind: Kind; action: string } | { type: "admin" };

const need = (kind: Kind, action: string): RouteRequirement => ({ type: "permission", kind, action });
const ADMIN: RouteRequirement = { type: "admin" };

const PREPRESS = [
  "digital-cutting",
  "digital-juggler",
  "digital-production",
  "digital-shipping",
  "digital-staging",
  "outsource-staging",
  "prepress-juggler",
];

const DASHBOARDS: Record<string, string> = {
  "press-dashboard": "ReadPress",
  "specialty-press-dashboard": "ReadSpecialtyPress",
  "letter-press-dashboard": "ReadLetterPress",
  "cutting-dashboard": "ReadCutting",
  "coating-dashboard": "ReadCoating",
  "large-format-dashboard": "ReadLargeFormat",
  "bindery-dashboard": "ReadBindery",
  "production-manager": "RunExecutive",
};

const TOOLS = ["4-over-tool", "postcard-tool", "letter-tool", "automated-drop-postcard-tool"];

/** null: the spec says the route needs no permission (it may still need a session). */
export const ROUTE_REQUIREMENTS: Readonly<Record<string, RouteRequirement | null>> = {
  // Orders and shipping
  "/orders": need("Order", "ReadAny"),
  "/orders/:order_id": need("Order", "ReadAny"),
  "/order-files": need("Order", "ReadAny"),
  ...Object.fromEntries(PREPRESS.map((page) => [`/prepress/${page}`, need("Order", "ReadAny")])),
  "/mail-orders/:id": need("Order", "UpdateAny"),
  "/graphic-service-manager": need("Order", "UpdateAny"),
  "/orders/manage-mail-drops/:order_id": need("Order", "UpdateAny"),
  "/orders/:order_id/edit-planning-sections": need("Order", "Read"),
  "/orders/:order_id/job-ticket": need("Order", "Read"),
  "/mail-orders": need("MailOrder", "Read"),
  "/inkjet-queue": need("MailOrder", "Read"),
  "/packing-slips": need("PackingSlip", "Read"),
  "/packing-slips/:id/print-ticket": need("PackingSlip", "Read"),
  "/packing-slips/:id": need("PackingSlip", "Update"),
  "/mail-orders/:id/packing-slip": need("PackingSlip", "Update"),
  "/transactions": need("UserPayment", "Read"),
  "/refund-approvals": need("RefundApproval", "Update"),
  // Production
  "/runs": need("Run", "Read"),
  "/runs/:id": need("Run", "Read"),
  "/runs/:id/job-jacket": need("Run", "Read"),
  "/runs/:id/run-spread": need("Run", "Read"),
  "/runs/create": need("Run", "Create"),
  ...Object.fromEntries(
    Object.entries(DASHBOARDS).map(([page, action]) => [
      `/production/${page}`,
      need("ProductionStation", action),
    ]),
  ),
  // Catalogue
  "/products/:site_id/create": need("Product", "Create"),
  "/products/:site_id/import": need("Product", "Import"),
  // Administration
  "/roles": need("Role", "Read"),
  "/roles/:id": need("Role", "Update"),
  "/roles/create": need("Role", "Create"),
  "/roles/:id/duplicate": need("Role", "Create"),
  "/users": need("User", "Read"),
  "/users/:id": need("User", "Update"),
  "/user-groups": need("Group", "Read"),
  "/settings": ADMIN,
  // No permission needed
  "/": null,
  "/profile": null,
  "/login": null,
  "/register": null,
  "/forgot-password": null,
  "/reset-password": null,
  "/unauthorized": null,
  "/sites": null,
  "/sites/:id": null,
  "/sites/:id/:order_settings_id": null,
  "/sites/:id/:order_settings_id/:step_id": null,
  ...Object.fromEntries(
    TOOLS.flatMap((tool) => [
      [`/${tool}`, null],
      [`/${tool}/:id`, null],
    ]),
  ),
  "/filemaker/dental-offices": null,
  "/filemaker/heartland-dashboard": null,
  "/filemaker/post-offices": null,
};

// Params with a format of their own; any other param is one non-empty segment. Record ids are
// digits (spec §5): otherwise "/mail-orders/create" passed for "/mail-orders/:id" (Order
// UpdateAny) and "/sites/1/edit" for "/sites/:id/:order_settings_id" (open to everyone).
const DIGITS = /^\d+$/;
const PARAM_FORMATS: Record<string, RegExp> = {
  order_id: DIGITS,
  id: DIGITS,
  site_id: DIGITS,
  order_settings_id: DIGITS,
  step_id: DIGITS,
};

interface Compiled {
  pattern: string;
  segments: string[];
  score: number;
}

const splitPath = (path: string) => path.split("/").filter(Boolean);

// More static segments win ("/roles/create" over "/roles/:id"), as in react-router's ranking.
const COMPILED: Compiled[] = Object.keys(ROUTE_REQUIREMENTS)
  .map((pattern) => {
    const segments = splitPath(pattern);
    const score = segments.reduce((sum, s) => sum + (s.startsWith(":") ? 1 : 2), 0);
    return { pattern, segments, score };
  })
  .sort((a, b) => b.score - a.score);

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

export interface RouteMatch {
  pattern: string;
  params: Record<string, string>;
  requirement: RouteRequirement | null;
}

/**
 * Matches a concrete pathname ("/orders/123"; a query or hash is ignored) against the table.
 * Static segments compare case-insensitively because react-router's routes do by default: a
 * guard stricter than the router would let "/ORDERS" through unguarded.
 */
export function matchRoute(pathname: string): RouteMatch | undefined {
  const segments = splitPath(pathname.split(/[?#]/, 1)[0]).map(decode);
  for (const { pattern, segments: parts } of COMPILED) {
    if (parts.length !== segments.length) continue;
    const params: Record<string, string> = {};
    const ok = parts.every((part, i) => {
      if (!part.startsWith(":")) return part.toLowerCase() === segments[i].toLowerCase();
      const name = part.slice(1);
      params[name] = segments[i];
      return PARAM_FORMATS[name]?.test(segments[i]) ?? true;
    });
    if (ok) return { pattern, params, requirement: ROUTE_REQUIREMENTS[pattern] };
  }
  return undefined;
}

/** The requirement of a pathname; null when it needs none or the table does not list it. */
export function requirementFor(pathname: string): RouteRequirement | null {
  return matchRoute(pathname)?.requirement ?? null;
}

/**
 * The table's requirement for a route pattern ("/users/:id", "/orders"; null: the table says none
 * is needed), or undefined where the table does not list it.
 */
export function tableRequirement(route: string): RouteRequirement | null | undefined {
  // The table is keyed by its own param names ("/orders/:order_id"): match a sample path instead.
  const match = matchRoute(route.replace(/:[A-Za-z_]+/g, "1"));
  return match ? match.requirement : undefined;
}

/**
 * Whether the kind listed at `route` ("/sites") may be read by anyone signed in: the spec opens
 * its pages to everyone (§6, "No permission needed: … sites"), so the server lets every member
 * of the tenant read it and the guard opens its other read-only pages too (its change log).
 * Changing it still needs the kind's actions.
 */
export function openToRead(route: string): boolean {
  return matchRoute(route)?.requirement === null;
}

/** openToRead for a declared kind: one whose pages hang under another's (order settings under /sites) reads as that one. */
export function kindOpenToRead(resource: { route: string; scopeRoute?: string }): boolean {
  return openToRead(resource.scopeRoute ?? resource.route);
}

/** No requirement passes; "admin" needs the product-admin flag; otherwise `can` decides. */
export function isAllowed(
  merged: MergedPermissions | null | undefined,
  requirement: RouteRequirement | null | undefined,
): boolean {
  if (!requirement) return true;
  if (requirement.type === "admin") return merged?.isAdmin === true;
  return can(merged, requirement.kind, requirement.action);
}
