import { and, eq, inArray } from "drizzle-orm";
import { WILDCARD } from "../../src/access/catalogue";
import type { MergedPermissions } from "../../src/access/permissions";
import type { Database } from "../db/open";
import { group_roles, groups, type Permissions, roles } from "../db/schema";
import { HttpError } from "../http/errors";

// Administration must not be a way up. A product admin (an is_admin membership) may grant
// anything; anyone else holding Role/Group/User rights may hand out only what they hold
// themselves: a role they write grants no action they lack, and the groups they create, change
// or move people into (or out of) are not administrator groups and grant nothing beyond theirs.

/** The "Kind.Action"s of `permissions` the caller does not hold (a held '*' covers a kind). */
export function beyondHeld(held: MergedPermissions, permissions: Permissions): string[] {
  const missing: string[] = [];
  for (const [kind, actions] of Object.entries(permissions)) {
    const own = held.permissions[kind] ?? [];
    if (own.includes(WILDCARD)) continue;
    for (const action of actions) if (!own.includes(action)) missing.push(`${kind}.${action}`);
  }
  return missing;
}

function refuse(missing: string[]): never {
  const shown = missing.slice(0, 5).join(", ");
  const more = missing.length > 5 ? ` and ${missing.length - 5} more` : "";
  throw new HttpError(403, `You cannot grant permissions you do not hold: ${shown}${more}`);
}

/** 403 unless the caller may grant every action of `permissions` (role create, update, duplicate). */
export function assertGrantable(held: MergedPermissions, permissions: Permissions): void {
  if (held.isAdmin) return;
  const missing = beyondHeld(held, permissions);
  if (missing.length > 0) refuse(missing);
}

/** 403 when a non-admin would set a group's administrator flag. */
export function assertAdminFlag(held: MergedPermissions, isAdmin: boolean | undefined): void {
  if (isAdmin && !held.isAdmin) {
    throw new HttpError(403, "Only an administrator can make a group an administrator group");
  }
}

/**
 * 403 unless the caller may manage membership of these groups of the tenant (and give them
 * these roles): none is an administrator group and their roles grant nothing beyond the caller's.
 */
export async function assertManageableGroups(
  db: Database,
  held: MergedPermissions,
  tenantId: number,
  groupIds: number[],
  extraRoleIds: number[] = [],
): Promise<void> {
  if (held.isAdmin || (groupIds.length === 0 && extraRoleIds.length === 0)) return;
  if (groupIds.length > 0) {
    const admin = await db
      .select({ name: groups.name })
      .from(groups)
      .where(and(eq(groups.tenant_id, tenantId), inArray(groups.id, groupIds), eq(groups.is_admin, true)))
      .limit(1);
    if (admin.length > 0) {
      throw new HttpError(403, `Only an administrator can change the administrator group ${admin[0].name}`);
    }
  }
  const granted =
    extraRoleIds.length === 0
      ? []
      : await db
          .select({ permissions: roles.permissions })
          .from(roles)
          .where(and(eq(roles.tenant_id, tenantId), inArray(roles.id, extraRoleIds)));
  const viaGroups =
    groupIds.length === 0
      ? []
      : await db
          .select({ permissions: roles.permissions })
          .from(group_roles)
          .innerJoin(roles, eq(roles.id, group_roles.role_id))
          .where(and(eq(roles.tenant_id, tenantId), inArray(group_roles.group_id, groupIds)));
  const missing = new Set<string>();
  for (const { permissions } of [...granted, ...viaGroups]) {
    for (const action of beyondHeld(held, permissions)) missing.add(action);
  }
  if (missing.size > 0) refuse([...missing]);
}
