import pg from "pg";
import { DEFAULT_POOL_SIZE } from "../config";

// The node-postgres pool of a server process, whose clients keep the statements the server sends again and
// again prepared on their connection (named statements): PostgreSQL then parses and plans them once per
// connection instead of at every request. Planning was most of PostgreSQL's time on the hot requests at the
// 100,000-order seed (EXPLAIN ANALYZE: an order by id 0.15-0.19 ms to plan, 0.02-0.05 ms to run; its items
// 0.2 ms and 0.08 ms; a list page 0.45 ms and 0.26 ms). After a few runs PostgreSQL keeps a generic plan when
// it is no worse than the custom ones (plan_cache_mode auto).
//
// A statement is named the second time its text is seen, for statements with parameters only (the others go
// as simple queries: transaction control, DDL, several statements). The texts come from the code (values are
// parameters), but the query language combines filters and sorts into many texts; past MAX_NAMED names
// statements go unnamed, so no connection ever holds more than that many.

const MAX_NAMED = 500;

const seen = new Map<string, string | null>();
let named = 0;

/** The statement's name, once it is worth preparing; undefined until then. */
export function statementName(text: string): string | undefined {
  const known = seen.get(text);
  if (known) return known;
  if (known === undefined) {
    // First sighting: remembered (as null) for the next one, within the same bound.
    if (seen.size < MAX_NAMED * 4) seen.set(text, null);
    return undefined;
  }
  if (named >= MAX_NAMED) return undefined;
  named += 1;
  const name = `pressroom_${named}`;
  seen.set(text, name);
  return name;
}

type QueryConfig = { text: string; name?: string; values?: unknown[] };

/** A client whose parameterised statements are named (prepared once per connection) when hot. */
class PreparingClient extends pg.Client {
  // biome-ignore lint/suspicious/noExplicitAny: node-postgres's overloads, passed through as they are.
  override query(config: any, values?: any, callback?: any): any {
    if (config && typeof config === "object" && typeof config.text === "string" && !config.name) {
      const params = (values ?? (config as QueryConfig).values) as unknown[] | undefined;
      if (Array.isArray(params) && params.length > 0) {
        const name = statementName(config.text);
        if (name) config = { ...config, name };
      }
    }
    return super.query(config, values, callback);
  }
}

export function createPool(url: string, size = DEFAULT_POOL_SIZE): pg.Pool {
  return new pg.Pool({ connectionString: url, max: size, Client: PreparingClient });
}
