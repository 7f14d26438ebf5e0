import { and, eq, getTableColumns, type SQL, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Database } from "../db/open";
import { staleVersion } from "./errors";

// Optimistic concurrency (api-contract.md): a PATCH carries the `version` it read. This is the one
// version check of the API's updates, the declared kinds' and the administration's: the stored row
// must still be at that version (checkVersion, on the row the write read), and the UPDATE says so
// again in its WHERE (updateAtVersion), so that of two writes racing from the same version one
// wins and the other gets the same 409.

/** The words of a kind's messages ("vendor category"). */
export interface KindWords {
  singular: string;
}

/** 409 unless `stored` is still at the version the caller read. */
export function checkVersion(stored: { version?: unknown }, version: number, words: KindWords): void {
  if (stored.version !== version) throw staleVersion(words);
}

/**
 * UPDATE `table` SET `values`, version + 1, updated_at = now WHERE `where` AND version = the one
 * read: the row as written, or the 409 when another write got there first.
 */
export async function updateAtVersion(
  tx: Database,
  /** A table with the contract's bookkeeping columns, version and updated_at. */
  table: PgTable,
  where: SQL | undefined,
  version: number,
  values: Record<string, unknown>,
  words: KindWords,
): Promise<Record<string, unknown>> {
  const column = getTableColumns(table).version;
  const [row] = await tx
    .update(table)
    .set({ ...values, version: sql`${column} + 1`, updated_at: new Date() })
    .where(and(where, eq(column, version)))
    .returning();
  if (!row) throw staleVersion(words);
  return row;
}
