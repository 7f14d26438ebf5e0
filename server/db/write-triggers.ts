import { is, sql } from "drizzle-orm";
import { NodePgSession } from "drizzle-orm/node-postgres";
import { quoteIdent } from "../resources/tables";
import { type Database, selectRows } from "./open";

// PostgreSQL tells every server process which tables a committed transaction wrote: a statement-level trigger
// on each table of the public schema NOTIFYs WRITES_CHANNEL with the table's name. It fires for every write
// whoever sends it (the routes, hooks, bulk inserts, COPY, raw SQL, another tool) and for the rows foreign keys
// clear or remove (ON DELETE SET NULL / CASCADE run as statements on the referencing table), and NOTIFY is
// transactional: delivered on commit only, once per table and transaction (PostgreSQL folds identical
// payloads), in commit order. Each process moves those tables' generations when it hears them
// (write-generations.ts), which is what keeps its caches exact while other processes write.
//
// Installed at every start by the resource tables' sync (after the migrations, schema-sync.ts), on the tables
// that lack it: a table added later gets it at the next start, before any process serves it.

export const WRITES_CHANNEL = "pressroom_writes";
const TRIGGER = "pressroom_writes";
const FUNCTION = "pressroom_tell_write";

/** Whether `db` is a PostgreSQL (node-postgres) database, not PGlite. */
export function isPostgres(db: Database): boolean {
  return is(db._.session, NodePgSession);
}

/** Adds the trigger to every table of the public schema without it; answers the tables it was added to. */
export async function installWriteTriggers(db: Database): Promise<string[]> {
  await db.execute(
    sql.raw(`create or replace function ${FUNCTION}() returns trigger language plpgsql as $$
      begin
        perform pg_notify('${WRITES_CHANNEL}', tg_table_name);
        return null;
      end $$`),
  );
  const missing = await selectRows<{ name: string }>(
    db,
    sql`select c.relname as name
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p')
          and not exists (select 1 from pg_trigger t where t.tgrelid = c.oid and t.tgname = ${TRIGGER})
        order by c.relname`,
  );
  for (const { name } of missing) {
    await db.execute(
      sql.raw(
        `create trigger ${TRIGGER} after insert or update or delete or truncate on ${quoteIdent(name)}
         for each statement execute function ${FUNCTION}()`,
      ),
    );
  }
  return missing.map((t) => t.name);
}
