import { readdirSync, readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import path from "node:path";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vitest/config";

// The app's unit tests share one module graph and jsdom per worker (isolate: false): loading
// antd, Refine and jsdom again for each of ~60 files cost minutes. A file that mocks modules
// would leak its mocks into the next ones, so those run isolated, found by what they contain.
const UNIT = "tests/unit/**/*.test.{ts,tsx}";
const unitDir = new URL("./tests/unit/", import.meta.url);
const MOCKING = readdirSync(unitDir, { recursive: true, encoding: "utf8" })
  .map((file) => file.replaceAll("\\", "/"))
  .filter((file) => /\.test\.tsx?$/.test(file))
  .filter((file) => /\bvi\.(do)?mock\(/.test(readFileSync(new URL(file, unitDir), "utf8")))
  .map((file) => `tests/unit/${file}`);

// The walk of every master-data kind through its generated pages (a sixth of the unit run) joins the long run too
// ("unit-long"); the generated pages themselves are walked in npm test by the other resource-page files. So do the
// role editor's and the permission matrix's page tests (40 s of a worker: every action of every kind rendered);
// npm test's permissions flow (tests/e2e/permissions.spec.ts) edits a role in the browser. And the campaign page's.
const UNIT_LONG = [
  "tests/unit/resource-pages/master-data-kinds.test.tsx",
  "tests/unit/admin/role-editor-page.test.tsx",
  "tests/unit/admin/permission-matrix.test.tsx",
  "tests/unit/tools/campaign-page.test.tsx",
  "tests/unit/tools/four-over-pages.test.tsx",
  // The route table walked page by page, and the sites' order-settings pages (35 s of a worker).
  "tests/unit/resource-pages/resource-routes.test.tsx",
  "tests/unit/resource-pages/order-settings-pages.test.tsx",
  // Every field kind's input, and the child tables' editing (40 s of a worker): the e2e order entry and the
  // generated pages' other files cover the everyday shapes.
  "tests/unit/resource-pages/field-kinds.test.tsx",
  "tests/unit/resource-pages/child-collections.test.tsx",
  // The order files' upload panel through an upload's stages (progress, pause, resume, outcome).
  "tests/unit/orders/file-upload-panel.test.tsx",
  // The order page's data asked at navigation: one request whichever comes first, none kept (the real providers).
  "tests/unit/orders/desk-prefetch.test.tsx",
];

// The server's tests run once on each store in CI: npm test takes PGlite ("server"), the long run
// (scripts/long.mjs) PostgreSQL ("server-postgres": the files that loop over the stores) and the exhaustive walks
// ("server-long": every kind, every field, hostile bodies, races, real processes, on both stores), which
// together would take npm test past its ten minutes.
const SERVER = "tests/server/**/*.test.ts";
const serverDir = new URL("./tests/server/", import.meta.url);
const serverFiles = readdirSync(serverDir).filter((file) => file.endsWith(".test.ts"));
const serverText = (file: string) => readFileSync(new URL(file, serverDir), "utf8");
// The seed's own checks, the 10,000-row product import, and the campaigns' scheduler and tenant settings (each seeds
// databases of its own) run here too, on both stores: together two minutes of a worker that npm test cannot spare;
// so do the postcard and letter tools' endpoints (issue 22).
// So do the migrations and the additive schema sync, the OpenAPI document, and the production floor's endpoints
// (npm test's press-dashboard flow claims, starts and completes through them in the browser).
const LONG = [
  "campaigns-scheduler",
  "catalogue-editing",
  // Issue 21's remainder: design versions from none, option values in use, the import's updates.
  "catalogue-remainder",
  "catalogue-sides-variants",
  "catalogue-writes",
  "db",
  "domain-product-import",
  "four-over",
  "graphic-services",
  "mail-tools",
  "openapi-document",
  "production-floor",
  // The shop's rules on stock, slips and mail, on values and on money, each probed with many wrong writes (a minute
  // of a worker): npm test keeps the rules on runs, statuses, sites and credit, and the order desk's.
  "rules-money",
  "rules-stock-slips-mail",
  "rules-values",
  "resources-schema",
  "resources-seed",
  // The demo orders' files, proofs and their preflight (issue 19), seeded beside a server-seeded database.
  "seed-order-files",
  "tenant-settings",
  // Templates' thumbnails (PDF rendering) and the design editor's designs (issue 21).
  "template-designs",
  // Order files in Firebase Storage through a local Storage REST server (issue 19).
  "file-storage",
  // Order files' thumbnails made after uploads into both file stores (issue 19).
  "order-file-thumbnails",
  "reliability-hostile",
  "reliability-isolation",
  "reliability-permissions",
  "reliability-races",
  "resources-crud",
  "server-process",
  "simple-rest-conformance",
].map((name) => `tests/server/${name}.test.ts`);
const byStore = serverFiles
  .filter((file) => /\bdescribe(EachStore|OnStore)\(/.test(serverText(file)))
  .map((file) => `tests/server/${file}`)
  .filter((file) => !LONG.includes(file));
// Files whose every suite is PostgreSQL's (two processes on one database): nothing in them runs on PGlite.
const POSTGRES_ONLY = serverFiles
  .filter((file) => {
    const text = serverText(file);
    return (
      text.includes('describeOnStore("postgres"') &&
      !/\bdescribeEachStore\(|describeOnStore\("pglite"/.test(text)
    );
  })
  .map((file) => `tests/server/${file}`);

// The unit tests' page loads (crossings between the guest app and the full app) are spies: tests/unit/page-load-double.ts
// stands in for src/routing/page-load.ts, one module for the app and the tests alike, so the files that check them
// share the module graph instead of each mocking the module in an isolated worker.
const PAGE_LOAD = path.resolve(import.meta.dirname, "src/routing/page-load");
const pageLoadDouble: Plugin = {
  name: "page-load-double",
  enforce: "pre",
  resolveId(source, importer) {
    if (!importer || !source.endsWith("page-load")) return null;
    const target = path.resolve(path.dirname(importer), source).replace(/\.tsx?$/, "");
    return target === PAGE_LOAD ? path.resolve(import.meta.dirname, "tests/unit/page-load-double.ts") : null;
  },
};

/** A project of the server's integration tests in node, on the stores named (TEST_STORES, tests/server/helpers.ts). */
function serverProject(name: string, files: { include: string[]; exclude?: string[]; stores: string }) {
  return {
    test: {
      name,
      environment: "node",
      include: files.include,
      exclude: files.exclude,
      // Seeds once per project and run, for its stores; each file's database is a copy (see the file).
      globalSetup: ["tests/server/global-setup.ts"],
      testTimeout: 30_000,
      hookTimeout: 60_000,
      // Databases seeded inside a test file get as many orders as the run's seeded copy.
      env: { SEED_ORDERS: "300", TEST_STORES: files.stores },
      pool: "forks" as const,
      // One process per worker for all its files: a fresh one per file loaded the server's modules and
      // compiled PGlite's WebAssembly again each time, about half the project's CPU. Each file opens its own
      // database copy and closes it, so nothing of one file's data reaches the next.
      isolate: false,
    },
  };
}

// The app's unit tests in jsdom (shared, and isolated for mocking files); the server's in node (above).
export default defineConfig({
  plugins: [react(), pageLoadDouble],
  test: {
    // Vitest's default leaves a core free (one worker on a 2-core CI machine): the run took twice as long.
    maxWorkers: Math.max(2, availableParallelism()),
    // jsdom renders of antd pages took over Vitest's default 5 s on a loaded 2-core machine; a hung test still fails.
    testTimeout: 15_000,
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          environment: "jsdom",
          include: [UNIT],
          exclude: [...MOCKING, ...UNIT_LONG],
          setupFiles: ["tests/unit/setup.ts"],
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: "unit-long",
          environment: "jsdom",
          include: UNIT_LONG,
          setupFiles: ["tests/unit/setup.ts"],
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: "unit-mocking",
          environment: "jsdom",
          include: MOCKING,
          setupFiles: ["tests/unit/setup.ts"],
        },
      },
      serverProject("server", { include: [SERVER], exclude: [...LONG, ...POSTGRES_ONLY], stores: "pglite" }),
      serverProject("server-postgres", { include: byStore, stores: "postgres" }),
      serverProject("server-long", { include: LONG, stores: "pglite,postgres" }),
    ],
  },
});
