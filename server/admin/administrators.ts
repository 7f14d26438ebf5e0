import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../db/open";
import { group_sites, groups, sites, user_groups, users } from "../db/schema";
import { HttpError } from "../http/errors";
import { lockedWrite } from "./writes";

// "No user can remove the last administrator of a tenant." An administrator is an active user
// in an is_admin group that counts for the tenant (one of its sites is the tenant's: spec §6).
// A write that could change who administers a tenant counts the administrators before and
// after its change, inside its transaction and under the tenant's lock: from some to none is
// refused and rolled back. This one check covers every path: a member taken out of an admin
// group, is_admin cleared, the group's sites cleared, the group deleted, the user deactivated
// or removed from the tenant.

export const LAST_ADMINISTRATOR = "A tenant needs at least one administrator.";

export async function administratorCount(db: Database, tenantId: number): Promise<number> {
  const [{ n }] = await db
    .select({ n: sql<number>`count(distinct ${users.id})::int` })
    .from(users)
    .innerJoin(user_groups, eq(user_groups.user_id, users.id))
    .innerJoin(groups, eq(groups.id, user_groups.group_id))
    .where(
      and(
        eq(users.active, true),
        eq(groups.tenant_id, tenantId),
        eq(groups.is_admin, true),
        sql`exists (select 1 from ${group_sites} inner join ${sites} on ${sites.id} = ${group_sites.site_id}
                    where ${group_sites.group_id} = ${groups.id} and ${sites.tenant_id} = ${tenantId})`,
      ),
    );
  return n;
}

/** lockedWrite that refuses (409) a change leaving the tenant without an administrator. */
export async function guardedWrite<T>(
  db: Database,
  tenantId: number,
  change: (tx: Database) => Promise<T>,
): Promise<T> {
  return lockedWrite(db, tenantId, async (tx) => {
    const before = await administratorCount(tx, tenantId);
    const result = await change(tx);
    if (before > 0 && (await administratorCount(tx, tenantId)) === 0) {
      throw new HttpError(409, LAST_ADMINISTRATOR);
    }
    return result;
  });
}
