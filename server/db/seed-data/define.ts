import type { Kind } from "../../../src/access/kinds";
import type { Database } from "../open";

// The shape of the per-kind demo data: server/db/seed-data/{path}.ts (the kind's API path, like
// the hooks) default-exports defineSeed({...}). The seeder (server/db/seed-resources.ts) loads the
// file of each declared kind only, inserts kinds after the kinds they reference (breaking cycles
// by setting a field afterwards), resolves ref(...) and childRef(...) to ids, inserts child rows
// after every parent, and drops fields the declaration no longer has, so the seed keeps working
// while declarations come and go.

/**
 * A reference to a seeded record of `kind`, by its key (its $key, else its title field's value).
 * "User" is keyed by e-mail (the tenant's members). With `child`, it names the `index`-th row of
 * that record's child collection (an order item, for a run's order_item_id).
 */
export interface SeedRef {
  readonly $ref: Kind;
  readonly key: string;
  readonly child?: string;
  readonly index?: number;
}

export const ref = (kind: Kind, key: string): SeedRef => ({ $ref: kind, key });

/** The id of the `index`-th row of child collection `child` of the seeded `kind` record `key`. */
export const childRef = (kind: Kind, key: string, child: string, index: number): SeedRef => ({
  $ref: kind,
  key,
  child,
  index,
});

export const isRef = (value: unknown): value is SeedRef =>
  typeof value === "object" && value !== null && "$ref" in value && "key" in value;

/**
 * Field values (plain, ref(...) or ref lists); an optional key other rows refer to it by; an
 * optional fixed id (the house agent's, which the configuration names); when the record was
 * created and last changed (default: the seed's `now`); and each child collection's rows under
 * its name (`items: [{...}, ...]`, positions in array order). Other "$" keys are notes for the
 * seed files that read these rows (SeedContext.rows), never stored.
 */
export type SeedRow = Record<string, unknown> & {
  $key?: string;
  $id?: number;
  $createdAt?: Date;
  $updatedAt?: Date;
};

export interface Random {
  /** In [0, 1). */
  next(): number;
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(probability: number): boolean;
  /** `n` distinct items, in random order. */
  sample<T>(items: readonly T[], n: number): T[];
}

/** mulberry32: a small, fixed-seed PRNG, so every fresh database holds the same demo data. */
export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    pick: (items) => items[Math.floor(next() * items.length)],
    chance: (p) => next() < p,
    sample: (items, n) => {
      const copy = [...items];
      for (let i = copy.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [copy[i], copy[j]] = [copy[j], copy[i]];
      }
      return copy.slice(0, n);
    },
  };
}

export interface SeedContext {
  tenantId: number;
  /** The demo tenant (1) gets the full data set, the second tenant a few records of each kind. */
  full: boolean;
  random: Random;
  /** The instant the demo shop's history ends at ("today"); dates are drawn relative to it. */
  now: Date;
  /** How many orders this tenant gets (SEED_ORDERS or 12,000 in the demo tenant). */
  orders: number;
  /** The keys of the records of `kind` seeded so far in this tenant (empty for an undeclared kind). */
  keys(kind: Kind): string[];
  /** The seed rows of `kind` generated so far in this tenant, as its seed file gave them. */
  rows(kind: Kind): readonly SeedRow[];
}

export interface AfterContext extends SeedContext {
  tx: Database;
  /** The id of a seeded record (null when the kind is not declared or the key unknown). */
  id(kind: Kind, key: string): number | null;
  /** Sets fields of a seeded record (undeclared fields and kinds are skipped; ref(...) resolved). */
  update(kind: Kind, key: string, values: SeedRow): Promise<void>;
}

export interface KindSeed {
  /** Called once per tenant, after the rows of the kinds this kind references. */
  rows?(ctx: SeedContext): SeedRow[];
  /** Runs once every kind of the tenant is seeded, in the same transaction (e.g. logs, links). */
  after?(ctx: AfterContext): Promise<void>;
}

export const defineSeed = (seed: KindSeed): KindSeed => seed;
