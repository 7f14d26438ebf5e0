// The benchmark's one table: each figure of ours (the API's on PGlite and on PostgreSQL side by side), the baseline's
// beside it where there is one, the goal of issues #7 and #20 and whether it is met.

type Met = boolean | null | undefined;

export interface Row {
  figure: string;
  /** Pressroom's figure; the API's on PGlite (one process). */
  ours: string;
  /** The API's figure on PostgreSQL (WEB_CONCURRENCY=2). */
  postgres?: string;
  baseline?: string;
  goal?: string;
  /** undefined: no goal (reported only); null: not measured; a pair: PGlite's and PostgreSQL's. */
  met?: Met | [Met, Met];
}

const metText = (met: Met): string => (met === undefined ? "" : met === null ? "n/a" : met ? "yes" : "NO");

export const section = (title: string): Row => ({ figure: `— ${title}`, ours: "" });

export function printTable(rows: Row[]): void {
  const head: Row = {
    figure: "figure",
    ours: "Pressroom (PGlite)",
    postgres: "PostgreSQL",
    baseline: "baseline",
    goal: "goal",
    met: undefined,
  };
  const cells = (row: Row) => [
    row.figure,
    row.ours,
    row.postgres ?? "",
    row.baseline ?? "",
    row.goal ?? "",
    row === head ? "met" : Array.isArray(row.met) ? row.met.map(metText).join(" / ") : metText(row.met),
  ];
  const all = [head, ...rows].map(cells);
  const widths = all[0].map((_, i) => Math.max(...all.map((c) => c[i].length)));
  const line = (c: string[]) =>
    c
      .map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i])))
      .join("  ")
      .trimEnd();
  const rule = widths.map((w) => "-".repeat(w)).join("  ");
  console.log(rule);
  console.log(line(all[0]));
  console.log(rule);
  for (const c of all.slice(1)) console.log(line(c));
  console.log(rule);
}

/** "12.3" for a number, "-" when there is none. */
export const fmt = (value: number | null | undefined, digits = 0): string =>
  value === null || value === undefined ? "-" : value.toFixed(digits);

export const atMost = (value: number | null | undefined, limit: number): boolean | null =>
  value === null || value === undefined ? null : value <= limit;

export const atLeast = (value: number | null | undefined, limit: number): boolean | null =>
  value === null || value === undefined ? null : value >= limit;
