// npm run test:e2e: a production build that knows the Firebase Auth emulator, then Playwright in Debian's Chromium
// against the real server, on free ports with fresh data folders. When the run includes them: the emulator's own
// install (tools/firebase-emulator/, once) and a second server that uses it for Google sign-in, a second build
// without VITE_TENANT_ID, and the local Stripe API (playwright.config.ts starts the servers).
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { buildIfStale } from "./build-if-stale.mjs";
import { buildServer } from "./build-server.mjs";
import { e2ePart, specRuns } from "./e2e-parts.mjs";
import { emulatorDir, ensureEmulatorInstalled, readJson } from "./firebase-emulator.mjs";
import { bin, run } from "./run.mjs";

const root = new URL("..", import.meta.url).pathname;
const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

if (!existsSync(chromium)) {
  console.error(
    `End-to-end tests need Debian's Chromium at ${chromium}, which is missing.\n` +
      "Install it with: apt-get install -y chromium",
  );
  process.exit(1);
}

/** Resolves with the port if nothing listens on it at 127.0.0.1, else with null. */
function tryPort(port) {
  return new Promise((resolve) => {
    const server = createServer();
    server.once("error", () => resolve(null));
    server.listen(port, "127.0.0.1", () => {
      const { port: bound } = server.address();
      server.close(() => resolve(bound));
    });
  });
}

async function freePort() {
  const port = await tryPort(0);
  if (port === null) throw new Error("No free port on 127.0.0.1");
  return port;
}

// What this run needs beyond the main server: Google sign-in's emulator and server, the no-config build, Stripe's
// local API, each only when a flow that uses it runs (scripts/e2e-parts.mjs).
const part = e2ePart();
const files = process.argv.slice(2).filter((a) => !a.startsWith("-"));
const withSso = specRuns("sso", part, files);
const withNoConfig = specRuns("shell-noconfig", part, files);
const withStripe = specRuns("card-payments", part, files);
const withStorage = specRuns("file-storage", part, files);

if (withSso && (await ensureEmulatorInstalled()) !== 0) process.exit(1);

// The emulator's address is baked into the build (VITE_FIREBASE_AUTH_EMULATOR_URL). The port of
// tools/firebase-emulator/firebase.json is used whenever it is free, and the build in .e2e/dist/ then stays reusable
// from run to run. When it is taken (another run, another emulator), a free port is used and the build for it goes
// into a folder of its own, removed afterwards, so that a run in progress keeps its build. The emulator suite's hub
// and logging ports (4400, 4500 by default) are free ones of each run's own: another run's emulator may hold those.
const firebaseJson = join(emulatorDir, "firebase.json");
const emulatorSettings = readJson(firebaseJson);
const defaultEmulatorPort = emulatorSettings.emulators.auth.port;
const emulatorPort =
  Number(process.env.E2E_EMULATOR_PORT) || (await tryPort(defaultEmulatorPort)) || (await freePort());
const ownPort = emulatorPort !== defaultEmulatorPort;
let staticDir = join(root, ".e2e", "dist");
if (ownPort) {
  console.log(`The Auth emulator uses port ${emulatorPort} (${defaultEmulatorPort} is taken or overridden).`);
  staticDir = join(root, ".e2e", `dist-${emulatorPort}`);
}
emulatorSettings.emulators.auth.port = emulatorPort;
emulatorSettings.emulators.hub = { host: "127.0.0.1", port: await freePort() };
emulatorSettings.emulators.logging = { host: "127.0.0.1", port: await freePort() };
mkdirSync(join(root, ".e2e"), { recursive: true });
const firebaseConfig = join(root, ".e2e", `firebase-${process.pid}.json`);
writeFileSync(firebaseConfig, `${JSON.stringify(emulatorSettings, null, 2)}\n`);

// The end-to-end build has a folder of its own, so that dist/ (npm start) never carries the emulator's address.
const buildEnv = { ...process.env, VITE_FIREBASE_AUTH_EMULATOR_URL: `http://127.0.0.1:${emulatorPort}` };
if ((await buildIfStale({ outDir: staticDir, env: buildEnv })) !== 0) process.exit(1);

// The server as npm start runs it.
if ((await buildServer()) !== 0) process.exit(1);

// The configuration check is a build-time matter, so it needs a build of its own. Only shell-noconfig.spec.ts serves
// it: it builds while the servers start and the first tests run, and says it is done in a file of its own (with its
// exit code), which that test waits for.
const noConfigDir = join(root, ".e2e", "noconfig-dist");
const noConfigDone = `${noConfigDir}.done`;
rmSync(noConfigDone, { force: true });
const noConfigBuild = withNoConfig
  ? run(bin("vite"), ["build", "--logLevel", "error", "--outDir", noConfigDir, "--emptyOutDir"], {
      cwd: root,
      env: { ...process.env, VITE_TENANT_ID: "" },
    }).then((code) => {
      writeFileSync(noConfigDone, String(code));
      return code;
    })
  : Promise.resolve(0);

const dataDir = mkdtempSync(join(tmpdir(), "pressroom-e2e-"));
// The emulator keeps a file per project in the temp folder that another run's emulator of the same project reads
// as its own ("multiple instances … for project demo-pressroom", then it exits): each run gets a temp folder.
const emulatorTmp = mkdtempSync(join(tmpdir(), "pressroom-e2e-emulator-"));
const ssoDataDir = mkdtempSync(join(tmpdir(), "pressroom-e2e-sso-"));
const storageDataDir = mkdtempSync(join(tmpdir(), "pressroom-e2e-storage-"));
const env = {
  ...process.env,
  ...(withStripe ? { E2E_STRIPE_PORT: String(await freePort()) } : {}),
  // Firebase Storage answered locally and a server that keeps order files there (tests/e2e/file-storage.spec.ts).
  ...(withStorage
    ? {
        E2E_STORAGE_PORT: process.env.E2E_STORAGE_PORT || String(await freePort()),
        E2E_STORAGE_SERVER_PORT: process.env.E2E_STORAGE_SERVER_PORT || String(await freePort()),
        E2E_STORAGE_DATA_DIR: storageDataDir,
      }
    : {}),
  E2E_PORT: String(await freePort()),
  E2E_DATA_DIR: dataDir,
  E2E_SSO_PORT: String(await freePort()),
  E2E_SSO_DATA_DIR: ssoDataDir,
  E2E_STATIC_DIR: relative(root, staticDir),
  E2E_NOCONFIG_DIR: noConfigDir,
  E2E_EMULATOR_PORT: String(emulatorPort),
  // playwright.config.ts starts the emulator and the Google sign-in server only then.
  E2E_SSO: withSso ? "1" : "0",
  E2E_FIREBASE_CONFIG: relative(root, firebaseConfig),
  E2E_EMULATOR_TMP: emulatorTmp,
  CHROMIUM_PATH: chromium,
};
const playwright = await run(bin("playwright"), ["test", ...process.argv.slice(2)], { cwd: root, env });
const noConfigCode = await noConfigBuild;
const code = playwright || noConfigCode;
for (const dir of [dataDir, ssoDataDir, storageDataDir, emulatorTmp])
  rmSync(dir, { recursive: true, force: true });
rmSync(firebaseConfig, { force: true });
if (ownPort) rmSync(staticDir, { recursive: true, force: true });
process.exit(code);
