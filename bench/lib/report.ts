// The benchmark's one table: each figure of ours, the baseline's beside it where there is one, the goal of issue #7
// and whether it is met.

export interface Row {
  figure: string;
  ours: string;
  baseline?: string;
  goal?: string;
  /** undefined: no goal (reported only); null: not measured. */
  met?: boolean | null;
}

export const section = (title: string): Row => ({ figure: `— ${title}`, ours: "" });

export function printTable(rows: Row[]): void {
  const head: Row = {
    figure: "figure",
    ours: "Pressroom",
    baseline: "baseline",
    goal: "goal",
    met: undefined,
  };
  const cells = (row: Row) => [
    row.figure,
    row.ours,
    row.baseline ?? "",
    row.goal ?? "",
    row === head ? "met" : row.met === undefined ? "" : row.met === null ? "n/a" : row.met ? "yes" : "NO",
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
