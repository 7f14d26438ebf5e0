import { and, eq, ne, sql } from "drizzle-orm";
import type { Database } from "../db/open";
import { type groups, type roles, tenants } from "../db/schema";
import { HttpError } from "../http/errors";

// Every administration write is one transaction holding its tenant's row lock: two writes of
// one tenant never interleave, so the checks they make before writing (unique names, the last
// administrator) still hold when they commit.

/** Serializes the administration writes of one tenant (until the transaction ends). */
export async function lockTenant(tx: Database, tenantId: number): Promise<void> {
  await tx.select({ id: tenants.id }).from(tenants).where(eq(tenants.id, tenantId)).for("update");
}

export async function lockedWrite<T>(
  db: Database,
  tenantId: number,
  change: (tx: Database) => Promise<T>,
): Promise<T> {
  return db.transaction(async (txn) => {
    // Drizzle's transaction has the database's query API; the helpers take either.
    const tx = txn as unknown as Database;
    await lockTenant(tx, tenantId);
    return change(tx);
  });
}

// The one name rule of the named administration kinds (roles and groups): a name is one record's
// in a tenant, without regard to case; another tenant may use it.

type Named = typeof roles | typeof groups;

async function nameTaken(db: Database, table: Named, tenantId: number, name: string, exceptId?: number) {
  const [row] = await db
    .select({ id: table.id })
    .from(table)
    .where(
      and(
        eq(table.tenant_id, tenantId),
        eq(sql`lower(${table.name})`, name.toLowerCase()),
        exceptId === undefined ? undefined : ne(table.id, exceptId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** 409 when another record of the tenant (not `exceptId`) has the name. */
export async function assertNameFree(
  db: Database,
  table: Named,
  tenantId: number,
  name: string,
  words: { singular: string },
  exceptId?: number,
): Promise<void> {
  if (await nameTaken(db, table, tenantId, name, exceptId)) {
    throw new HttpError(409, `A ${words.singular} named "${name}" already exists; choose another name.`);
  }
}

/** "Copy of X", or "Copy of X (2)", "(3)" … when that name is taken (names are at most 120 characters). */
export async function copyName(db: Database, table: Named, tenantId: number, name: string): Promise<string> {
  const base = `Copy of ${name}`.slice(0, 120);
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? base : `${base.slice(0, 120 - ` (${n})`.length)} (${n})`;
    if (!(await nameTaken(db, table, tenantId, candidate))) return candidate;
  }
}
