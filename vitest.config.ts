import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

// Two projects: the app's unit tests in jsdom, the server's integration tests in node.
export default defineConfig({
  plugins: [react()],
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          environment: "jsdom",
          include: ["tests/unit/**/*.test.{ts,tsx}"],
          setupFiles: ["tests/unit/setup.ts"],
        },
      },
      {
        test: {
          name: "server",
          environment: "node",
          include: ["tests/server/**/*.test.ts"],
          // Seeds once per run; each file's database is a copy (see the file).
          globalSetup: ["tests/server/global-setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Databases seeded inside a test file get as many orders as the run's seeded copy.
          env: { SEED_ORDERS: "300" },
          pool: "forks",
        },
      },
    ],
  },
});
