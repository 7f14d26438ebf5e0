import type { Database } from "./open";
import { generationsOf, type WriteGenerations } from "./write-generations";

// Answers read from tables, reused until one of those tables is written (write-generations.ts): exact, because
// the generations are read before the query and move after every finished write (on PostgreSQL, every write
// committed by any process before the request came). Per database; nothing is cached inside a transaction or
// while a PostgreSQL process's listener connection is down, and everything cached goes when it comes back.

interface Entry<V> {
  generation: number;
  /** In flight or done: concurrent readers of one key share a single query. */
  value: Promise<V>;
  /** Its weight once loaded (a bound on the bytes kept, `maxWeight`). */
  weight: number;
}

interface Kept<V> {
  entries: Map<string, Entry<V>>;
  weight: number;
}

export interface CacheBounds<V> {
  /** Entries per database; the oldest goes first. */
  max: number;
  /** And at most this much of `weigh`'s measure (e.g. characters of JSON) per database. */
  maxWeight?: number;
  weigh?: (value: V) => number;
}

export class GenerationCache<V> {
  hits = 0;
  misses = 0;
  private readonly byDatabase = new WeakMap<WriteGenerations, Kept<V>>();
  private readonly bounds: CacheBounds<V>;

  /** A number: entries per database; the oldest goes first. */
  constructor(bounds: number | CacheBounds<V>) {
    this.bounds = typeof bounds === "number" ? { max: bounds } : bounds;
  }

  /** `load()`'s answer for `key`, read again once any of `tables` has been written since. */
  get(db: Database, tables: readonly string[], key: string, load: () => Promise<V>): Promise<V> {
    const generations = generationsOf(db);
    if (!generations) return load();
    let kept = this.byDatabase.get(generations);
    if (!kept) {
      const created: Kept<V> = { entries: new Map(), weight: 0 };
      generations.onReset(() => {
        created.entries.clear();
        created.weight = 0;
      });
      this.byDatabase.set(generations, created);
      kept = created;
    }
    const { entries } = kept;
    let generation = 0;
    for (const table of tables) generation += generations.of(table);
    const cached = entries.get(key);
    if (cached && cached.generation === generation) {
      this.hits += 1;
      return cached.value;
    }
    this.misses += 1;
    const value = load();
    const entry: Entry<V> = { generation, value, weight: 0 };
    // Re-inserted, so the Map's order stays oldest first.
    this.drop(kept, key);
    entries.set(key, entry);
    this.evict(kept);
    const { weigh } = this.bounds;
    value.then(
      (loaded) => {
        if (!weigh || entries.get(key) !== entry) return;
        entry.weight = weigh(loaded);
        kept.weight += entry.weight;
        this.evict(kept);
      },
      () => {
        if (entries.get(key) === entry) this.drop(kept, key);
      },
    );
    return value;
  }

  /** Drops `key` (an answer not worth keeping, e.g. "no such session"). */
  forget(db: Database, key: string): void {
    const generations = generationsOf(db);
    const kept = generations && this.byDatabase.get(generations);
    if (kept) this.drop(kept, key);
  }

  private drop(kept: Kept<V>, key: string): void {
    const entry = kept.entries.get(key);
    if (!entry) return;
    kept.entries.delete(key);
    kept.weight -= entry.weight;
  }

  private evict(kept: Kept<V>): void {
    const { max, maxWeight = Number.POSITIVE_INFINITY } = this.bounds;
    while (kept.entries.size > max || (kept.weight > maxWeight && kept.entries.size > 1)) {
      const oldest = kept.entries.keys().next().value;
      if (oldest === undefined) return;
      this.drop(kept, oldest);
    }
  }
}
