// Refine's access-control provider. The sider asks `can` per menu item and every button per
// row, so it answers from the merged permission set held in memory, never from the network.
// Whoever loads the profile calls `setMergedPermissions` (or `setPermissionsFromProfile`);
// until then every governed check is denied. The server decides in the end (spec §6).

import type { AccessControlProvider, CanParams, CanReturnType } from "@refinedev/core";
import { hasAnyOwn } from "../access/catalogue";
import {
  isKind,
  isResourceKind,
  type Kind,
  pathOf,
  permissionKindOf,
  type ResourceKind,
  resourceKindForPath,
} from "../access/kinds";
import {
  can,
  type MergedPermissions,
  mergePermissions,
  scopeFor,
  type UserGroups,
  type Verb,
} from "../access/permissions";
import { isAllowed, openToRead, tableRequirement } from "../access/route-requirements";

let current: MergedPermissions | null = null;
const listeners = new Set<() => void>();

/** Refine caches `can` answers under this query key prefix: invalidate it on change. */
export const ACCESS_QUERY_KEY = ["access"] as const;

export function setMergedPermissions(merged: MergedPermissions | null): void {
  current = merged;
  for (const listener of listeners) listener();
}

export function setPermissionsFromProfile(userGroups: UserGroups | null, tenantId: number | string): void {
  setMergedPermissions(userGroups ? mergePermissions(userGroups, tenantId) : null);
}

export function getMergedPermissions(): MergedPermissions | null {
  return current;
}

/**
 * Called after every change, e.g. to run
 * `queryClient.invalidateQueries({ queryKey: ACCESS_QUERY_KEY })`; without that, answers
 * Refine cached before the profile loaded would stay until they go stale.
 */
export function onPermissionsChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const VERBS: Record<string, Verb> = {
  list: "Read",
  show: "Read",
  create: "Create",
  clone: "Create",
  edit: "Update",
  delete: "Delete",
};

/** `meta.permission` of a resource: { kind, action? } to name the check, or false for none. */
export type PermissionMeta = { kind: Kind; action?: string } | false;

function readMeta(params: CanParams["params"]): PermissionMeta | undefined {
  const value: unknown = params?.resource?.meta?.permission;
  if (value === false) return false;
  if (typeof value !== "object" || value === null) return undefined;
  const { kind, action } = value as { kind?: unknown; action?: unknown };
  if (!isKind(kind)) return undefined;
  return { kind, action: typeof action === "string" ? action : undefined };
}

/**
 * Refine verbs map to ours; on Any/Own kinds the Any, Own and plain forms all open the page
 * (the server narrows the records). Any other action string is checked literally.
 */
export function check(merged: MergedPermissions | null, kind: ResourceKind, action: string): boolean {
  const verb = VERBS[action];
  if (verb === undefined) return can(merged, kind, action);
  if (verb === "Read" && openToRead(`/${pathOf(permissionKindOf(kind))}`)) return true;
  if (hasAnyOwn(kind)) return scopeFor(merged, kind, verb) !== "none";
  return can(merged, kind, verb);
}

/** A route and what opening it means on a kind: the guard's question (routing/require-permission.tsx). */
export interface RouteAccess {
  kind: ResourceKind;
  /** A Refine verb ("list", "edit", …) or a literal action ("ReadPress"). */
  action: string;
  /** The route's pattern ("/users/:id") or path ("/orders"), looked up in the spec's route table. */
  route?: string;
}

/**
 * Whether the user may open `route`: where the spec's route table (§6) lists it the table decides,
 * including "needs none"; elsewhere the kind's action, as `check` reads it. The route guard, the
 * menu, the home tiles and every button leading to a route decide with this, so none offers a
 * page the guard then refuses.
 */
export function isRouteAllowed(
  merged: MergedPermissions | null,
  { kind, action, route }: RouteAccess,
): boolean {
  const fromTable = route === undefined ? undefined : tableRequirement(route);
  if (fromTable !== undefined) return isAllowed(merged, fromTable);
  return check(merged, kind, action);
}

export const accessControlProvider: AccessControlProvider = {
  can: async ({ resource, action, params }): Promise<CanReturnType> => {
    const meta = readMeta(params);
    // Not ours to govern: menu groups, tool pages the spec leaves open, or an explicit opt-out.
    // Refine's own default without a provider is the same "yes"; routes have their own guard.
    if (meta === false) return { can: true };
    let kind: ResourceKind | undefined;
    let wanted = action;
    if (meta) {
      kind = meta.kind;
      wanted = meta.action ?? action;
    } else if (resource) {
      // Extension kinds too (a site's order settings): can/scopeFor check their contract kind.
      kind = isResourceKind(resource) ? resource : resourceKindForPath(resource);
    }
    if (kind === undefined) return { can: true };
    // Asked for a route (params.route: a link or button opening it), the route guard's rule.
    const route: unknown = params?.route;
    const allowed =
      typeof route === "string"
        ? isRouteAllowed(current, { kind, action: wanted, route })
        : meta?.action
          ? can(current, kind, wanted)
          : check(current, kind, wanted);
    return allowed
      ? { can: true }
      : { can: false, reason: `You do not have permission to ${wanted} ${kind}` };
  },
  options: {
    buttons: { enableAccessControl: true, hideIfUnauthorized: true },
  },
};
