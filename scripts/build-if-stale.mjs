// Builds the app into dist/ (or another folder, with another environment) unless the last build there came
// from the same inputs.
import { relative } from "node:path";
import { isBuildFresh, writeStamp } from "./build-stamp.mjs";
import { bin, run } from "./run.mjs";

const root = new URL("..", import.meta.url).pathname;

export async function buildIfStale({ outDir = `${root}dist`, env = process.env } = {}) {
  const name = `${relative(root, outDir) || "."}/`;
  if (isBuildFresh(root, outDir, env)) {
    console.log(`App build is up to date (${name}).`);
    return 0;
  }
  console.log(`Building the app into ${name} (vite build)...`);
  const started = Date.now();
  const code = await run(bin("vite"), ["build", "--logLevel", "warn", "--outDir", outDir, "--emptyOutDir"], {
    cwd: root,
    env,
  });
  if (code === 0) {
    writeStamp(root, outDir, env);
    console.log(`Built in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  }
  return code;
}

if (import.meta.url === `file://${process.argv[1]}`) process.exit(await buildIfStale());
