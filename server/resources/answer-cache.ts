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

// Bounded by count and by the characters of JSON kept (one byte each for ASCII text): each server process keeps
// its own (one per core on PostgreSQL), and a worker's memory stays within its 150 MB goal (docs/scaling.md).
/** ~20–60 KB per list page: at most 400 pages, and 8 MB of them. */
export const listAnswers = new GenerationCache<{ body: string; total: number }>({
  max: 400,
  maxWeight: 8_000_000,
  weigh: (answer) => answer.body.length,
});
/** ~1–4 KB per record: at most 2,000, and 4 MB of them. */
export const recordAnswers = new GenerationCache<string>({
  max: 2_000,
  maxWeight: 4_000_000,
  weigh: (body) => body.length,
});

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
