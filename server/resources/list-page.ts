import { count, type SQL } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Database } from "../db/open";
import type { ListQuery } from "./query-language";
import type { ListText } from "./record-routes";

// The list step every kind shares: one page of rows in the query's order and the total of the
// rows the conditions select (the engine hands in its cached count, count-cache.ts), answered as
// the contract's { data, meta } text.

/** COUNT(*) of the rows `where` selects. */
export async function countRows(db: Database, table: PgTable, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ total: count() }).from(table).where(where);
  return row.total;
}

export async function readPage(
  db: Database,
  table: PgTable,
  where: SQL | undefined,
  query: ListQuery,
  order: SQL[],
  total: () => Promise<number> = () => countRows(db, table, where),
): Promise<{ rows: Record<string, unknown>[]; total: number }> {
  const [rows, n] = await Promise.all([
    db
      .select()
      .from(table)
      .where(where)
      .orderBy(...order)
      .limit(query.limit)
      .offset(query.offset),
    total(),
  ]);
  return { rows, total: n };
}

export function listText(records: unknown[], query: ListQuery, total: number): ListText {
  return {
    body: JSON.stringify({ data: records, meta: { page: query.page, limit: query.limit, total } }),
    total,
  };
}
