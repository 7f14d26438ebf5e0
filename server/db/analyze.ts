import { sql } from "drizzle-orm";
import { quoteIdent } from "../resources/tables";
import { type Database, selectRows } from "./open";

// PGlite runs PostgreSQL without its background workers, so no autovacuum ever gathers the planner's
// statistics. Without them the planner takes a table for a few rows: at 100,000 seeded orders the orders list
// sorted 68,000 rows for each page (200 ms) instead of walking the ordered_at index (2 ms). At start, every
// table without statistics (new, just seeded, or empty when last analyzed) is analyzed; tables that have them
// keep them (the planner scales them to the table's current size).

/** ANALYZE of each table of the public schema that has no statistics; answers their names. */
export async function analyzeTablesWithoutStatistics(db: Database): Promise<string[]> {
  const tables = await selectRows<{ name: string }>(
    db,
    sql`select c.relname as name
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind = 'r'
          and not exists (select 1 from pg_statistic s where s.starelid = c.oid)
        order by c.relname`,
  );
  for (const { name } of tables) await db.execute(sql.raw(`analyze ${quoteIdent(name)}`));
  return tables.map((t) => t.name);
}
