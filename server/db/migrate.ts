import { fileURLToPath } from "node:url";
import type { NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import type { PgliteDatabase } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { loadRegistry } from "../resources/model";
import { syncResourceSchema } from "../resources/schema-sync";
import type { DatabaseHandle } from "./open";

// The SQL files drizzle-kit generated from schema.ts (npm run db:generate).
export const MIGRATIONS_FOLDER = fileURLToPath(new URL("./migrations", import.meta.url));

/**
 * Applies the migrations not yet applied (drizzle records them in drizzle.__drizzle_migrations),
 * then the additive sync of the resource kinds' tables from their declarations
 * (server/resources/schema-sync.ts). Callers run it inside DatabaseHandle.exclusive at start.
 */
export async function runMigrations(handle: DatabaseHandle): Promise<void> {
  const config = { migrationsFolder: MIGRATIONS_FOLDER };
  if (handle.driver === "pglite") {
    await migratePglite(handle.db as unknown as PgliteDatabase, config);
  } else {
    await migrateNodePg(handle.db as unknown as NodePgDatabase, config);
  }
  await syncResourceSchema(handle.db, await loadRegistry());
}
