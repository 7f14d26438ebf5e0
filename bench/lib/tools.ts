// Lighthouse, puppeteer-core and autocannon live in bench/tools/ (a package of their own, so the app's `npm ci`
// stays lean): installed there on first use, from its package-lock.json, then imported through bench/tools/load.mjs.
// Its package.json pins third-party-web: Lighthouse's trace engine asks for its "latest" tag, which npm ci would
// otherwise find out of step with the lock file whenever a new version is published.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { runCommand } from "./commands";
import { ROOT } from "./server";

const TOOLS = join(ROOT, "bench", "tools");

/** Installs bench/tools/ when a pinned tool is missing or at another version; answers the exit code. */
export async function ensureToolsInstalled(): Promise<number> {
  const wanted = JSON.parse(readFileSync(join(TOOLS, "package.json"), "utf8")).dependencies as Record<
    string,
    string
  >;
  const stale = Object.entries(wanted).filter(([name, version]) => {
    const installed = join(TOOLS, "node_modules", name, "package.json");
    return !existsSync(installed) || JSON.parse(readFileSync(installed, "utf8")).version !== version;
  });
  if (stale.length === 0) return 0;
  console.log(`Installing the benchmark's tools into bench/tools/ (${stale.map(([n]) => n).join(", ")})...`);
  const started = Date.now();
  const code = await runCommand("npm", ["ci", "--prefix", TOOLS, "--no-audit", "--no-fund"]);
  if (code === 0) console.log(`Installed in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  else console.error("Installing bench/tools failed; retry with: npm ci --prefix bench/tools");
  return code;
}

export const tools = () => import("../tools/load.mjs");
