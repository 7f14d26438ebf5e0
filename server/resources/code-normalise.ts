import type { Field, TextField } from "../../src/resource-engine/fields";
import { stripInvisible } from "./text-hygiene";

// Unique codes (a customer number, a SKU, a PO number …) as people type and paste them:
// "C10001 ", " C10001", "c10001", "C10001\t", "C1\u200B0001" and full-width "Ｃ１０００１" are
// one code. Every unique text field is stored normalised (NFKC, invisible characters removed,
// trimmed), and its unique index is on lower(column) per tenant unless the declaration asks for
// exact case (tables.ts), so the database itself refuses a case variant under concurrency.

/**
 * Beyond the shared list of invisible characters (text-hygiene.ts): any other format character or
 * default-ignorable code point. Controls are not dropped: a tab or newline at either end goes with
 * the trim, one inside a code (or a NUL) is refused by the validators like in any text.
 */
const NOT_IN_A_CODE = /[\p{Cf}\p{Default_Ignorable_Code_Point}]/gu;

/** A code as it is stored and compared: NFKC, without invisible characters, trimmed. */
export function normaliseCode(text: string): string {
  // NFKC first: it turns a full-width or ideographic space into one that trim() then removes.
  return stripInvisible(text.normalize("NFKC")).replace(NOT_IN_A_CODE, "").trim();
}

const TEXT_TYPES = new Set<Field["type"]>(["text", "email", "phone", "url", "colour"]);

/** A unique text field: its values are normalised codes. */
export function isCodeField(field: Field): field is TextField {
  return Boolean(field.unique) && TEXT_TYPES.has(field.type);
}

/** A code compared without regard to case (the default of a unique text field). */
export function isCaseInsensitiveCode(field: Field): boolean {
  return isCodeField(field) && field.unique !== "exactCase";
}
