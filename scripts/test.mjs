// npm test: type check, lint, unit and server tests (Vitest; the server's on PGlite), the everyday end-to-end flows
// (Playwright in Chromium). CI then runs the rest (.ci/run): the other end-to-end flows, the server's tests on
// PostgreSQL and its exhaustive walks (npm run test:long), the accessibility pass and the reliability run.
// The type check and lint run beside Vitest (they only read the sources; Vitest's start, bundling the server and
// seeding the databases, leaves a core free for them), their output printed when each ends; the end-to-end tests
// follow once all three pass. Closes with each step's time and one line that counts every test that ran.
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { bin, run } from "./run.mjs";

const root = new URL("..", import.meta.url).pathname;
const results = `${root}test-results`;
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

/** Steps that run together ([name, command, args, quiet]); a quiet step's output is printed when it ends. */
const together = [
  ["type check", bin("tsc"), ["-p", "tsconfig.json"], true],
  ["lint", bin("biome"), ["check", "."], true],
  [
    "unit and server tests",
    bin("vitest"),
    [
      "run",
      ...["unit", "unit-mocking", "server"].flatMap((project) => ["--project", project]),
      "--reporter=default",
      "--reporter=json",
      `--outputFile.json=${results}/vitest.json`,
    ],
    false,
  ],
];
const e2e = ["end-to-end tests (everyday flows)", process.execPath, ["scripts/e2e.mjs"]];

const flaky = [];
const skips = [];

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
    for (const file of report.testResults)
      for (const test of file.assertionResults)
        if (test.status !== "passed" && test.status !== "failed")
          skips.push(`${test.fullName}${test.meta?.skipped ? ` [${test.meta.skipped}]` : ""}`);
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

const began = Date.now();
const times = [];
const failedSteps = [];

async function step(name, command, args, quiet = false) {
  const started = Date.now();
  console.log(`\n=== ${name} ===${quiet ? " (beside the others; its output when it ends)" : ""}`);
  const output = quiet ? [] : undefined;
  const code = await run(command, args, { cwd: root, output });
  const seconds = (Date.now() - started) / 1000;
  times.push([name, seconds]);
  if (output?.length) console.log(`\n--- ${name} ---\n${output.join("").trimEnd()}`);
  console.log(`=== ${name}: ${code === 0 ? "ok" : `failed (exit ${code})`} in ${seconds.toFixed(1)} s`);
  if (code !== 0) failedSteps.push(name);
  return code;
}

await Promise.all(together.map(([name, command, args, quiet]) => step(name, command, args, quiet)));
if (failedSteps.length === 0) {
  process.env.E2E_PART = "everyday"; // scripts/e2e-parts.mjs: the flows npm test runs (no Auth emulator among them)
  await step(...e2e);
}

// Each step's time together at the end, where a reader of a long CI log looks (the goal: under ten minutes in all).
// The first three overlap, so the total is the run's own clock, not their sum.
console.log("\nstep times:");
for (const [name, seconds] of times) console.log(`  ${name.padEnd(36)}${seconds.toFixed(1).padStart(7)} s`);
const total = (Date.now() - began) / 1000;
console.log(`  ${"total".padEnd(36)}${total.toFixed(1).padStart(7)} s (${(total / 60).toFixed(1)} min)`);

const { passed, failed, skipped } = counts();
if (failedSteps.length) console.error(`\nnpm test failed at: ${failedSteps.join(", ")}`);
console.log(`\ntests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
for (const title of flaky) console.log(`flaky (failed, then passed on its retry): ${title}`);
for (const title of skips) console.log(`skipped: ${title}`);
process.exit(failedSteps.length ? 1 : 0);
