// The benchmark's npm tools. They are installed here (bench/tools/node_modules, by bench/run.ts) rather than in the
// app's package.json, and imported through this file so that Node resolves them from this folder.
export { default as autocannon } from "autocannon";
export { default as lighthouse } from "lighthouse";
export { default as desktopConfig } from "lighthouse/core/config/desktop-config.js";
export { default as puppeteer } from "puppeteer-core";
