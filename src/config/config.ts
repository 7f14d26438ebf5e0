// The app's configuration, read once from the build-time environment.
// main.tsx checks it with loadConfig before anything renders, so later callers can rely on it.
import { type AppConfig, loadConfig } from "./load-config";

export type { AppConfig } from "./load-config";

let current: AppConfig | undefined;

export function getConfig(): AppConfig {
  if (!current) {
    const { config, errors } = loadConfig(import.meta.env);
    if (!config) throw new Error(errors.join("\n"));
    current = config;
  }
  return current;
}
