// The two parts of the end-to-end run. npm test runs the everyday flows (E2E_PART=everyday): signing in with a
// password, the shell, the first-load budget, permissions, the CSR's and press operator's walk of every sidebar
// entry, order entry, the order desk and the press dashboard. The other flows (E2E_PART=rest) are CI's step after
// it (.ci/run), with Google sign-in and the no-config build among them: the Auth emulator, the second server and
// the second build they need cost npm test a minute of its ten on a 2-core machine. Without E2E_PART, every flow runs.

/** The spec files (names without .spec.ts) of the everyday part. */
export const EVERYDAY = [
  "shell",
  "first-load-budget",
  "identity",
  "permissions",
  "sidebar-walk-staff",
  "order-entry",
  "order-desk",
  "production-board",
];

/** The part asked for in E2E_PART (undefined: every flow); anything else is refused. */
export function e2ePart(value = process.env.E2E_PART) {
  if (value && value !== "everyday" && value !== "rest")
    throw new Error(`E2E_PART is everyday or rest, not ${value}`);
  return value || undefined;
}

/**
 * Whether the spec file `name` runs: in its part, and among the files named on the command line (`files`, the
 * arguments scripts/e2e.mjs passes to Playwright as filters; none means all).
 */
export function specRuns(name, part, files) {
  const everyday = EVERYDAY.includes(name);
  if ((part === "everyday" && !everyday) || (part === "rest" && everyday)) return false;
  return files.length === 0 || files.some((f) => f.includes(name));
}
