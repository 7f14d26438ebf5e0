import { CLOCK_SKEW_MS, type Field, labelFromName, MONEY_MAX } from "../../src/resource-engine/fields";
import { type FieldError, validationFailed } from "../http/errors";
import type { Row } from "./hooks";

// Rules between fields of one record (fields.ts: notAbove, notBefore, notAfter), checked after
// the server's computed fields (a discount against the computed subtotal), in the write's
// transaction. On PATCH the other field may be the stored one. A rule is checked only when the
// write touches one of its fields, so an unrelated change never trips over old data.

const DAY = 86_400_000;
/** Time zones reach ±14 h: a date is "before" an instant only when that day is over everywhere. */
const ZONE = 14 * 3_600_000;

const labelOf = (name: string, field: Field) => field.label ?? labelFromName(name);

/** [earliest, latest] moment a date or instant value can mean, or undefined when empty. */
function span(value: unknown): [number, number] | undefined {
  if (value instanceof Date) return [value.getTime(), value.getTime()];
  if (typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const start = Date.parse(`${value}T00:00:00Z`);
    return [start - ZONE, start + DAY + ZONE];
  }
  if (typeof value === "string" && !Number.isNaN(Date.parse(value))) {
    return [Date.parse(value), Date.parse(value)];
  }
  return undefined;
}

/** Whether `a` surely lies before `b` (two dates compare as days). */
function isBefore(a: unknown, b: unknown): boolean {
  if (typeof a === "string" && typeof b === "string" && a.length === 10 && b.length === 10) return a < b;
  const [sa, sb] = [span(a), span(b)];
  return sa !== undefined && sb !== undefined && sa[1] < sb[0];
}

const current = (values: Row, previous: Row | null, name: string) =>
  name in values ? values[name] : previous?.[name];

/** The errors of the record's field relations (empty when it keeps them). */
export function relationErrors(
  fields: Record<string, Field>,
  values: Row,
  previous: Row | null,
  now = Date.now(),
): FieldError[] {
  const errors: FieldError[] = [];
  for (const [name, field] of Object.entries(fields)) {
    const label = labelOf(name, field);
    const value = current(values, previous, name);
    if (field.type === "date" || field.type === "datetime") {
      const rule = field.notBefore;
      if (rule && (name in values || rule.field in values) && value != null) {
        const other = current(values, previous, rule.field);
        if (other != null && isBefore(value, other)) {
          errors.push({ field: name, message: `${label} cannot be before ${rule.label}` });
        }
      }
      if (field.notAfter === "now" && name in values && value != null) {
        const s = span(value);
        if (s && s[0] > now + CLOCK_SKEW_MS) {
          errors.push({ field: name, message: `${label} cannot be in the future` });
        }
      }
    }
    if (field.type === "money" || field.type === "decimal" || field.type === "integer") {
      const rule = field.notAbove;
      if (rule && (name in values || rule.field in values) && typeof value === "number") {
        const other = current(values, previous, rule.field);
        if (typeof other === "number" && value > other) {
          errors.push({ field: name, message: `${label} cannot exceed ${rule.label}` });
        }
      }
      // Computed money (totals) keeps the bound a typed amount has.
      if (field.type === "money" && field.readOnly && name in values && typeof value === "number") {
        const max = field.max ?? MONEY_MAX;
        if (value > max) {
          errors.push({ field: name, message: `${label} cannot exceed ${max.toLocaleString("en-US")}` });
        }
      }
    }
  }
  return errors;
}

/** Refuses the write (400, one entry per broken rule) when a relation does not hold. */
export function checkFieldRelations(fields: Record<string, Field>, values: Row, previous: Row | null): void {
  const errors = relationErrors(fields, values, previous);
  if (errors.length > 0) throw validationFailed(errors);
}
