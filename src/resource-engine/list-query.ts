// A declaration's default sort ("name,-created_at", the contract's syntax) as Refine sorters.
import type { CrudSort } from "@refinedev/core";

export function parseSort(sort: string): CrudSort[] {
  return sort
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) =>
      part.startsWith("-")
        ? { field: part.slice(1), order: "desc" as const }
        : { field: part, order: "asc" as const },
    );
}

/** "Vendors" → "vendors" for use inside a sentence; "API keys" keeps its capitals. */
export function inSentence(label: string): string {
  return /^[A-Z][a-z]/.test(label) ? label.charAt(0).toLowerCase() + label.slice(1) : label;
}
