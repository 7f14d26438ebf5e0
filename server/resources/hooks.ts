import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { FastifyInstance } from "fastify";
import type { Config } from "../config";
import type { Database } from "../db/open";
import type { ResourceModel } from "./model";

// The one place a kind may differ from the generic engine: an optional file
// server/resources/hooks/{path}.ts whose default export is defineHooks({...}). Everything a hook
// does on a write runs inside that write's transaction, so it commits or rolls back with it.

/** A stored row as Drizzle returns it (numbers, strings, Dates, arrays, JSON). */
export type Row = Record<string, unknown>;

/** A record's child collections by name, each row with id (absent before its insert) and position. */
export type ChildRows = Record<string, Row[]>;

export interface WriteContext {
  /** The write's transaction. */
  tx: Database;
  model: ResourceModel;
  tenantId: number;
  /** The caller; null for writes the server makes itself (seed). */
  userId: number | null;
  /** The server's settings (the house agent's id); absent for writes outside a request. */
  config?: Config;
  /**
   * Work to do once the write has committed, never inside it (a template's files removed from
   * disk after its delete: a rolled-back delete keeps them). Given by DELETE's route; absent elsewhere.
   */
  afterCommit?(task: () => Promise<void>): void;
}

/** The most (and least) a form's field may hold given the other records, with the rule in words. */
export interface FieldBound {
  max?: number;
  min?: number;
  /** The field cannot change now (an item's quantity while its run is open); `message` says why. */
  locked?: boolean;
  /** e.g. "At most $80.00: the rest of payment TX-1 is already refunded". */
  message: string;
}

export interface ResourceHooks {
  /**
   * Sets computed (read-only) fields on the values about to be written, on every create and
   * update (and on seeded rows). `values` holds what is being written; `previous` the stored row
   * on update, null on create. `children`: every child collection as it will be after the write
   * (rows may be changed here too), when the write carries one; undefined otherwise.
   */
  compute?(values: Row, previous: Row | null, children?: ChildRows): void;
  /**
   * After a create, update or delete was written (record is null after a delete; previous null
   * after a create). `children` / `previousChildren`: the collections after / before the write
   * when it touched them (a delete gives only previousChildren), else undefined.
   */
  afterWrite?(
    ctx: WriteContext & {
      action: "create" | "update" | "delete";
      record: Row | null;
      previous: Row | null;
      children?: ChildRows;
      previousChildren?: ChildRows;
      /** A create's fields the server filled because the body left them empty (create-defaults.ts). */
      filled?: Set<string>;
    },
  ): Promise<void>;
  /**
   * The bounds other records put on a form's fields, for the pages to show before the write (the
   * write itself is still checked): `values` are the form's current values (children included,
   * as arrays), `id` the record being edited or null on create. Keys are field paths:
   * "amount", or "drops.2.quantity" for a child row. Served at POST /api/v1/{path}/bounds.
   */
  bounds?(ctx: WriteContext & { values: Row; id: number | null }): Promise<Record<string, FieldBound>>;
  /** Before a delete: throw an HttpError (a 409) to refuse it. */
  beforeDelete?(ctx: WriteContext & { record: Row }): Promise<void>;
  /** The 409 message of a unique index its `schema` adds, by index name, from the written values. */
  uniqueMessages?: Record<string, (values: Row) => string>;
  /** Extra idempotent DDL (CREATE ... IF NOT EXISTS) the schema sync runs after the resource tables. */
  schema?: string[];
  /** Extra routes under /api/v1/{path}; registered before /{path}/:id. */
  routes?(app: FastifyInstance, model: ResourceModel): Promise<void>;
}

export const defineHooks = (hooks: ResourceHooks): ResourceHooks => hooks;

export const HOOKS_DIR = fileURLToPath(new URL("./hooks/", import.meta.url));

/** The hooks of the kind at `resourcePath`, or none when it has no hooks file. */
export async function loadHooks(resourcePath: string, dir = HOOKS_DIR): Promise<ResourceHooks> {
  const file = path.join(dir, `${resourcePath}.ts`);
  if (!existsSync(file)) return {};
  const module = (await (dir === HOOKS_DIR
    ? // A template import of this folder, so that the server's bundle (scripts/build-server.mjs) carries it.
      import(`./hooks/${resourcePath}.ts`)
    : import(pathToFileURL(file).href))) as { default?: ResourceHooks };
  if (!module.default || typeof module.default !== "object") {
    throw new Error(`${file}: expected a default export of defineHooks({...})`);
  }
  return module.default;
}
