import { is, type SQL, sql } from "drizzle-orm";
import { NodePgSession } from "drizzle-orm/node-postgres";
import { PgliteSession } from "drizzle-orm/pglite";
import { quoteIdent, type SqlType } from "../resources/tables";
import { type Database, selectRows } from "./open";

// Many rows at once, for the seed: ids taken from a table's identity sequence up front (so rows
// can point at rows not yet written), then the rows written in a few statements. On PGlite that
// is COPY from a blob, several times faster than INSERT; on PostgreSQL, multi-row INSERTs.

export interface BulkColumn {
  name: string;
  sqlType: SqlType;
}

/** What COPY ... FROM '/dev/blob' needs of a PGlite client or transaction. */
interface PgliteQueryable {
  query(query: string, params?: unknown[], options?: { blob?: Blob }): Promise<unknown>;
}

/** The node-postgres client under a Drizzle transaction (the transaction's connection). */
function nodePgClient(db: Database): { query(text: string, params: unknown[]): Promise<unknown> } | null {
  const session = db._.session;
  if (!is(session, NodePgSession)) return null;
  return (session as unknown as { client: { query(text: string, params: unknown[]): Promise<unknown> } })
    .client;
}

/** The PGlite client under a Drizzle database or transaction; null on node-postgres. */
function pgliteClient(db: Database): PgliteQueryable | null {
  const session = db._.session;
  if (!is(session, PgliteSession)) return null;
  // Drizzle keeps the client private; it is the PGlite instance or transaction the session wraps.
  return (session as unknown as { client: PgliteQueryable }).client;
}

/**
 * On PGlite (a single-user database the seed has to itself), skips the per-row foreign-key checks
 * until the transaction ends: the seed's references are ids it allocated itself, and checking
 * each of hundreds of thousands of rows is most of the seed's time there. Answers whether it did.
 */
export async function skipForeignKeyChecks(db: Database): Promise<boolean> {
  if (!pgliteClient(db)) return false;
  await db.execute(sql`set local session_replication_role = replica`);
  return true;
}

/** `n` new ids of `table`'s identity column, ascending: the ids the next rows will carry. */
export async function allocateIds(db: Database, table: string, n: number): Promise<number[]> {
  if (n === 0) return [];
  // Taking the first and moving the sequence past the last reserves the range in two statements;
  // the seed runs alone (inside the start-up lock), so nobody draws from the sequence in between.
  const sequence = sql`pg_get_serial_sequence(${quoteIdent(table)}, 'id')`;
  const [{ first }] = await selectRows<{ first: number }>(db, sql`select nextval(${sequence})::int as first`);
  if (n > 1) await db.execute(sql`select setval(${sequence}, ${first + n - 1}::int)`);
  return Array.from({ length: n }, (_, i) => first + i);
}

/** Moves the identity sequence past ids written explicitly, so later inserts do not collide. */
export async function bumpIdSequence(db: Database, table: string): Promise<void> {
  const t = quoteIdent(table);
  await db.execute(
    sql`select setval(pg_get_serial_sequence(${t}, 'id'), (select max(id) from ${sql.raw(t)}))`,
  );
}

/** A value as PostgreSQL's text input reads it; null stays null. */
function textOf(value: unknown, type: SqlType): string | null {
  if (value === null || value === undefined) return null;
  switch (type) {
    case "boolean":
      return value ? "t" : "f";
    case "integer[]":
      return `{${(value as number[]).join(",")}}`;
    case "jsonb":
      return JSON.stringify(value);
    default:
      return value instanceof Date ? value.toISOString() : String(value);
  }
}

const SPECIAL = /[\\\t\n\r]/;
const NULL = "\\N";

/** Text as COPY's text format carries it: backslashes, tabs and line breaks escaped. */
function escaped(text: string): string {
  if (!SPECIAL.test(text)) return text;
  return text.replace(/\\/g, "\\\\").replace(/\t/g, "\\t").replace(/\n/g, "\\n").replace(/\r/g, "\\r");
}

/** How a column's values are written in COPY's text format (\N for null). */
function copyEncoder(type: SqlType): (value: unknown) => string {
  switch (type) {
    case "integer":
    case "numeric":
      return (v) => (v === null || v === undefined ? NULL : String(v));
    case "boolean":
      return (v) => (v === null || v === undefined ? NULL : v ? "t" : "f");
    case "timestamptz":
      return (v) =>
        v === null || v === undefined ? NULL : v instanceof Date ? v.toISOString() : escaped(String(v));
    case "integer[]":
      return (v) => (v === null || v === undefined ? NULL : `{${(v as number[]).join(",")}}`);
    default:
      return (v) => {
        const text = textOf(v, type);
        return text === null ? NULL : escaped(text);
      };
  }
}

