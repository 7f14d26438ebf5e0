import { and, asc, eq, inArray, ne, type SQL, sql } from "drizzle-orm";
import type { Database } from "../db/open";
import { groups, roles, sites, user_groups, users } from "../db/schema";
import { type FieldError, validationFailed } from "../http/errors";

// Users are global identities; a tenant sees the users with a membership in one of its groups,
// and of their memberships only its own. These helpers keep every query to that rule.

/** users.id is a member of one of the tenant's groups (for a query over `users`). */
export function inTenant(tenantId: number): SQL {
  return sql`exists (select 1 from ${user_groups} inner join ${groups} on ${groups.id} = ${user_groups.group_id}
                     where ${user_groups.user_id} = ${users.id} and ${groups.tenant_id} = ${tenantId})`;
}

/** userId → the ids of their groups in the tenant (ascending). */
export async function tenantGroupsOf(
  db: Database,
  tenantId: number,
  userIds: number[],
): Promise<Map<number, number[]>> {
  const map = new Map<number, number[]>(userIds.map((id) => [id, []]));
  if (userIds.length === 0) return map;
  const rows = await db
    .select({ user_id: user_groups.user_id, group_id: user_groups.group_id })
    .from(user_groups)
    .innerJoin(groups, eq(groups.id, user_groups.group_id))
    .where(and(inArray(user_groups.user_id, userIds), eq(groups.tenant_id, tenantId)))
    .orderBy(asc(user_groups.group_id));
  for (const row of rows) map.get(row.user_id)?.push(row.group_id);
  return map;
}

/** Whether the user also has a membership in another tenant. */
export async function belongsElsewhere(db: Database, tenantId: number, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: user_groups.id })
    .from(user_groups)
    .innerJoin(groups, eq(groups.id, user_groups.group_id))
    .where(and(eq(user_groups.user_id, userId), ne(groups.tenant_id, tenantId)))
    .limit(1);
  return row !== undefined;
}

/** Raises an update's version of the given users (their group_ids changed). */
export async function touchUsers(db: Database, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(users)
    .set({ updated_at: new Date(), version: sql`${users.version} + 1` })
    .where(inArray(users.id, ids));
}

/** Raises the version of the given groups of the tenant (their member_ids changed). */
export async function touchGroups(db: Database, tenantId: number, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(groups)
    .set({ updated_at: new Date(), version: sql`${groups.version} + 1` })
    .where(and(inArray(groups.id, ids), eq(groups.tenant_id, tenantId)));
}

// --- references in a payload ---------------------------------------------------

type IdTable = typeof sites | typeof roles | typeof groups;

async function existing(db: Database, table: IdTable, tenantId: number, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: table.id })
    .from(table)
    .where(and(inArray(table.id, ids), eq(table.tenant_id, tenantId)));
  return new Set(rows.map((r) => r.id));
}

function unknownIds(field: string, what: string, ids: number[], found: Set<number>, hint = ""): FieldError[] {
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length === 0) return [];
  const plural = missing.length === 1 ? what : `${what}s`;
  return [{ field, message: `No ${plural} ${missing.join(", ")} in this tenant${hint}` }];
}

export interface References {
  site_ids?: number[];
  role_ids?: number[];
  group_ids?: number[];
  member_ids?: number[];
}

/** A 400 naming every id of the payload that is not the tenant's (another tenant's is unknown too). */
export async function checkReferences(db: Database, tenantId: number, refs: References): Promise<void> {
  const errors: FieldError[] = [];
  if (refs.site_ids) {
    errors.push(
      ...unknownIds("site_ids", "site", refs.site_ids, await existing(db, sites, tenantId, refs.site_ids)),
    );
  }
  if (refs.role_ids) {
    errors.push(
      ...unknownIds("role_ids", "role", refs.role_ids, await existing(db, roles, tenantId, refs.role_ids)),
    );
  }
  if (refs.group_ids) {
    errors.push(
      ...unknownIds(
        "group_ids",
        "group",
        refs.group_ids,
        await existing(db, groups, tenantId, refs.group_ids),
      ),
    );
  }
  if (refs.member_ids && refs.member_ids.length > 0) {
    const rows = await db
      .select({ id: users.id })
      .from(users)
      .where(and(inArray(users.id, refs.member_ids), inTenant(tenantId)));
    errors.push(
      ...unknownIds(
        "member_ids",
        "user",
        refs.member_ids,
        new Set(rows.map((r) => r.id)),
        "; invite new people from the users page",
      ),
    );
  }
  if (errors.length > 0) throw validationFailed(errors);
}
