import { GenerationCache } from "../db/generation-cache";
import type { ResourceModel } from "./model";

// Whole answers of the read routes (a list page with its total, one record with its collections),
// kept as the JSON text sent (a list's with its total, for the x-total-count header), under the generations of the tables they were read from (see
// count-cache.ts for why that is exact): a repeated read costs no query and no serialisation, and the
// first read after any write to those tables reads again. A list or record answer is built from its
// kind's own table (and a record's collection tables) only: references are ids, nothing depends on the
// clock. On PostgreSQL too: the generations move with every process's committed writes (write-generations.ts).
//
// The keys hold what decides the answer: tenant, kind, the caller when the scope is "own", and the
// query as validated (parseListQuery has accepted it before the cache is asked).

/** ~20–60 KB per list page: 400 entries stay within some 25 MB in the worst case. */
export const listAnswers = new GenerationCache<{ body: string; total: number }>(400);
export const recordAnswers = new GenerationCache<string>(2_000);

export function listAnswerKey(
  model: ResourceModel,
  tenantId: number,
  ownerId: number | undefined,
  rawQuery: unknown,
) {
  const query = (rawQuery ?? {}) as Record<string, unknown>;
  const entries = Object.keys(query)
    .sort()
    .map((name) => [name, query[name]]);
  return JSON.stringify([tenantId, model.kind, ownerId ?? null, entries]);
}

export function recordAnswerKey(
  model: ResourceModel,
  tenantId: number,
  ownerId: number | undefined,
  id: number,
) {
  return JSON.stringify([tenantId, model.kind, ownerId ?? null, id]);
}

/** The tables a record's answer is read from: its kind's and its collections'. */
export const recordTables = (model: ResourceModel): string[] => [
  model.table.name,
  ...model.children.map((child) => child.table.name),
];
