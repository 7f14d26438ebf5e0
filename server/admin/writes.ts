import { eq } from "drizzle-orm";
import type { Database } from "../db/open";
import { tenants } from "../db/schema";
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

/** The 409 of a PATCH whose `version` is not the record's current one. */
export const staleVersion = (what: string) =>
  new HttpError(
    409,
    `This ${what} was changed by someone else after you opened it; reload it to see the latest version.`,
  );

/** The 409 of a name that another record of the tenant already has. */
export const duplicateName = (what: string, name: string) =>
  new HttpError(409, `A ${what} named "${name}" already exists; choose another name.`);
