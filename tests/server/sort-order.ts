// The order a sorted list must have, written out here rather than asked of the database: numbers by value, dates
// and times by their ISO text, false before true, records without a value last ascending and first descending (as
// PostgreSQL puts them). Text is ordered by the database's collation, which differs between installs (C puts "Z"
// before "a", en_US ignores punctuation and case at first), so two texts are compared only where every collation
// agrees: after a common beginning, the first characters that differ are both digits, both lower-case or both
// upper-case ASCII letters ("ORD-100123" before "ORD-100124"; "apple" and "Banana" are not compared).
import type { Field } from "../../src/resource-engine/fields";

type Compare = (a: unknown, b: unknown) => number | undefined;

const byNumber: Compare = (a, b) => Number(a) - Number(b);
const byIsoText: Compare = (a, b) => (String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0);
const byTruth: Compare = (a, b) => Number(Boolean(a)) - Number(Boolean(b));
const CLASSES = [/[0-9]/, /[a-z]/, /[A-Z]/];
const byFirstDifference: Compare = (a, b) => {
  const [x, y] = [String(a), String(b)];
  let i = 0;
  while (i < x.length && i < y.length && x[i] === y[i]) i++;
  if (i === x.length || i === y.length || !CLASSES.some((c) => c.test(x[i]) && c.test(y[i])))
    return undefined;
  return x[i] < y[i] ? -1 : 1;
};

/** The comparison for a sortable name: a declared field, or id, created_at and updated_at. */
export function comparisonFor(name: string, field: Field | undefined): Compare {
  if (name === "id") return byNumber;
  if (name === "created_at" || name === "updated_at") return byIsoText;
  switch (field?.type) {
    case "integer":
    case "decimal":
    case "money":
    case "percent":
    case "reference":
      return byNumber;
    case "date":
    case "datetime":
      return byIsoText;
    case "boolean":
      return byTruth;
    default:
      return byFirstDifference;
  }
}

export interface OrderCheck {
  /** Pairs out of order, and values with no value on the wrong side, described. */
  wrong: string[];
  /** Whether at least one pair of different values could be compared (the order was tested, not assumed). */
  compared: boolean;
}

/** Checks a list's values (in the order the list gave them) against the order `desc` asks for. */
export function checkOrder(values: unknown[], compare: Compare, desc: boolean): OrderCheck {
  const wrong: string[] = [];
  let compared = false;
  const empty = (v: unknown) => v === null || v === undefined;
  values.forEach((value, i) => {
    const after = values.slice(i + 1);
    // Ascending: no value after an empty one; descending: no empty one after a value.
    if (!desc && empty(value) && after.some((v) => !empty(v)))
      wrong.push(`a value after an empty one at ${i}`);
    if (desc && !empty(value) && after.some(empty))
      wrong.push(`an empty value after ${String(value)} at ${i}`);
    if (empty(value)) return;
    after.forEach((other, k) => {
      if (empty(other)) return;
      const order = compare(value, other);
      if (order === undefined || order === 0) return;
      compared = true;
      if (desc ? order < 0 : order > 0)
        wrong.push(`${String(value)} (${i}) before ${String(other)} (${i + 1 + k})`);
    });
  });
  return { wrong: wrong.slice(0, 5), compared };
}
