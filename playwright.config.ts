import { fileURLToPath } from "node:url";
import { defineConfig } from "@playwright/test";
import { SERVER_NODE_FLAGS } from "./scripts/build-server.mjs";
import { EVERYDAY, e2ePart } from "./scripts/e2e-parts.mjs";
import { CHROMIUM, CHROMIUM_ARGS } from "./tests/e2e/chromium";
import { STORAGE_E2E } from "./tests/e2e/storage-stand-in";
import { STRIPE_E2E } from "./tests/e2e/stripe-stand-in";
import { FOUR_OVER_E2E_PORT } from "./tests/server/four-over-server";

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

// scripts/e2e.mjs installs the emulator, builds the app, picks the ports and the data folders; these defaults serve
// a direct `npx playwright test` after one run of it.
const port = Number(process.env.E2E_PORT ?? 48080);
const dataDir = process.env.E2E_DATA_DIR ?? ".e2e/data";
const staticDir = process.env.E2E_STATIC_DIR ?? ".e2e/dist";
const emulatorPort = Number(process.env.E2E_EMULATOR_PORT ?? 9099);
const firebaseConfig = here(process.env.E2E_FIREBASE_CONFIG ?? "tools/firebase-emulator/firebase.json");
const ssoPort = Number(process.env.E2E_SSO_PORT ?? 48081);
const ssoDataDir = process.env.E2E_SSO_DATA_DIR ?? ".e2e/sso-data";
// The local Stripe API of tests/e2e/card-payments.spec.ts: its port set by scripts/e2e.mjs when that flow runs.
const stripeEnv: Record<string, string> = STRIPE_E2E.running
  ? {
      STRIPE_SECRET_KEY: STRIPE_E2E.secretKey,
      STRIPE_WEBHOOK_SECRET: STRIPE_E2E.webhookSecret,
      STRIPE_API_BASE: STRIPE_E2E.url,
      // The stand-in for Stripe.js confirms with the local API from the page.
      CSP_EXTRA_ORIGINS: STRIPE_E2E.url,
    }
  : {};

/** A Pressroom server as npm start runs it (the bundle scripts/e2e.mjs builds, with its flags). */
const server = (name: string, serverPort: number, env: Record<string, string>) => ({
  name,
  command: process.execPath,
  args: [...SERVER_NODE_FLAGS, "build/server/main.mjs"],
  cwd: here("."),
  url: `http://127.0.0.1:${serverPort}/api/v1/health`,
  stdout: false,
  env: {
    PORT: String(serverPort),
    HOST: "127.0.0.1",
    STATIC_DIR: staticDir,
    PRESSROOM_TEST_OUTBOX: "1",
    LOG_LEVEL: "warn",
    // A fresh data folder is seeded at start; 12,000 demo orders made that start too slow here.
    SEED_ORDERS: process.env.SEED_ORDERS ?? "2000",
    ...env,
  },
});

