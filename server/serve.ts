import { existsSync } from "node:fs";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { buildApp } from "./app";
import type { Config } from "./config";
import { analyzeTablesWithoutStatistics } from "./db/analyze";
import { acquireDataLock, DataDirLockedError, type DataLock } from "./db/data-lock";
import { runMigrations } from "./db/migrate";
import { clearStalePglitePid, type DatabaseHandle, openDatabase } from "./db/open";
import { SEED_PASSWORD, seedIfEmpty } from "./db/seed";
import { seedOrderFiles } from "./db/seed-order-files";
import { warmManagerAnswers } from "./production/manager-routes";
import { DeclarationError } from "./resources/declarations";
import { loadRegistry } from "./resources/model";
import { SchemaSyncError } from "./resources/schema-sync";
import { seedTemplateImages } from "./templates/seed-images";

// One server process (main.ts starts it, as the only one or as a cluster worker): resource declarations →
// data lock → database (migrated, resource tables synced, seeded when empty) → app → listen;
// SIGTERM/SIGINT undo it in reverse. Several processes on one PostgreSQL take turns at the start-up
// section (DatabaseHandle.exclusive): the first migrates and seeds, the others find it done.

const SHUTDOWN_GRACE_MS = 10_000;

/**
 * Serves until a signal; a failed start prints why (the known causes by their message alone) and exits 1.
 * `announce`: print the listening line (a cluster worker leaves it to the primary, cluster.ts).
 */
export function serveOrExit(config: Config, announce: boolean): Promise<void> {
  return serve(config, announce).catch((error: unknown) => {
    if (
      error instanceof DataDirLockedError ||
      error instanceof DeclarationError ||
      error instanceof SchemaSyncError
    ) {
      process.stderr.write(`${error.message}\n`);
    } else {
      process.stderr.write(
        `Pressroom failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
      );
    }
    process.exit(1);
  });
}

async function serve(config: Config, announce: boolean): Promise<void> {
  // A broken declaration stops the start before anything is opened, with every problem listed.
  const resources = await loadRegistry();

  // The embedded database belongs to one process; PostgreSQL handles its own clients.
  let lock: DataLock | undefined;
  let pgliteDir: string | undefined;
  if (!config.databaseUrl) {
    lock = acquireDataLock(config.dataDir);
    process.on("exit", () => lock?.release());
    pgliteDir = path.join(config.dataDir, "pglite");
    // We hold the lock, so no live process has this folder open: a postmaster.pid is a crash's leftover.
    clearStalePglitePid(pgliteDir);
  }

  let logPoolError = (error: Error) => {
    process.stderr.write(`Database connection error: ${error.message}\n`);
  };
  let database: DatabaseHandle;
  try {
    database = await openDatabase({
      databaseUrl: config.databaseUrl,
      pgliteDir,
      poolSize: config.databasePoolSize,
      onPoolError: (e) => logPoolError(e),
    });
  } catch (error) {
    lock?.release();
    throw error;
  }

  const app = buildApp({
    database,
    config,
    staticDir: config.staticDir,
    logger: true,
    resources,
    startScheduler: true,
  });
  if (!existsSync(path.join(config.staticDir, "index.html"))) {
    app.log.info(`No built app in ${config.staticDir} (npm run build); serving the API only`);
  }
  logPoolError = (error) => app.log.error({ err: error }, "Database connection error");
  if (lock?.tookOver) {
    app.log.warn(
      { previousPid: lock.tookOverFrom },
      "Took over the data folder of a server that did not stop cleanly",
    );
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "Shutting down");
    setTimeout(() => {
      app.log.error("Shutdown took too long; exiting");
      process.exit(1);
    }, SHUTDOWN_GRACE_MS).unref();
    try {
      await app.close(); // stops accepting, waits for in-flight requests
      await database.close();
      lock?.release();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, "Shutdown failed");
      process.exit(1);
    }
  };
  // `on`, not `once`: a second signal (a terminal's Ctrl-C reaches a cluster's workers and its primary,
  // which passes it on) must not cut the draining short.
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));

  try {
    await database.exclusive(async () => {
      await runMigrations(database);
      if (await seedIfEmpty(database.db, resources)) {
        app.log.info(`Seeded the demo data; sign in as admin@pressroom.test with password ${SEED_PASSWORD}`);
        // The demo templates' pictures, in the shop-files store (server/templates/seed-images.ts).
        await seedTemplateImages(database.db, resources, config.filesDir);
        // Recent orders' artwork (preflighted) and proofs, in the embedded file store (db/seed-order-files.ts).
        if (config.fileStorage.provider === "embedded") {
          await seedOrderFiles(database.db, resources, config.filesDir);
        }
      }
      // PGlite has no autovacuum to gather the planner's statistics (db/analyze.ts).
      if (database.driver === "pglite") await analyzeTablesWithoutStatistics(database.db);
    });
    // The production manager's first answer, read before the first request asks for it.
    await warmManagerAnswers(database.db, resources, app.log);
    await app.listen({ host: config.host, port: config.port });
  } catch (error) {
    await app.close().catch(() => {});
    await database.close().catch(() => {});
    lock?.release();
    throw error;
  }

  if (!announce) return;
  const { port } = app.server.address() as AddressInfo;
  const host = config.host.includes(":") ? `[${config.host}]` : config.host;
  process.stdout.write(`Pressroom listening on http://${host}:${port}\n`);
}
