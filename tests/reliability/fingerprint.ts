import { sql } from "drizzle-orm";
import { type Database, selectRows } from "../../server/db/open";

// What "the database is unchanged" means in the reliability suite: every table of the schema
// with the same row count and the same checksum of its row versions. PostgreSQL writes a new
// row version, stamped with the writing transaction's id (xmin), for every insert and update, so
// the sum of the xmins of a table changes with any committed write to it, even one that wrote
// back the same content, and never with a rolled-back one. (A checksum of the rows' text did the
// same at twenty times the cost: over two seconds for the ~90,000 seeded rows on PGlite.) Reads
// touch only the session (last_seen_at) and login-throttle tables, which are left out.

export type Fingerprint = Map<string, { rows: number; sum: string }>;

const TOUCHED_BY_READS = new Set(["sessions", "login_attempts"]);

async function tableNames(db: Database): Promise<string[]> {
  const rows = await selectRows<{ name: string }>(
    db,
    sql`select table_name as name from information_schema.tables
        where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`,
  );
  return rows.map((r) => r.name).filter((name) => !TOUCHED_BY_READS.has(name));
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Row count and row-version checksum of every table, in one statement. */
export async function fingerprint(db: Database): Promise<Fingerprint> {
  const names = await tableNames(db);
  const parts = names.map(
    (name) =>
      `select '${name.replace(/'/g, "''")}' as name, count(*)::int as rows,
         coalesce(sum(xmin::text::bigint), 0)::text as sum
       from ${quote(name)}`,
  );
  const rows = await selectRows<{ name: string; rows: number; sum: string }>(
    db,
    sql.raw(parts.join(" union all ")),
  );
  return new Map(rows.map((r) => [r.name, { rows: Number(r.rows), sum: r.sum }]));
}

/** The tables whose count or checksum differ ("vendors: 40 → 41 rows"). */
export function differences(before: Fingerprint, after: Fingerprint): string[] {
  const out: string[] = [];
  for (const name of new Set([...before.keys(), ...after.keys()])) {
    const a = before.get(name);
    const b = after.get(name);
    if (!a || !b) out.push(`${name}: ${a ? "dropped" : "created"}`);
    else if (a.rows !== b.rows) out.push(`${name}: ${a.rows} → ${b.rows} rows`);
    else if (a.sum !== b.sum) out.push(`${name}: same ${a.rows} rows, rewritten`);
  }
  return out;
}

/**
 * The next transaction id the database will hand out. A request that committed nothing leaves
 * it where it was (reads take no transaction id), so an unchanged mark proves an unchanged
 * database cheaply; a moved one (a rolled-back write, another database of the same PostgreSQL
 * cluster) calls for a full fingerprint.
 */
export async function writeMark(db: Database): Promise<string> {
  const [row] = await selectRows<{ mark: string }>(
    db,
    sql`select pg_snapshot_xmax(pg_current_snapshot())::text as mark`,
  );
  return row.mark;
}
