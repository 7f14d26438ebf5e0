import { GenerationCache } from "../db/generation-cache";

// The total of a list (its COUNT(*)) is most of a list request's cost on a large table: at 100,000
// orders a page alone answers several times as fast as a page with its count. Totals are cached per
// tenant, kind, caller (for "own" scopes) and query (filters and search; not page, limit or sort),
// under the generation of the kind's table (../db/write-generations.ts): any finished write to the
// table, by any route or hook, moves the generation, so a total read from the cache is the one
// COUNT(*) would answer now. The next list after a write counts again.
//
// On PostgreSQL, where several server processes share the database, the generations also move with the
// other processes' writes (write-generations.ts), so a total is exact whichever process counted it.

export const listTotals = new GenerationCache<number>(10_000);

const PAGING = new Set(["page", "limit", "sort", "_start", "_end", "_sort", "_order"]);

/**
 * The cache key of a list's total: tenant, kind, the owner when the caller sees only their own
 * records, and the query's other parameters in a fixed order (the same parameters always make the
 * same conditions, query-language.ts).
 */
export function listCountKey(
  kind: string,
  tenantId: number,
  ownerId: number | undefined,
  rawQuery: unknown,
): string {
  const query = (rawQuery ?? {}) as Record<string, unknown>;
  const filters = Object.keys(query)
    .filter((name) => !PAGING.has(name))
    .sort()
    .map((name) => [name, query[name]]);
  return JSON.stringify([tenantId, kind, ownerId ?? null, filters]);
}
