import type { PreflightResult } from "../../src/custom/orders/file-kinds";

// The pure half of preflight: the size and bleed verdicts from a page's boxes (in points) against
// the product's finished size (in inches), the resolution verdict, and the overall result. The PDF
// reading is in checks.ts; these are tested as units.

export interface Check {
  check: string;
  result: PreflightResult;
  message: string;
}
export interface PreflightReport {
  result: PreflightResult;
  checks: Check[];
}
/** What the file should be: the product's finished size and bleed in inches, when known. */
export interface PreflightSpec {
  width?: number;
  height?: number;
  /** Bleed on each side; 1/8" when the product does not say. */
  bleed: number;
}
/** A box as [left, bottom, right, top] in points. */
export type Box = [number, number, number, number];

export const DEFAULT_BLEED = 0.125;
/** Sizes within 0.02" (about 1.4 pt) count as equal: exports round box edges. */
const TOLERANCE = 0.02;
export const GOOD_PPI = 300;
export const POOR_PPI = 150;

const RANK: Record<PreflightResult, number> = { pass: 0, warn: 1, fail: 2 };
export const worst = (results: PreflightResult[]): PreflightResult =>
  results.reduce<PreflightResult>((a, b) => (RANK[b] > RANK[a] ? b : a), "pass");
export const report = (checks: Check[]): PreflightReport => ({
  result: worst(checks.map((c) => c.result)),
  checks,
});

/** Inches as a person writes them: 3.5, 2, 0.125. */
export const inches = (n: number) => String(Math.round(n * 1000) / 1000);
const size = (w: number, h: number) => `${inches(w)} × ${inches(h)} in`;
const widthOf = (b: Box) => (b[2] - b[0]) / 72;
const heightOf = (b: Box) => (b[3] - b[1]) / 72;
const near = (a: number, b: number) => Math.abs(a - b) <= TOLERANCE;
/** The box is w × h inches, either way round. */
const sized = (b: Box, w: number, h: number) =>
  (near(widthOf(b), w) && near(heightOf(b), h)) || (near(widthOf(b), h) && near(heightOf(b), w));

export interface PageBoxes {
  media: Box;
  trim?: Box;
  bleed?: Box;
}

/**
 * The page's trim: its trim box; else, when the page is exactly the finished size plus bleed, the
 * finished size centred on it (a common export without boxes); else the page itself.
 */
export function trimOf(page: PageBoxes, spec: PreflightSpec): { box: Box; implied: boolean } {
  if (page.trim) return { box: page.trim, implied: false };
  const m = page.media;
  if (spec.width && spec.height && sized(m, spec.width + 2 * spec.bleed, spec.height + 2 * spec.bleed)) {
    const inset = spec.bleed * 72;
    return { box: [m[0] + inset, m[1] + inset, m[2] - inset, m[3] - inset], implied: true };
  }
  return { box: m, implied: false };
}

export function trimCheck(page: PageBoxes, spec: PreflightSpec): Check {
  const { box, implied } = trimOf(page, spec);
  const trim = size(widthOf(box), heightOf(box));
  if (!spec.width || !spec.height) {
    return {
      check: "trim",
      result: "pass",
      message: `The trim is ${trim} (no product size to compare it with).`,
    };
  }
  const finished = size(spec.width, spec.height);
  if (!sized(box, spec.width, spec.height)) {
    return {
      check: "trim",
      result: "fail",
      message: `The trim is ${trim}; the product is finished at ${finished}.`,
    };
  }
  return {
    check: "trim",
    result: "pass",
    message: implied
      ? `No trim box: the page is the finished size ${finished} plus bleed, which is right.`
      : `The trim is ${trim}, the product's finished size.`,
  };
}

export function bleedCheck(page: PageBoxes, spec: PreflightSpec): Check {
  const trim = trimOf(page, spec).box;
  const outer = page.bleed ?? page.media;
  // Artwork cannot bleed past the page itself.
  const limit: Box = [
    Math.max(outer[0], page.media[0]),
    Math.max(outer[1], page.media[1]),
    Math.min(outer[2], page.media[2]),
    Math.min(outer[3], page.media[3]),
  ];
  const sides = {
    left: (trim[0] - limit[0]) / 72,
    bottom: (trim[1] - limit[1]) / 72,
    right: (limit[2] - trim[2]) / 72,
    top: (limit[3] - trim[3]) / 72,
  };
  const need = spec.bleed;
  const short = Object.entries(sides).filter(([, v]) => v < need - TOLERANCE / 2);
  const wanted =
    spec.width && spec.height ? ` (a page of ${size(spec.width + 2 * need, spec.height + 2 * need)})` : "";
  if (short.length === 4 && short.every(([, v]) => v < TOLERANCE / 2)) {
    return {
      check: "bleed",
      result: "fail",
      message: `No bleed: the artwork stops at the trim. Extend it ${inches(need)} in past each edge${wanted}.`,
    };
  }
  if (short.length > 0) {
    const least = Math.min(...short.map(([, v]) => Math.max(v, 0)));
    return {
      check: "bleed",
      result: "fail",
      message: `The bleed is only ${inches(least)} in on ${short.length === 4 ? "every side" : `the ${listOf(short.map(([k]) => k))}`}; ${inches(need)} in is needed on each side${wanted}.`,
    };
  }
  return { check: "bleed", result: "pass", message: `${inches(need)} in bleed on each side.` };
}

/** The resolution verdict over the images drawn: their lowest effective pixels per inch. */
export function resolutionCheck(images: { ppi: number }[]): Check {
  if (images.length === 0) return { check: "resolution", result: "pass", message: "No images to check." };
  const low = images.filter((i) => i.ppi < GOOD_PPI - 1);
  const lowest = Math.round(Math.min(...images.map((i) => i.ppi)));
  const count = (n: number) => (n === 1 ? "1 image is" : `${n} images are`);
  if (low.length === 0) {
    return {
      check: "resolution",
      result: "pass",
      message: `Every image is at least ${GOOD_PPI} dpi as placed (the lowest ${lowest} dpi).`,
    };
  }
  return {
    check: "resolution",
    result: lowest < POOR_PPI ? "fail" : "warn",
    message: `${count(low.length)} under ${GOOD_PPI} dpi as placed (the lowest ${lowest} dpi): ${lowest < POOR_PPI ? "it will print blurred" : "it may print soft"}; use higher-resolution images.`,
  };
}

export function listOf(words: string[]): string {
  if (words.length <= 1) return words.join("");
  return `${words.slice(0, -1).join(", ")} and ${words.at(-1)}`;
}
