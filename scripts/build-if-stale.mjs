// Builds the app into dist/ unless the last build came from the same inputs.
import { isBuildFresh, writeStamp } from "./build-stamp.mjs";
import { bin, run } from "./run.mjs";

const root = new URL("..", import.meta.url).pathname;

export async function buildIfStale() {
  if (isBuildFresh(root, `${root}dist`)) {
    console.log("App build is up to date (dist/).");
    return 0;
  }
  console.log("Building the app (vite build)...");
  const started = Date.now();
  const code = await run(bin("vite"), ["build", "--logLevel", "warn"], { cwd: root });
  if (code === 0) {
    writeStamp(root, `${root}dist`);
    console.log(`Built in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  }
  return code;
}

if (import.meta.url === `file://${process.argv[1]}`) process.exit(await buildIfStale());
