import { defineConfig } from "@playwright/test";

// scripts/e2e.mjs picks the port and the data folder; these defaults serve a direct `npx playwright test`.
const port = Number(process.env.E2E_PORT ?? 48080);
const dataDir = process.env.E2E_DATA_DIR ?? ".e2e/data";

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [["list"], ["json", { outputFile: "test-results/e2e.json" }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: "off",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  webServer: {
    command: "node_modules/.bin/tsx server/main.ts",
    url: `http://127.0.0.1:${port}/api/v1/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      STATIC_DIR: "dist",
      PRESSROOM_TEST_OUTBOX: "1",
      LOG_LEVEL: "warn",
    },
  },
});
