import { writeFileSync } from "node:fs";

// A phase of the long reliability run (scripts/reliability.mjs starts each as its own process):
// it checks, collects failures instead of stopping at the first, and writes its result as JSON
// to the file named by --out, which the runner turns into one table.

export type Figures = Record<string, number | string>;

export interface PhaseResult {
  phase: string;
  ok: boolean;
  failures: string[];
  figures: Figures;
  /** Lines worth reading with the table (what a figure means, what was not measured and why). */
  notes: string[];
}

export class Phase {
  readonly failures: string[] = [];
  readonly figures: Figures = {};
  readonly notes: string[] = [];

  constructor(readonly name: string) {}

  check(condition: boolean, failure: string): void {
    if (!condition) {
      this.failures.push(failure);
      console.error(`  ✗ [${this.name}] ${failure}`);
    }
  }

  log(line: string): void {
    console.log(`[${this.name}] ${line}`);
  }

  /** Writes the result to --out (or prints it) and exits 0; a failed check is the runner's to judge. */
  finish(): never {
    const result: PhaseResult = {
      phase: this.name,
      ok: this.failures.length === 0,
      failures: this.failures,
      figures: this.figures,
      notes: this.notes,
    };
    const at = process.argv.indexOf("--out");
    if (at > 0 && process.argv[at + 1])
      writeFileSync(process.argv[at + 1], `${JSON.stringify(result, null, 2)}\n`);
    else console.log(JSON.stringify(result, null, 2));
    process.exit(0);
  }

  /** Runs `body`, turning an exception into a failure, then finishes. */
  async run(body: () => Promise<void>): Promise<never> {
    try {
      await body();
    } catch (error) {
      this.failures.push(
        `${this.name} stopped: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      );
      console.error(this.failures.at(-1));
    }
    return this.finish();
  }
}

/** The value after --name on the command line. */
export function argument(name: string): string | undefined {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? process.argv[at + 1] : undefined;
}
