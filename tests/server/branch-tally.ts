// Table-driven suites check some things only where a kind allows them (a search where it has searchable text, a
// filter where it has a reference). A check behind such an `if` that stops applying anywhere would pass quietly;
// the tally records where each ran, and the suite's last test compares that with a list written out by hand.
export class BranchTally {
  private readonly ran = new Map<string, Set<string>>();

  /** Records that `branch` ran (made its assertions) for `kind`. */
  hit(branch: string, kind: string): void {
    const kinds = this.ran.get(branch) ?? new Set<string>();
    kinds.add(kind);
    this.ran.set(branch, kinds);
  }

  /** The kinds of `all` on which `branch` never ran, sorted. */
  without(branch: string, all: readonly string[]): string[] {
    const kinds = this.ran.get(branch) ?? new Set<string>();
    return all.filter((kind) => !kinds.has(kind)).sort();
  }
}
