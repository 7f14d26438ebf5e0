// An attribute's values as the attribute page edits them (one row each, in their order) and as they
// are stored (the attribute's `values` JSON, ATTRIBUTE_VALUES in resources/attributes.ts). Each
// cell is checked with the same shape the server checks, plus the codes' uniqueness, so the page
// marks the cell before the server would refuse the save. Pure.
import type { JsonShape } from "../../resource-engine/fields";
import { jsonShapeError } from "../../resource-engine/json-shape";
import { ATTRIBUTE_VALUES } from "../../resources/attributes";

/** A value as stored. */
export interface StoredValue {
  code: string;
  label: string;
  price_delta?: number;
  multiplier?: number;
  is_default?: boolean;
  active?: boolean;
  sort?: number;
}

/** A row of the page's table: `key` identifies it while it moves (codes change as people type). */
export interface ValueRow {
  key: string;
  code: string;
  label: string;
  price_delta: number | null;
  multiplier: number | null;
  is_default: boolean;
  active: boolean;
}

export type EditableField = "code" | "label" | "price_delta" | "multiplier";

let counter = 0;
export const newKey = () => `v${++counter}`;

const PROPERTIES = (ATTRIBUTE_VALUES as Extract<JsonShape, { type: "array" }>).items as Extract<
  JsonShape,
  { type: "object" }
>;

const text = (v: unknown) => (typeof v === "string" ? v : "");
const amount = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? v : null);

/** The stored values (any JSON) as rows, in their stored order (by `sort` where set). */
export function rowsOf(values: unknown): ValueRow[] {
  const list = Array.isArray(values) ? (values as Record<string, unknown>[]) : [];
  return list
    .filter((v) => typeof v === "object" && v !== null)
    .map((v, i) => ({ v, i, sort: typeof v.sort === "number" ? v.sort : i }))
    .sort((a, b) => a.sort - b.sort || a.i - b.i)
    .map(({ v }) => ({
      key: newKey(),
      code: text(v.code),
      label: text(v.label),
      price_delta: amount(v.price_delta),
      multiplier: amount(v.multiplier),
      is_default: v.is_default === true,
      active: v.active !== false,
    }));
}

/** An empty row for the table's "Add value". */
export const blankRow = (): ValueRow => ({
  key: newKey(),
  code: "",
  label: "",
  price_delta: 0,
  multiplier: 1,
  is_default: false,
  active: true,
});

/** The rows as the attribute stores them: trimmed, `sort` their place, no empty amounts. */
export function storedOf(rows: ValueRow[]): StoredValue[] {
  return rows.map((r, i) => ({
    code: r.code.trim(),
    label: r.label.trim(),
    ...(r.price_delta === null ? {} : { price_delta: r.price_delta }),
    ...(r.multiplier === null ? {} : { multiplier: r.multiplier }),
    is_default: r.is_default,
    active: r.active,
    sort: i,
  }));
}

const capitalised = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * Each cell's problem, by row key and field ("v3.code" → "Required"): the server's shape for each
 * cell, then codes used by an earlier row.
 */
export function valueErrors(rows: ValueRow[]): Record<string, string> {
  const errors: Record<string, string> = {};
  const stored = storedOf(rows);
  const firstOf = new Map<string, number>();
  rows.forEach((row, i) => {
    for (const field of ["code", "label", "price_delta", "multiplier"] as const) {
      const v = stored[i][field];
      const shape = PROPERTIES.properties[field];
      const problem =
        v === undefined || v === ""
          ? "required" in shape && shape.required
            ? "required"
            : null
          : jsonShapeError(shape, v);
      if (problem) errors[`${row.key}.${field}`] = capitalised(problem);
    }
    const code = stored[i].code;
    if (code === "" || errors[`${row.key}.code`]) return;
    const first = firstOf.get(code);
    if (first === undefined) firstOf.set(code, i);
    else errors[`${row.key}.code`] = `Already used by value ${first + 1}`;
  });
  return errors;
}

/** A code made from a label: "16pt Matte Cover" → "16pt-matte-cover" (at most 40 characters). */
export const codeFromLabel = (label: string): string =>
  label
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/&/g, "and")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 40)
    .replace(/-$/, "");
