// The pristine PGlite cluster image every fresh test database starts from. Apart from helpers.ts
// so global-setup.ts (which runs outside the test workers) can use it without importing vitest.
import { existsSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";

const REPO_ROOT = path.resolve(import.meta.dirname, "../..");

// initdb takes seconds; a pristine cluster image, made once per PGlite version
// and kept in the temp folder, makes each fresh database a copy instead.
export async function pgliteTemplate(): Promise<Blob> {
  const pkg = path.join(REPO_ROOT, "node_modules/@electric-sql/pglite/package.json");
  const version = JSON.parse(readFileSync(pkg, "utf8")).version as string;
  const file = path.join(os.tmpdir(), `pressroom-test-pglite-${version}.tar`);
  if (!existsSync(file)) {
    const client = new PGlite();
    await client.waitReady;
    const dump = await client.dumpDataDir("none");
    await client.close();
    // Parallel test files may race to make it; rename keeps whichever lands complete.
    const partial = `${file}.${process.pid}.partial`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file);
  }
  return new Blob([readFileSync(file)]);
}
