import { type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { ResourceModel } from "./model";
import { quoteIdent } from "./tables";

// A reference field declared `searchable` (an order's customer) makes a list's search match the
// referenced record's title (the customer's name) as well: the row matches when its target, in the
// same tenant, has a title holding the word. One correlated EXISTS per such field and word; the
// target's (tenant_id, id) index finds the one row.

/** What the search needs of a referenced kind: its table's name and its title column's. */
export interface SearchTarget {
  table: string;
  titleField: string;
  /** The title is a text column (else it is compared as text). */
  text: boolean;
}

// An alias of its own: the target may be the searched kind itself.
const ALIAS = quoteIdent("search_target");

/** `column`'s target has a title containing `pattern` (an ILIKE pattern, already escaped). */
export function titleMatches(
  column: PgColumn,
  tenantColumn: PgColumn,
  target: SearchTarget,
  pattern: string,
): SQL {
  const title = sql.raw(`${ALIAS}.${quoteIdent(target.titleField)}${target.text ? "" : "::text"}`);
  return sql`exists (select 1 from ${sql.raw(quoteIdent(target.table))} as ${sql.raw(ALIAS)} where ${sql.raw(
    `${ALIAS}."tenant_id"`,
  )} = ${tenantColumn} and ${sql.raw(`${ALIAS}."id"`)} = ${column} and ${title} ilike ${pattern})`;
}

/**
 * The tables a list answer is read from (the answer and count caches' generations): the kind's,
 * and with a search its searchable references' targets' (a renamed customer changes which orders
 * match).
 */
export function listTables(model: ResourceModel, rawQuery: unknown): string[] {
  const query = rawQuery as Record<string, unknown> | undefined;
  // `q` is the stock @refinedev/simple-rest dialect's word for `search` (simple-rest-dialect.ts).
  const searching = Boolean(query?.search || query?.q);
  const targets = searching ? Object.values(model.searchTargets ?? {}).map((t) => t.table) : [];
  return [...new Set([model.table.name, ...targets])];
}
