// The Firebase Auth emulator the end-to-end tests sign in with Google through. firebase-tools is big and has nothing to
// do with the app, so it lives in a package of its own (tools/firebase-emulator/), installed on first use and again
// when its pinned version changes. Its .npmrc skips install scripts: see that file.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { run } from "./run.mjs";

const root = new URL("..", import.meta.url).pathname;
export const emulatorDir = join(root, "tools", "firebase-emulator");

export const readJson = (file) => JSON.parse(readFileSync(file, "utf8"));

/**
 * Installs the emulator unless the pinned version is there; resolves with the exit code. `quiet`: npm's output is
 * kept and printed only on failure (npm test installs it while the unit tests print theirs).
 */
export async function ensureEmulatorInstalled({ quiet = false } = {}) {
  const wanted = readJson(join(emulatorDir, "package.json")).dependencies["firebase-tools"];
  const installed = join(emulatorDir, "node_modules", "firebase-tools", "package.json");
  if (existsSync(installed) && readJson(installed).version === wanted) return 0;
  if (!quiet)
    console.log(
      `Installing the Firebase Auth emulator (firebase-tools ${wanted}) into tools/firebase-emulator/...`,
    );
  const started = Date.now();
  const output = [];
  const code = await run(
    "npm",
    ["ci", "--prefix", emulatorDir, "--no-audit", "--no-fund", "--ignore-scripts"],
    quiet ? { cwd: root, output } : { cwd: root },
  );
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (code !== 0) {
    if (quiet) process.stderr.write(output.join(""));
    console.error(
      "Installing tools/firebase-emulator failed; the SSO tests need it. " +
        "Retry with: npm ci --prefix tools/firebase-emulator --no-audit --no-fund",
    );
  } else {
    console.log(`Installed the Firebase Auth emulator (firebase-tools ${wanted}) in ${seconds} s.`);
  }
  return code;
}
