// How a file's preflight reads on the page: its state (checking while the server runs it, not
// checked, or the result), the tag's colour and words, and each check's name.
import type { PreflightResult } from "./file-kinds";

export interface PreflightCheck {
  check: string;
  result: PreflightResult;
  message: string;
}
export type PreflightState = PreflightResult | "checking" | "none";

/** The server keeps `preflight = []` and no result while it checks (server/preflight/runner.ts). */
export function preflightState(file: {
  preflight_result: PreflightResult | null;
  preflight: PreflightCheck[] | null;
}): PreflightState {
  if (file.preflight_result) return file.preflight_result;
  return Array.isArray(file.preflight) && file.preflight.length === 0 ? "checking" : "none";
}

export const PREFLIGHT_TAG: Record<PreflightState, { label: string }> = {
  pass: { label: "Passed" },
  warn: { label: "Warnings" },
  fail: { label: "Failed" },
  checking: { label: "Checking…" },
  none: { label: "Not checked" },
};

const CHECK_NAMES: Record<string, string> = {
  pages: "Pages",
  trim: "Trim size",
  bleed: "Bleed",
  fonts: "Fonts",
  resolution: "Image resolution",
  colour: "Colour",
  pdf: "File",
  size: "File size",
  service: "Preflight service",
};
export const checkName = (check: string) => CHECK_NAMES[check] ?? check;

/** The tag's one-line summary: the sentences of what did not pass. */
export function preflightSummary(checks: PreflightCheck[] | null): string {
  return (checks ?? [])
    .filter((c) => c.result !== "pass")
    .map((c) => c.message)
    .join(" ");
}

/** Poll every 2 s while a listed file is being checked (the result is written in the background). */
export function checkingEvery(
  files: { preflight_result: PreflightResult | null; preflight: PreflightCheck[] | null }[] | undefined,
): number | false {
  return (files ?? []).some((f) => preflightState(f) === "checking") ? 2000 : false;
}
