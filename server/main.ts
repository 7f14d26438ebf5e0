import cluster from "node:cluster";
import { ConfigError, loadConfig } from "./config";

// The entry point (`npm start` runs its bundle; `tsx server/main.ts`): the environment, then either one server
// process (serve.ts) or, on PostgreSQL with WEB_CONCURRENCY above 1, a cluster primary (cluster.ts) whose
// workers each run serve.ts. The primary loads neither the app nor a database driver.

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (error) {
  process.stderr.write(`${error instanceof ConfigError ? error.message : String(error)}\n`);
  process.exit(1);
}

if (cluster.isPrimary && config.webConcurrency > 1) {
  const { runPrimary } = await import("./cluster");
  runPrimary(config);
} else {
  const { serveOrExit } = await import("./serve");
  await serveOrExit(config, cluster.isPrimary);
}
