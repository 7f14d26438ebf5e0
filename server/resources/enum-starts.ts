import type { Field } from "../../src/resource-engine/fields";
import { validationFailed } from "../http/errors";
import type { Row } from "./hooks";

// A new record's workflow starts where its declaration says (fields.ts, EnumField `initial`): a
// payment is created authorized, captured or declined, a refund request requested; the other
// values come by moves (workflow.ts) or from the server. Kinds' hooks call this on create.

/** 400 on each enum field (`words`: the kind, "transaction") whose value is not one of its declared starts. */
export function checkStartValues(words: string, fields: Record<string, Field>, record: Row): void {
  const errors = [];
  for (const [name, field] of Object.entries(fields)) {
    if (field.type !== "enum" || !field.initial) continue;
    const value = record[name];
    if (value === null || value === undefined || field.initial.includes(String(value))) continue;
    const labels = field.values.filter((v) => field.initial?.includes(v.value)).map((v) => v.label);
    const list = labels.length > 1 ? `${labels.slice(0, -1).join(", ")} or ${labels.at(-1)}` : labels[0];
    errors.push({ field: name, message: `A new ${words} starts as ${list}` });
  }
  if (errors.length > 0) throw validationFailed(errors);
}
