import { and, asc, eq } from "drizzle-orm";
import { isKind } from "../../src/access/kinds";
import {
  type MergedPermissions,
  mergePermissions,
  can as sharedCan,
  type UserGroup,
} from "../../src/access/permissions";
import { GenerationCache } from "../db/generation-cache";
import type { Database } from "../db/open";
import { group_roles, group_sites, groups, roles, sites, user_groups } from "../db/schema";
import type { ProfileUser } from "./profile";

// The server's side of spec §6, using the app's own pure model (src/access/permissions.ts) so
// the two can never disagree: the roles of the tenant's memberships merged per kind; a check
// passes when every asked action is granted or '*' is.

/** The merged permissions of one caller in one tenant. */
export type Grants = MergedPermissions;

/** The profile's memberships that count for the tenant, merged (loadProfile keeps only those). */
export function grantsOf(profile: ProfileUser, tenantId: number): Grants {
  return mergePermissions(profile.UserGroups, tenantId);
}

/** Accepts any string so callers may ask about untrusted input: an unknown kind is never granted. */
export function can(grants: Grants, kind: string, ...actions: string[]): boolean {
  return isKind(kind) && sharedCan(grants, kind, actions);
}

/**
 * The caller's grants in a tenant, in one query (every protected request asks): the roles of the
 * user's groups that have a site in the tenant, shaped as the profile's UserGroups so the
 * shared merge decides, exactly as it does for the profile the app loads.
 */
export function loadGrants(db: Database, userId: number, tenantId: number): Promise<Grants> {
  return grantsCache.get(db, GRANT_TABLES, `${userId}:${tenantId}`, () => queryGrants(db, userId, tenantId));
}

// Asked on every protected request: reused until a table it reads is written (generation-cache.ts), which is
// exact. The merged object is shared between requests and never changed by them.
const grantsCache = new GenerationCache<Grants>(10_000);
const GRANT_TABLES = ["user_groups", "groups", "group_sites", "sites", "group_roles", "roles"] as const;

async function queryGrants(db: Database, userId: number, tenantId: number): Promise<Grants> {
  const rows = await db
    .selectDistinct({
      group_id: groups.id,
      is_admin: groups.is_admin,
      role_id: roles.id,
      permissions: roles.permissions,
    })
    .from(user_groups)
    .innerJoin(groups, eq(groups.id, user_groups.group_id))
    .innerJoin(group_sites, eq(group_sites.group_id, groups.id))
    .innerJoin(sites, and(eq(sites.id, group_sites.site_id), eq(sites.tenant_id, tenantId)))
    .leftJoin(group_roles, eq(group_roles.group_id, groups.id))
    .leftJoin(roles, eq(roles.id, group_roles.role_id))
    .where(eq(user_groups.user_id, userId))
    .orderBy(asc(groups.id), asc(roles.id));
  const memberships = new Map<number, UserGroup>();
  for (const row of rows) {
    let membership = memberships.get(row.group_id);
    if (!membership) {
      membership = {
        Groups: {
          id: row.group_id,
          name: "",
          is_admin: row.is_admin,
          Sites: [{ id: 0, name: "", tenant_id: tenantId }],
          GroupRoles: [],
        },
      };
      memberships.set(row.group_id, membership);
    }
    if (row.role_id !== null) {
      membership.Groups.GroupRoles.push({
        Roles: { id: row.role_id, name: "", permissions: row.permissions },
      });
    }
  }
  const grants = mergePermissions([...memberships.values()], tenantId);
  // Shared by every request of the caller until the next write: nobody may change it.
  for (const actions of Object.values(grants.permissions)) Object.freeze(actions);
  Object.freeze(grants.permissions);
  return Object.freeze(grants);
}
