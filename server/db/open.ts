import { existsSync, mkdirSync, unlinkSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { SQL } from "drizzle-orm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { type ListenHandlers, PostgresListener } from "./listener";
import { createPool } from "./postgres-pool";
import * as schema from "./schema";
import { trackPool, trackWrites, WriteGenerations } from "./write-generations";
import { WRITES_CHANNEL } from "./write-triggers";

/**
 * The one database type the rest of the server uses. Drizzle's PGlite and
 * node-postgres databases share PgDatabase's query API; only raw results differ.
 */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  driver: "pglite" | "postgres";
  /**
   * Runs fn while no other server on the same database runs an exclusive section
   * (migrations and seeding at start). PGlite has one process by construction.
   */
  exclusive<T>(fn: () => Promise<T>): Promise<T>;
  /**
   * LISTEN on a channel (server/live/): PostgreSQL on the process's one listener connection (listener.ts),
   * PGlite within its process. Answers the stop function.
   */
  listen(channel: string, handlers: ListenHandlers): Promise<() => Promise<void>>;
  /**
   * PostgreSQL: resolves once every write committed before the call has moved this process's generations
   * (write-generations.ts), so its caches answer what the database holds; false while the listener is down
   * (nothing is cached then). Absent on PGlite, whose generations move as its writes finish.
   */
  sync?(): Promise<boolean>;
  close(): Promise<void>;
}

// Any fixed 64-bit number; it names Pressroom's start-up section in pg_locks.
const START_LOCK_KEY = 4_242_017;

export interface OpenDatabaseOptions {
  /** A PostgreSQL connection string; when set, PGlite is not used. */
  databaseUrl?: string;
  /** The PGlite data folder; omitted means an in-memory database. */
  pgliteDir?: string;
  /** A PGlite data-folder dump to start from (tests use it to skip initdb). */
  loadDataDir?: Blob | File;
  /** Connections in the node-postgres pool (default: postgres-pool.ts). */
  poolSize?: number;
  onPoolError?: (error: Error) => void;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options);
  return openPglite(options);
}

async function openPostgres(url: string, options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  const pool = createPool(url, options.poolSize);
  // An idle client losing its connection must not crash the process.
  pool.on("error", (error) => options.onPoolError?.(error));
  const listener = new PostgresListener(url, (error) => options.onPoolError?.(error));
  // Fail at start, not at the first request, when the address or credentials are wrong.
  try {
    const client = await pool.connect();
    client.release();
    await listener.start();
  } catch (error) {
    await listener.close();
    await pool.end();
    throw error;
  }
  const db = drizzleNodePg({ client: pool, schema }) as unknown as Database;
  // The caches' generations, moved by the tables each committed transaction wrote (write-triggers.ts).
  const generations = new WriteGenerations();
  trackPool(pool, generations);
  await listener.listen(WRITES_CHANNEL, {
    onPayload: (table) => generations.bumpTable(table),
    onLost: () => {
      generations.live = false;
      generations.reset();
    },
    onGap: () => {
      generations.reset();
      generations.live = true;
    },
  });
  // A session-level advisory lock lives on one connection, so take a dedicated one.
  const exclusive = async <T>(fn: () => Promise<T>): Promise<T> => {
    const lockClient = await pool.connect();
    try {
      await lockClient.query("select pg_advisory_lock($1)", [START_LOCK_KEY]);
      try {
        return await fn();
      } finally {
        await lockClient.query("select pg_advisory_unlock($1)", [START_LOCK_KEY]);
      }
    } finally {
      lockClient.release();
    }
  };
  return {
    db,
    driver: "postgres",
    exclusive,
    listen: (channel, handlers) => listener.listen(channel, handlers),
    sync: () => listener.sync(),
    close: async () => {
      await listener.close();
      await pool.end();
    },
  };
}

// PostgreSQL's default 128 MB of shared buffers is memory PGlite's WebAssembly instance touches as it
// starts, the largest part of the server's footprint. Pages beyond them are read from the data folder's
// files (the OS's page cache). Measured at 100,000 orders (npm run bench, 2 busy cores): 32 MB took the
// server's resident memory from 464-529 MB to 370-398 MB; lists and creates stayed within the noise,
// reads of random orders by id were up to a fifth slower.
const PGLITE_SHARED_BUFFERS = "32MB";

async function openPglite(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (options.pgliteDir) mkdirSync(options.pgliteDir, { recursive: true });
  const client = new PGlite({
    dataDir: options.pgliteDir,
    loadDataDir: options.loadDataDir,
    startParams: [...PGlite.defaultStartParams, "-c", `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
  });
  await client.waitReady;
  // Lets readers cache what they derive from a table until it is written (write-generations.ts).
  trackWrites(client);
  const db = drizzlePglite({ client, schema }) as unknown as Database;
  const listen = async (channel: string, handlers: ListenHandlers) => {
    const stop = await client.listen(channel, (payload) => handlers.onPayload(payload));
    return async () => {
      if (!client.closed) await stop();
    };
  };
  return { db, driver: "pglite", exclusive: (fn) => fn(), listen, close: () => client.close() };
}

/** Raw SQL rows; both drivers answer execute() with an object holding `rows`. */
export async function selectRows<T>(db: Database, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * PGlite leaves postmaster.pid behind when its process is killed, and the next
 * open can wait on it forever. Call this only while holding the data-folder lock:
 * then no live process uses the folder and the file is stale by definition.
 */
export function clearStalePglitePid(pgliteDir: string): boolean {
  const file = path.join(pgliteDir, "postmaster.pid");
  if (!existsSync(file)) return false;
  unlinkSync(file);
  return true;
}
