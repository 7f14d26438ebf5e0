import type { PGlite, Transaction } from "@electric-sql/pglite";
import { is } from "drizzle-orm";
import { NodePgSession } from "drizzle-orm/node-postgres";
import { PgliteSession } from "drizzle-orm/pglite";
import type { Database } from "./open";

// A generation number per table that moves once a statement that may have changed the table's rows has
// finished: after the COMMIT (or ROLLBACK) of its transaction, or after the statement itself outside one.
// Something derived from a table (a list's total, count-cache.ts) can then be cached under the table's
// generation read before the query, and is exact: any later write moves the number before its caller
// (the HTTP answer of that write) goes on.
//
// PGlite (one process by construction, the data folder's lock; one statement at a time): tracked at the
// driver, under Drizzle and everything else (hooks writing other kinds, bulk inserts, COPY, raw SQL), by
// reading each statement's target tables. A delete also moves every table's number: foreign keys may clear
// (ON DELETE SET NULL) or remove rows of other tables without naming them.
//
// PostgreSQL (several server processes may share the database): the database tells every process which
// tables each committed transaction wrote (write-triggers.ts, over the process's listener connection,
// listener.ts), and each request first waits for a round trip on that connection (DatabaseHandle.sync), so
// the writes acknowledged anywhere before the request came have moved their numbers here. While that
// connection is down the generations are not live: generationsOf() answers undefined and nothing is cached;
// when it is back they start again from a new epoch (every cached entry is dropped).

export class WriteGenerations {
  private readonly tables = new Map<string, number>();
  private deletes = 0;
  private epoch = 0;
  private readonly resets = new Set<() => void>();
  /** False while writes may go unnoticed (PostgreSQL: the listener connection is down). */
  live = true;

  /** The generation of `table`; it changes whenever a write to it (or any delete) has finished. */
  of(table: string): number {
    // Each part only grows, so the sum changes whenever one does.
    return (this.tables.get(table) ?? 0) + this.deletes + this.epoch;
  }

  bump(written: Written): void {
    for (const table of written.tables) this.bumpTable(table);
    if (written.deletes) this.deletes += 1;
  }

  bumpTable(table: string): void {
    this.tables.set(table, (this.tables.get(table) ?? 0) + 1);
  }

  /** Every generation moves: whatever was cached under the old ones is dropped. */
  reset(): void {
    this.epoch += 1;
    for (const reset of this.resets) reset();
  }

  /** Called at each reset (a cache empties itself). */
  onReset(fn: () => void): void {
    this.resets.add(fn);
  }
}

export interface Written {
  tables: Set<string>;
  /** A DELETE or TRUNCATE: foreign keys may have changed other tables too. */
  deletes: boolean;
}

const READ_ONLY =
  /^\s*(select|begin|start|commit|end|rollback|savepoint|release|set|show|listen|unlisten)\b/i;
const IDENT = String.raw`(?:"(?:[^"]|"")+"|[a-z_][\w$]*)`;
// A table a statement writes. Over-matching (a column or keyword taken for a table) only costs a cache
// entry; the pattern errs that way: `update` anywhere in a non-SELECT statement counts.
const TARGET = new RegExp(
  String.raw`\b(insert\s+into|update|delete\s+from|copy|merge\s+into|truncate(?:\s+table)?)\s+(?:only\s+)?(${IDENT})(?:\s*\.\s*(${IDENT}))?`,
  "gi",
);

const unquote = (ident: string) =>
  ident.startsWith('"') ? ident.slice(1, -1).replaceAll('""', '"') : ident.toLowerCase();

/** Adds the tables `statement` (one or several, as SQL text) may write to `into`. */
export function collectWrites(statement: string, into: Written): void {
  if (READ_ONLY.test(statement)) return;
  for (const match of statement.matchAll(TARGET)) {
    // schema.table → table (the resource tables live in one schema).
    into.tables.add(unquote(match[3] ?? match[2]));
    const verb = match[1].toLowerCase();
    if (verb.startsWith("delete") || verb.startsWith("truncate")) into.deletes = true;
  }
}

export function writesOf(statement: string): Written {
  const written: Written = { tables: new Set(), deletes: false };
  collectWrites(statement, written);
  return written;
}

const tracked = new WeakMap<object, WriteGenerations>();

/**
 * Wraps the client's query, exec and transaction so that every finished write moves its tables'
 * generations. Call once, before the client is handed to Drizzle.
 */
export function trackWrites(client: PGlite): WriteGenerations {
  const generations = new WriteGenerations();
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  const transaction = client.transaction.bind(client);
  const after = async <T>(statement: string, run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } finally {
      generations.bump(writesOf(statement));
    }
  };
  client.query = ((text, params, options) =>
    after(text, () => query(text, params, options))) as PGlite["query"];
  client.exec = ((text, options) => after(text, () => exec(text, options))) as PGlite["exec"];
  client.transaction = (async <T>(callback: (tx: Transaction) => Promise<T>): Promise<T> => {
    // Inside a transaction the writes are only noted; they count once it has ended.
    const written: Written = { tables: new Set(), deletes: false };
    try {
      return await transaction((tx) => callback(noting(tx, written)));
    } finally {
      generations.bump(written);
    }
  }) as PGlite["transaction"];
  tracked.set(client, generations);
  return generations;
}

function noting(tx: Transaction, written: Written): Transaction {
  const { query, exec, sql } = tx;
  tx.query = ((text, params, options) => {
    collectWrites(text, written);
    return query(text, params, options);
  }) as Transaction["query"];
  tx.exec = ((text, options) => {
    collectWrites(text, written);
    return exec(text, options);
  }) as Transaction["exec"];
  tx.sql = ((strings, ...params) => {
    collectWrites(strings.join("?"), written);
    return sql(strings, ...params);
  }) as Transaction["sql"];
  return tx;
}

/** Tracks a PostgreSQL pool's generations (moved by the listener, open.ts). */
export function trackPool(pool: object, generations: WriteGenerations): void {
  tracked.set(pool, generations);
}

/**
 * The live generations of a database opened on a tracked PGlite or PostgreSQL pool; undefined inside a
 * transaction (its client is never tracked) or while the PostgreSQL listener is down: then nothing is cached.
 */
export function generationsOf(db: Database): WriteGenerations | undefined {
  const session = db._.session;
  if (!is(session, PgliteSession) && !is(session, NodePgSession)) return undefined;
  // Drizzle keeps its client private: the PGlite instance or the pool (a transaction's client is not tracked).
  const generations = tracked.get((session as unknown as { client: object }).client);
  return generations?.live ? generations : undefined;
}
