// Seeding the demo data takes seconds (hundreds of orders, password hashes); doing it for every
// test file and database kind dominated the server suite. It runs once per test run here, and
// each file then starts from a copy: a PGlite data-folder image, or a PostgreSQL template.
import { execFileSync } from "node:child_process";
import { rmSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { buildServer } from "../../scripts/build-server.mjs";

declare module "vitest" {
  export interface ProvidedContext {
    /** A seeded PGlite data-folder image (tar). */
    seededPglite: string;
    /** A seeded PostgreSQL database to copy (CREATE DATABASE … TEMPLATE), or "" without PostgreSQL. */
    seededPostgres: string;
  }
}

const ROOT = path.resolve(import.meta.dirname, "../..");

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // The server processes some tests start run the bundle npm start runs (helpers.ts spawnServer), built once here.
  if ((await buildServer()) !== 0)
    throw new Error("the server could not be bundled (scripts/build-server.mjs)");
  const out = execFileSync(process.execPath, ["--import", "tsx", "tests/server/seed-copies.ts"], {
    cwd: ROOT,
    // A few hundred orders are enough for the suite (SEED_ORDERS, unless the run sets it); only the project's
    // stores are seeded (TEST_STORES, vitest.config.ts).
    env: {
      ...process.env,
      SEED_ORDERS: process.env.SEED_ORDERS ?? "300",
      TEST_STORES: String(project.config.env?.TEST_STORES ?? "pglite,postgres"),
    },
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
    timeout: 300_000,
  });
  const { image, template } = JSON.parse(out.trim().split("\n").at(-1) ?? "{}") as {
    image: string;
    template: string;
  };
  project.provide("seededPglite", image);
  project.provide("seededPostgres", template);

  return async () => {
    if (image) rmSync(image, { force: true });
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (!adminUrl || !template) return;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      await admin.query(`drop database if exists "${template}" with (force)`);
    } finally {
      await admin.end();
    }
  };
}