/** The Firebase Auth emulator and the server that signs in with it (tests/e2e/sso.spec.ts). */
const ssoServers = [
  {
    // The Firebase Auth emulator: JavaScript inside firebase-tools (no Java), nothing downloaded. Most of its start
    // is compiling its API schema (15-30 s on 2 cores). Its output is shown: it is short, and it is where a failed
    // start explains itself (a firebase-debug.log may stay in its folder).
    name: "auth-emulator",
    command: process.execPath,
    args: [
      "node_modules/firebase-tools/lib/bin/firebase.js",
      "emulators:start",
      "--only",
      "auth",
      "--project",
      "demo-pressroom",
      "--non-interactive",
      "--config",
      firebaseConfig,
    ],
    cwd: here("tools/firebase-emulator"),
    url: `http://127.0.0.1:${emulatorPort}/`,
    stdout: true,
    // CI: no "message of the day" fetch; NO_UPDATE_NOTIFIER: no npm registry check. A configuration folder of its
    // own keeps a developer's Firebase login and usage-reporting choice out of the run.
    env: {
      CI: "1",
      NO_UPDATE_NOTIFIER: "1",
      XDG_CONFIG_HOME: here(".e2e/firebase-config"),
      // A temp folder of the run's own (scripts/e2e.mjs): two runs' emulators never read each other's files.
      ...(process.env.E2E_EMULATOR_TMP ? { TMPDIR: process.env.E2E_EMULATOR_TMP } : {}),
    },
  },
  // The server of tests/e2e/sso.spec.ts: the same build, with the emulator as its identity provider. Its tests sign
  // in and land on the home page: no order of the demo tenant is read, so a small seed keeps its start short.
  server("sso-server", ssoPort, {
    DATA_DIR: ssoDataDir,
    FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${emulatorPort}`,
    FIREBASE_PROJECT_ID: "demo-pressroom",
    SEED_ORDERS: "100",
  }),
];

/** Firebase Storage answered locally, and a server that keeps order files there (tests/e2e/file-storage.spec.ts). */
const storageServers = [
  {
    name: "storage-local",
    command: process.execPath,
    args: ["tests/storage-local.mjs"],
    cwd: here("."),
    url: `http://${STORAGE_E2E.storageHost}/`,
    stdout: false,
    env: { STORAGE_LOCAL_PORT: String(STORAGE_E2E.storagePort) },
  },
  server("storage-server", STORAGE_E2E.serverPort, {
    DATA_DIR: process.env.E2E_STORAGE_DATA_DIR ?? ".e2e/storage-data",
    FILE_STORAGE: "firebase",
    FIREBASE_PROJECT_ID: "demo-pressroom",
    FIREBASE_STORAGE_EMULATOR_HOST: STORAGE_E2E.storageHost,
    FIREBASE_SHOP_FILES_BUCKET: STORAGE_E2E.buckets.shop,
    FIREBASE_CUSTOMER_PROOFS_BUCKET: STORAGE_E2E.buckets.proofs,
    SEED_ORDERS: "100",
  }),
];

// The processes the tests need, started side by side by scripts/e2e-servers.mjs and stopped after the run.
const servers = [
  // The server of every test but Google sign-in: without an identity provider, as a plain install runs.
  // 4over is where tests/e2e/four-over.spec.ts starts its local stand-in (a tenant may not point it elsewhere).
  server("server", port, {
    DATA_DIR: dataDir,
    FOUR_OVER_API_URL: `http://127.0.0.1:${FOUR_OVER_E2E_PORT}`,
    ...stripeEnv,
  }),
  // Google sign-in's emulator and server: scripts/e2e.mjs sets E2E_SSO=0 when sso.spec.ts is not in the run.
  ...(process.env.E2E_SSO === "0" ? [] : ssoServers),
  ...(STORAGE_E2E.running ? storageServers : []),
  // Stripe's API as documented, answered locally; its webhooks go to the first server.
  ...(STRIPE_E2E.running
    ? [
        {
          name: "stripe-local",
          command: process.execPath,
          args: ["scripts/stripe-local.mjs"],
          cwd: here("."),
          url: `${STRIPE_E2E.url}/`,
          stdout: false,
          env: {
            STRIPE_LOCAL_PORT: String(STRIPE_E2E.port),
            STRIPE_SECRET_KEY: STRIPE_E2E.secretKey,
            STRIPE_PUBLISHABLE_KEY: STRIPE_E2E.publishableKey,
            STRIPE_WEBHOOK_SECRET: STRIPE_E2E.webhookSecret,
            STRIPE_WEBHOOK_URL: `http://127.0.0.1:${port}/api/v1/webhooks/stripe`,
          },
        },
      ]
    : []),
];

// The part of the run (scripts/e2e-parts.mjs); the accessibility pass over every page (about 250, 2-4 s each,
// E2E_A11Y=1) is a CI step of its own.
const part = e2ePart();
const EVERYDAY_FILES = EVERYDAY.map((name) => `**/${name}.spec.ts`);

export default defineConfig({
  testDir: "tests/e2e",
  testMatch: part === "everyday" ? EVERYDAY_FILES : "**/*.spec.ts",
  testIgnore: [
    ...(process.env.E2E_A11Y === "1" ? [] : ["**/a11y-pages-*.spec.ts"]),
    ...(part === "rest" ? EVERYDAY_FILES : []),
  ],
  // Two files at a time (one per core): the tests make their own records with names of their own, so they share
  // the servers; a file's tests stay in order in one worker. Half the run's time against one worker.
  fullyParallel: false,
  workers: 2,
  // One retry, and npm test prints every test that needed it, by name, so none hides. The two known flaky tests are
  // fixed: the press board always has claimable runs (the seed, fed28f4), and a delete is no longer undone by a
  // list refresh that was in flight (src/providers/query-client.ts).
  retries: 1,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  // Playwright empties its outputDir at start: keep it apart from the reports scripts/test.mjs counts.
  outputDir: "test-results/playwright",
  reporter: [["list"], ["json", { outputFile: "test-results/e2e.json" }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: "off",
    launchOptions: {
      executablePath: CHROMIUM,
      args: CHROMIUM_ARGS,
    },
  },
  webServer: {
    name: "servers",
    command: `${JSON.stringify(process.execPath)} scripts/e2e-servers.mjs`,
    env: { E2E_SERVERS: JSON.stringify(servers) },
    wait: { stdout: /e2e servers ready/ },
    reuseExistingServer: false,
    // The three side by side: the sum of the time each was given when they started one after the other.
    timeout: 420_000,
    stdout: "pipe",
    stderr: "pipe",
    gracefulShutdown: { signal: "SIGTERM", timeout: 15_000 },
  },
});
