import { sql } from "drizzle-orm";
import type { Database } from "../db/open";
import type { Row } from "./hooks";
import { type ColumnSpec, quoteIdent } from "./tables";

// Many rows in one statement, sent as one JSON parameter that PostgreSQL unpacks
// (jsonb_to_recordset). Building a parameter per value costs the query builder about a
// millisecond a row (measured: 12 s of 10,000 products); this costs a JSON.stringify.
// JSON carries each value as the column reads it: dates and datetimes as ISO text, id lists as
// arrays, JSON as JSON.

/** A column to write: its name and SQL type (a table's ColumnSpec, or a system column). */
export type BulkColumn = Pick<ColumnSpec, "name" | "sqlType">;

/** Inserts `rows` into `table`, in order; answers their new ids in the same order. */
export async function insertJsonRows(
  tx: Database,
  table: string,
  columns: BulkColumn[],
  rows: Row[],
): Promise<number[]> {
  if (rows.length === 0) return [];
  const names = columns.map((c) => quoteIdent(c.name)).join(", ");
  const definitions = columns.map((c) => `${quoteIdent(c.name)} ${c.sqlType}`).join(", ");
  const payload = JSON.stringify(
    rows.map((row) => Object.fromEntries(columns.map((c) => [c.name, row[c.name] ?? null]))),
  );
  const result = (await tx.execute(sql`
    insert into ${sql.raw(quoteIdent(table))} (${sql.raw(names)})
    select ${sql.raw(names)}
    from rows from (jsonb_to_recordset(${payload}::jsonb) as (${sql.raw(definitions)})) with ordinality as x
    order by x.ordinality
    returning id`)) as unknown as { rows: { id: number }[] };
  return result.rows.map((r) => Number(r.id));
}
