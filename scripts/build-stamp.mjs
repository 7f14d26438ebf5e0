// Decides whether dist/ is stale: a hash over every input of the app build, stored beside the build.
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const INPUTS = [
  "src",
  "index.html",
  "public",
  ".env",
  ".env.local",
  "vite.config.ts",
  "scripts/prerender-guest-pages.mjs",
  "package-lock.json",
];

function walk(path, files) {
  if (!existsSync(path)) return;
  if (statSync(path).isDirectory()) {
    for (const name of readdirSync(path).sort()) walk(join(path, name), files);
  } else {
    files.push(path);
  }
}

export function inputsHash(root, env = process.env) {
  const hash = createHash("sha256");
  const files = [];
  for (const input of INPUTS) walk(join(root, input), files);
  for (const file of files) {
    hash.update(file);
    hash.update(readFileSync(file));
  }
  // VITE_* variables of the environment take precedence over .env, so they are inputs too.
  for (const key of Object.keys(env)
    .filter((k) => k.startsWith("VITE_"))
    .sort()) {
    hash.update(`${key}=${env[key]}`);
  }
  return hash.digest("hex");
}

export function isBuildFresh(root, outDir, env = process.env) {
  const stamp = join(outDir, ".build-stamp");
  return (
    existsSync(join(outDir, "index.html")) &&
    existsSync(stamp) &&
    readFileSync(stamp, "utf8") === inputsHash(root, env)
  );
}

export function writeStamp(root, outDir, env = process.env) {
  writeFileSync(join(outDir, ".build-stamp"), inputsHash(root, env));
}