const COPY_ROWS = 20_000;
// PostgreSQL takes at most 65,535 parameters a statement.
const MAX_PARAMETERS = 60_000;
// Loading this many rows into a table is faster without its secondary indexes, built again after.
const REINDEX_ROWS = 5_000;

/** The table's indexes that no constraint owns (the primary key stays), with their definitions. */
function secondaryIndexes(db: Database, table: string): Promise<{ name: string; ddl: string }[]> {
  return selectRows<{ name: string; ddl: string }>(
    db,
    sql`select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as ddl
        from pg_index i
        where i.indrelid = ${quoteIdent(table)}::regclass
          and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)`,
  );
}

/** Up to `size` items of `source` at a time. */
function* batches<T>(source: Iterable<T>, size: number): Generator<T[]> {
  let batch: T[] = [];
  for (const item of source) {
    batch.push(item);
    if (batch.length === size) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}

/**
 * Writes `rows` (values in `columns` order, made as they are read, so a large load never holds
 * every row's values at once) into `table`; `count` says how many there will be.
 */
export async function bulkInsert(
  db: Database,
  table: string,
  columns: BulkColumn[],
  rows: Iterable<unknown[]>,
  count: number,
): Promise<void> {
  if (count === 0) return;
  const names = columns.map((c) => quoteIdent(c.name)).join(", ");
  const client = pgliteClient(db);
  if (client) {
    // The same indexes, built once from the loaded rows instead of row by row.
    const indexes = count >= REINDEX_ROWS ? await secondaryIndexes(db, table) : [];
    for (const index of indexes) await db.execute(sql.raw(`drop index ${index.name}`));
    const encoders = columns.map((c) => copyEncoder(c.sqlType));
    for (const batch of batches(rows, COPY_ROWS)) {
      const lines: string[] = [];
      for (const row of batch) {
        let line = encoders[0](row[0]);
        for (let c = 1; c < encoders.length; c++) line += `\t${encoders[c](row[c])}`;
        lines.push(line);
      }
      const blob = new Blob([`${lines.join("\n")}\n`]);
      await client.query(`COPY ${quoteIdent(table)} (${names}) FROM '/dev/blob'`, [], { blob });
    }
    for (const index of indexes) await db.execute(sql.raw(index.ddl));
    return;
  }
  const size = Math.max(1, Math.min(1_000, Math.floor(MAX_PARAMETERS / columns.length)));
  const pg = nodePgClient(db);
  if (pg) {
    // Parameters as text: PostgreSQL reads each as its target column's type.
    for (const batch of batches(rows, size)) {
      const params: unknown[] = [];
      const tuples = batch.map((row) => {
        const marks = row.map((v, c) => {
          params.push(textOf(v, columns[c].sqlType));
          return `$${params.length}`;
        });
        return `(${marks.join(", ")})`;
      });
      await pg.query(`insert into ${quoteIdent(table)} (${names}) values ${tuples.join(", ")}`, params);
    }
    return;
  }
  for (const batch of batches(rows, size)) {
    const values = batch.map(
      (row) =>
        sql`(${sql.join(
          row.map((v, c) => sql`${textOf(v, columns[c].sqlType)}`),
          sql`, `,
        )})`,
    );
    await db.execute(
      sql`insert into ${sql.raw(quoteIdent(table))} (${sql.raw(names)}) values ${sql.join(values, sql`, `)}`,
    );
  }
}

const CAST: Record<SqlType, string> = {
  text: "text",
  integer: "integer",
  numeric: "numeric",
  date: "date",
  timestamptz: "timestamptz",
  boolean: "boolean",
  "integer[]": "integer[]",
  jsonb: "jsonb",
};

/** Sets `column` of the rows with the given ids (a field whose target was written after them). */
export async function bulkUpdate(
  db: Database,
  table: string,
  column: BulkColumn,
  values: [id: number, value: unknown][],
): Promise<void> {
  const cast = sql.raw(CAST[column.sqlType]);
  const t = sql.raw(quoteIdent(table));
  const c = sql.raw(quoteIdent(column.name));
  for (let i = 0; i < values.length; i += 1_000) {
    const rows: SQL[] = values
      .slice(i, i + 1_000)
      .map(([id, value]) => sql`(${id}::integer, ${textOf(value, column.sqlType)}::${cast})`);
    await db.execute(
      sql`update ${t} as t set ${c} = v.value from (values ${sql.join(rows, sql`, `)}) as v(id, value) where t.id = v.id`,
    );
  }
}
