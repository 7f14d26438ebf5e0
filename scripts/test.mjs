// npm test: type check, lint, unit and server tests (Vitest), end-to-end tests (Playwright in Chromium).
// Stops at the first failing step and closes with one line that counts every test that ran.
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { ensureEmulatorInstalled } from "./firebase-emulator.mjs";
import { bin, run } from "./run.mjs";

const root = new URL("..", import.meta.url).pathname;
const results = `${root}test-results`;
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

const steps = [
  ["type check", bin("tsc"), ["-p", "tsconfig.json"]],
  ["lint", bin("biome"), ["check", "."]],
  [
    "unit and server tests",
    bin("vitest"),
    ["run", "--reporter=default", "--reporter=json", `--outputFile.json=${results}/vitest.json`],
  ],
  ["end-to-end tests", process.execPath, ["scripts/e2e.mjs"]],
];

const flaky = [];

/** The titles of the e2e tests that failed first and passed on their retry (Playwright's JSON report). */
function flakyTitles(suites = []) {
  return suites.flatMap((suite) => [
    ...(suite.specs ?? [])
      .filter((spec) => spec.tests?.some((t) => t.status === "flaky"))
      .map((spec) => `${spec.file} › ${spec.title}`),
    ...flakyTitles(suite.suites),
  ]);
}

function counts() {
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  const vitest = `${results}/vitest.json`;
  if (existsSync(vitest)) {
    const report = JSON.parse(readFileSync(vitest, "utf8"));
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    skipped += report.numPendingTests + report.numTodoTests;
  }
  const e2e = `${results}/e2e.json`;
  if (existsSync(e2e)) {
    const { stats, suites } = JSON.parse(readFileSync(e2e, "utf8"));
    passed += stats.expected + stats.flaky;
    flaky.push(...flakyTitles(suites));
    failed += stats.unexpected;
    skipped += stats.skipped;
  }
  return { passed, failed, skipped };
}

// The end-to-end tests' emulator (a download on a fresh machine, ~40 s of network) installs while the other steps run.
const emulatorInstall = ensureEmulatorInstalled({ quiet: true });

let failedStep;
const times = [];
for (const [name, command, args] of steps) {
  const started = Date.now();
  console.log(`\n=== ${name} ===`);
  const ready = name === "end-to-end tests" ? await emulatorInstall : 0;
  const code = ready === 0 ? await run(command, args, { cwd: root }) : ready;
  const seconds = (Date.now() - started) / 1000;
  times.push([name, seconds]);
  console.log(`=== ${name}: ${code === 0 ? "ok" : `failed (exit ${code})`} in ${seconds.toFixed(1)} s`);
  if (code !== 0) {
    failedStep = name;
    break;
  }
}

// Not left half-done behind an early failure (the next run would take a partial install for a whole one).
await emulatorInstall;

// Each step's time together at the end, where a reader of a long CI log looks (the goal: under ten minutes in all).
console.log("\nstep times:");
for (const [name, seconds] of times) console.log(`  ${name.padEnd(24)}${seconds.toFixed(1).padStart(7)} s`);
const total = times.reduce((sum, [, seconds]) => sum + seconds, 0);
console.log(`  ${"total".padEnd(24)}${total.toFixed(1).padStart(7)} s (${(total / 60).toFixed(1)} min)`);

const { passed, failed, skipped } = counts();
if (failedStep) console.error(`\nnpm test failed at: ${failedStep}`);
console.log(`\ntests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
for (const title of flaky) console.log(`flaky (failed, then passed on its retry): ${title}`);
process.exit(failedStep ? 1 : 0);
