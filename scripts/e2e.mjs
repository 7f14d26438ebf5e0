// npm run test:e2e: production build, a second build without VITE_TENANT_ID, then Playwright in Debian's Chromium
// against the real server on a free port with a fresh data folder.
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildIfStale } from "./build-if-stale.mjs";
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

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

if ((await buildIfStale()) !== 0) process.exit(1);

// The configuration check is a build-time matter, so it needs a build of its own.
const noConfigDir = join(root, ".e2e", "noconfig-dist");
const noConfigCode = await run(
  bin("vite"),
  ["build", "--logLevel", "error", "--outDir", noConfigDir, "--emptyOutDir"],
  {
    cwd: root,
    env: { ...process.env, VITE_TENANT_ID: "" },
  },
);
if (noConfigCode !== 0) process.exit(noConfigCode);

const dataDir = mkdtempSync(join(tmpdir(), "pressroom-e2e-"));
const env = {
  ...process.env,
  E2E_PORT: String(await freePort()),
  E2E_DATA_DIR: dataDir,
  E2E_NOCONFIG_DIR: noConfigDir,
  CHROMIUM_PATH: chromium,
};
const code = await run(bin("playwright"), ["test", ...process.argv.slice(2)], { cwd: root, env });
rmSync(dataDir, { recursive: true, force: true });
process.exit(code);
