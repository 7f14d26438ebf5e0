// The permission model of spec §6 as pure functions over the profile's UserGroups.
//
// Readings written down here:
// - is_admin makes the user a "product admin" (spec §6), but the spec never says that flag
//   bypasses permission checks. It does NOT: `can` looks at permissions only; the seeded
//   administrators hold '*' on every kind. The flag is used where the spec asks for it
//   (the /settings route, see route-requirements.ts).
// - `can` is literal: "ReadAny" does not imply "Read" nor the reverse. The Any/Own broadening
//   lives in `scopeFor`, which the server and the Refine provider use for record access.

import { hasAnyOwn, isKnownAction, WILDCARD } from "./catalogue";
import { isKind, type Kind, permissionKindOf, type ResourceKind } from "./kinds";

// The profile's shapes (api-contract.md, "The user of the profile").
export interface RoleRef {
  id: number;
  name: string;
  permissions: Record<string, string[]> | null;
}
export interface SiteRef {
  id: number;
  name: string;
  tenant_id: number | string;
}
export interface GroupRef {
  id: number;
  name: string;
  is_admin: boolean;
  Sites: SiteRef[];
  GroupRoles: { Roles: RoleRef }[];
}
export interface UserGroup {
  Groups: GroupRef;
}
export type UserGroups = UserGroup[];

export interface MergedPermissions {
  isAdmin: boolean;
  /** kind → actions, without duplicates, in first-seen order. Unknown kinds are kept as sent. */
  permissions: Record<string, string[]>;
}

export const NO_PERMISSIONS: MergedPermissions = Object.freeze({
  isAdmin: false,
  permissions: Object.freeze({}) as Record<string, string[]>,
});

// Ids may arrive as numbers or as digit strings (query strings, env values, some drivers).
function toId(value: unknown): number | undefined {
  if (typeof value === "number") return Number.isSafeInteger(value) ? value : undefined;
  if (typeof value === "string" && /^\s*\d+\s*$/.test(value)) return Number(value);
  return undefined;
}

/**
 * Merges the roles of the memberships that count for `tenantId`: a membership counts when one
 * of its Sites has that tenant_id. The profile comes from the network, so malformed parts
 * (missing Sites, null permissions, non-array action lists) are skipped, never thrown on.
 */
export function mergePermissions(
  userGroups: readonly UserGroup[] | null | undefined,
  tenantId: number | string,
): MergedPermissions {
  const tenant = toId(tenantId);
  if (tenant === undefined || !Array.isArray(userGroups)) return { isAdmin: false, permissions: {} };

  let isAdmin = false;
  const merged = new Map<string, Set<string>>();
  for (const membership of userGroups) {
    const group = membership?.Groups;
    const sites: readonly SiteRef[] = Array.isArray(group?.Sites) ? group.Sites : [];
    if (!sites.some((site) => toId(site?.tenant_id) === tenant)) continue;
    if (group.is_admin === true) isAdmin = true;
    const groupRoles: GroupRef["GroupRoles"] = Array.isArray(group.GroupRoles) ? group.GroupRoles : [];
    for (const groupRole of groupRoles) {
      const permissions = groupRole?.Roles?.permissions;
      if (typeof permissions !== "object" || permissions === null) continue;
      for (const [kind, actions] of Object.entries(permissions)) {
        if (!Array.isArray(actions)) continue;
        const set = merged.get(kind) ?? new Set<string>();
        for (const action of actions) if (typeof action === "string") set.add(action);
        merged.set(kind, set);
      }
    }
  }
  const permissions: Record<string, string[]> = {};
  for (const [kind, set] of merged) permissions[kind] = [...set];
  return { isAdmin, permissions };
}

function actionsFor(merged: MergedPermissions | null | undefined, kind: string): readonly string[] {
  const list = merged?.permissions[kind];
  return Array.isArray(list) ? list : [];
}

/**
 * True only if EVERY requested action is in the kind's list, or the list holds '*'.
 * An empty request is false: "every action of nothing" is vacuously true, and granting access
 * because a caller built an empty list (a failed lookup, a typo'd filter) would fail open.
 */
export function can(
  merged: MergedPermissions | null | undefined,
  kind: ResourceKind,
  actions: string | readonly string[],
): boolean {
  const requested = typeof actions === "string" ? [actions] : actions;
  if (requested.length === 0) return false;
  // An extension kind (a site's order settings) answers to its contract kind's actions.
  const held = actionsFor(merged, permissionKindOf(kind));
  if (held.includes(WILDCARD)) return true;
  return requested.every((action) => held.includes(action));
}

export interface Shorthand {
  kind: Kind;
  action: string;
}

/**
 * "Resource.Action" → { kind, action }. Shorthands are written by developers, so anything
 * that is not exactly one known kind, one dot and one action of that kind throws.
 * Actions may hold spaces ("Template.Create Design").
 */
export function parseShorthand(shorthand: string): Shorthand {
  const parts = typeof shorthand === "string" ? shorthand.split(".") : [];
  if (parts.length !== 2 || parts[0] === "" || parts[1] === "") {
    throw new Error(`Malformed permission shorthand "${String(shorthand)}": expected "Resource.Action"`);
  }
  const [kind, action] = parts;
  if (!isKind(kind))
    throw new Error(`Unknown resource kind "${kind}" in permission shorthand "${shorthand}"`);
  if (!isKnownAction(kind, action)) {
    throw new Error(`Unknown action "${action}" for ${kind} in permission shorthand "${shorthand}"`);
  }
  return { kind, action };
}

/** Every shorthand must pass; an empty array is false, as in `can`. Throws on a malformed one. */
export function canShorthand(
  merged: MergedPermissions | null | undefined,
  shorthands: string | readonly string[],
): boolean {
  const list = typeof shorthands === "string" ? [shorthands] : shorthands;
  const parsed = list.map(parseShorthand); // parse all first: a bad one throws even after a denial
  return parsed.length > 0 && parsed.every(({ kind, action }) => can(merged, kind, action));
}

export type Verb = "Create" | "Read" | "Update" | "Delete";
export type Scope = "all" | "own" | "none";

/**
 * Which records of `kind` the caller may touch with `verb` (for the server's queries); an
 * extension kind answers to its contract kind's actions (kinds.ts, EXTENSION_KINDS).
 * Any/Own kinds: '*', <Verb>Any or plain <Verb> → "all"; <Verb>Own → "own"; else "none".
 * Other kinds: '*' or <Verb> → "all"; else "none".
 */
export function scopeFor(
  merged: MergedPermissions | null | undefined,
  kind: ResourceKind,
  verb: Verb,
): Scope {
  const entity = permissionKindOf(kind);
  const held = actionsFor(merged, entity);
  if (held.includes(WILDCARD) || held.includes(verb)) return "all";
  if (!hasAnyOwn(entity)) return "none";
  if (held.includes(`${verb}Any`)) return "all";
  return held.includes(`${verb}Own`) ? "own" : "none";
}
