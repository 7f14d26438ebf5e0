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
}

export class GenerationCache<V> {
  hits = 0;
  misses = 0;
  private readonly byDatabase = new WeakMap<WriteGenerations, Map<string, Entry<V>>>();

  /** `max`: entries per database; the oldest goes first. */
  constructor(private readonly max: number) {}

  /** `load()`'s answer for `key`, read again once any of `tables` has been written since. */
  get(db: Database, tables: readonly string[], key: string, load: () => Promise<V>): Promise<V> {
    const generations = generationsOf(db);
    if (!generations) return load();
    let entries = this.byDatabase.get(generations);
    if (!entries) {
      const created = new Map<string, Entry<V>>();
      generations.onReset(() => created.clear());
      this.byDatabase.set(generations, created);
      entries = created;
    }
    let generation = 0;
    for (const table of tables) generation += generations.of(table);
    const cached = entries.get(key);
    if (cached && cached.generation === generation) {
      this.hits += 1;
      return cached.value;
    }
    this.misses += 1;
    const value = load();
    const entry = { generation, value };
    // Re-inserted, so the Map's order stays oldest first.
    entries.delete(key);
    entries.set(key, entry);
    if (entries.size > this.max) {
      const oldest = entries.keys().next().value;
      if (oldest !== undefined) entries.delete(oldest);
    }
    const forget = () => {
      if (entries.get(key) === entry) entries.delete(key);
    };
    value.catch(forget);
    return value;
  }

  /** Drops `key` (an answer not worth keeping, e.g. "no such session"). */
  forget(db: Database, key: string): void {
    const generations = generationsOf(db);
    if (generations) this.byDatabase.get(generations)?.delete(key);
  }
}
