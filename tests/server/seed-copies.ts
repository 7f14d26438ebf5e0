// Makes the seeded copies the server tests start from (see global-setup.ts), in a process of
// its own: node --import tsx tests/server/seed-copies.ts → prints {"image","template"} as JSON.
// (Vitest runs global setup through its module runner, where the seeder's dynamic imports of
// server/db/seed-data/* never settle; a plain Node process has no such trouble.)
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { runMigrations } from "../../server/db/migrate";
import { openDatabase } from "../../server/db/open";
import { seedIfEmpty } from "../../server/db/seed";
import { pgliteTemplate } from "./pglite-image";

async function seededPgliteImage(): Promise<string> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "pressroom-test-seed-"));
  try {
    const handle = await openDatabase({ pgliteDir: dir, loadDataDir: await pgliteTemplate() });
    await runMigrations(handle);
    await seedIfEmpty(handle.db);
    await handle.close();
    const client = new PGlite(dir);
    await client.waitReady;
    const dump = await client.dumpDataDir("none");
    await client.close();
    const image = path.join(os.tmpdir(), `pressroom-test-seeded-${process.pid}.tar`);
    writeFileSync(image, Buffer.from(await dump.arrayBuffer()));
    return image;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A seeded PostgreSQL database, closed again so it can serve as a template. */
async function seededPostgres(adminUrl: string): Promise<string> {
  const name = `pressroom_seeded_${process.pid}_${Date.now().toString(36)}`;
  await withAdmin(adminUrl, (admin) => admin.query(`create database "${name}"`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString(), poolSize: 2 });
  try {
    await runMigrations(handle);
    await seedIfEmpty(handle.db);
  } finally {
    // PostgreSQL copies a template only while nobody is connected to it.
    await handle.close();
  }
  return name;
}

export async function withAdmin<T>(adminUrl: string, fn: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    return await fn(admin);
  } finally {
    await admin.end();
  }
}

// Only the stores the project runs on (TEST_STORES); "" for a store it does not use.
const stores = (process.env.TEST_STORES ?? "pglite,postgres").split(",");
const adminUrl = process.env.TEST_DATABASE_URL;
const [image, template] = await Promise.all([
  stores.includes("pglite") ? seededPgliteImage() : Promise.resolve(""),
  adminUrl && stores.includes("postgres") ? seededPostgres(adminUrl) : Promise.resolve(""),
]);
process.stdout.write(`${JSON.stringify({ image, template })}\n`);
