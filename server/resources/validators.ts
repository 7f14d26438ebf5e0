import { z } from "zod";
import {
  type EnumField,
  type Field,
  type JsonField,
  NOW,
  type NumberField,
  type TextField,
  YEAR_MAX,
  YEAR_MIN,
} from "../../src/resource-engine/fields";
import { jsonBytes, jsonShapeError } from "../../src/resource-engine/json-shape";
import type { FieldError } from "../http/errors";
import { isCodeField, normaliseCode } from "./code-normalise";
import { jsonValue } from "./json-value";
import type { ResourceModel } from "./model";
import { sanitizeRichText } from "./rich-text";
import { isBlankText, textHygieneError } from "./text-hygiene";

// Request-body validators generated from the field declarations. Each field gets one zod schema
// (also the OpenAPI document's), and a body is checked field by field so the 400 carries one
// `errors` entry per bad field, with a message a person can act on. References are then checked
// against the caller's tenant (reference-checks.ts); child collections by child-bodies.ts.

export const INT_MIN = -2_147_483_648;
export const INT_MAX = 2_147_483_647;
/** Decimals without a declared bound still stay within what a person could mean. */
const DECIMAL_LIMIT = 1e15;
const MAX_LIST_IDS = 1000;

/** Set by the server, never taken from a body. */
export const SERVER_OWNED: Record<string, string> = {
  id: "The id is assigned by the server; leave it out of the body",
  tenant_id: "The tenant comes from your session; leave tenant_id out of the body",
  created_at: "Set by the server; leave it out of the body",
  updated_at: "Set by the server; leave it out of the body",
};

const hasNul = (value: unknown): boolean => {
  if (typeof value === "string") return value.includes("\u0000");
  if (Array.isArray(value)) return value.some(hasNul);
  if (value && typeof value === "object") {
    return Object.entries(value).some(([k, v]) => k.includes("\u0000") || hasNul(v));
  }
  return false;
};
const NUL_MESSAGE = "Contains a NUL character, which cannot be stored";

const PHONE = /^[0-9+().\-\s/x]*$/i;
const COLOUR = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;

const count = (n: number) => n.toLocaleString("en-US");

function textSchema(field: TextField): z.ZodType {
  let s = z.string({ error: "Expected text" });
  if (field.min !== undefined) s = s.min(field.min, `Use at least ${count(field.min)} characters`);
  if (field.max !== undefined) s = s.max(field.max, `Use at most ${count(field.max)} characters`);
  if (field.pattern !== undefined) {
    s = s.regex(new RegExp(`^(?:${field.pattern})$`), field.patternMessage ?? "Has an invalid format");
  }
  switch (field.type) {
    case "email":
      return s.pipe(z.email("Enter a valid email address"));
    case "url":
      return s.pipe(
        z.url({ protocol: /^https?$/, error: "Enter a web address starting with http:// or https://" }),
      );
    case "phone":
      return s.regex(PHONE, "Use digits, spaces and + ( ) - . / x only");
    case "colour":
      return s.regex(COLOUR, "Enter a colour as #rrggbb");
    default:
      return s;
  }
}

function decimalsOf(n: number): number {
  const text = String(n);
  const exp = /e-(\d+)$/.exec(text);
  if (exp) return Number(exp[1]) + (text.split("e")[0].split(".")[1]?.length ?? 0);
  return text.split(".")[1]?.length ?? 0;
}

function numberSchema(field: NumberField): z.ZodType {
  const integer = field.type === "integer";
  let s = z.number({ error: integer ? "Expected a whole number" : "Expected a number" });
  if (integer) s = s.int("Expected a whole number");
  const min = field.min ?? (integer ? INT_MIN : -DECIMAL_LIMIT);
  const max = field.max ?? (integer ? INT_MAX : DECIMAL_LIMIT);
  s = s.min(min, `Must be at least ${count(min)}`).max(max, `Must be at most ${count(max)}`);
  if (field.positive) s = s.gt(min, `Must be greater than ${count(min)}`);
  const scale = field.type === "money" ? 2 : field.scale;
  if (!integer && scale !== undefined) {
    return s.refine(
      (n) => decimalsOf(n) <= scale,
      scale === 0 ? "Expected a whole number" : `Use at most ${scale} decimal places`,
    );
  }
  return s;
}

// Years 0001 and 9999 are typos, never a print shop's dates (and Date's parser takes years
// 0001-0099 for 19xx/20xx): every date and instant lies in YEAR_MIN-YEAR_MAX.
const YEAR_MESSAGE = `Use a year between ${YEAR_MIN} and ${YEAR_MAX}`;
const yearOk = (text: string) => Number(text.slice(0, 4)) >= YEAR_MIN && Number(text.slice(0, 4)) <= YEAR_MAX;
const instantOk = (text: string) =>
  Date.parse(text) >= Date.UTC(YEAR_MIN, 0, 1) && Date.parse(text) < Date.UTC(YEAR_MAX + 1, 0, 1);

export const idSchema = z
  .number({ error: "Expected a record id (a positive whole number)" })
  .int("Expected a record id (a positive whole number)")
  .min(1, "Expected a record id (a positive whole number)")
  .max(INT_MAX, "Expected a record id (a positive whole number)");

/** The schema of one field's value (never null: nulls are handled by the body checks). */
export function fieldSchema(field: Field): z.ZodType {
  let schema: z.ZodType;
  switch (field.type) {
    case "text":
    case "longText":
    case "richText":
    case "email":
    case "phone":
    case "url":
    case "colour":
      schema = textSchema(field);
      break;
    case "integer":
    case "decimal":
    case "money":
    case "percent":
      schema = numberSchema(field);
      break;
    case "date":
      schema = z.iso.date({ error: "Expected a date as YYYY-MM-DD" }).refine(yearOk, YEAR_MESSAGE);
      break;
    case "datetime":
      schema = z.iso
        .datetime({ offset: true, error: "Expected a date and time in ISO 8601, e.g. 2024-05-01T14:30:00Z" })
        .refine(instantOk, YEAR_MESSAGE);
      break;
    case "boolean":
      schema = z.boolean({ error: "Expected true or false" });
      break;
    case "enum":
      schema = enumSchema(field);
      break;
    case "reference":
      schema = idSchema;
      break;
    case "referenceList":
      schema = z
        .array(idSchema, { error: "Expected a list of record ids" })
        .max(MAX_LIST_IDS, `Use at most ${count(MAX_LIST_IDS)} ids`);
      break;
    case "json":
      schema = jsonSchema(field);
      break;
    case "secret":
      // Write-only secrets are text or JSON (credentials); generated ones are refused earlier.
      schema = z.union([z.string().max(10_000), z.record(z.string(), jsonValue)], {
        error: "Expected text or a JSON object",
      });
      break;
  }
  const description = [field.label, field.help].filter(Boolean).join(". ");
  return description ? schema.describe(description) : schema;
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Any JSON within the field's byte bound, of its declared shape when it has one. */
function jsonSchema(field: JsonField): z.ZodType {
  const { maxBytes, shape } = field;
  return jsonValue.superRefine((value, ctx) => {
    if (maxBytes !== undefined && jsonBytes(value) > maxBytes) {
      ctx.addIssue({ code: "custom", message: `Use at most ${count(maxBytes / 1024)} KB of JSON` });
      return;
    }
    const error = shape ? jsonShapeError(shape, value) : null;
    if (error) ctx.addIssue({ code: "custom", message: capitalised(error) });
  });
}

/** Multi-line text: tabs and line breaks are fine there, other controls never. */
const MULTILINE = new Set<Field["type"]>(["longText", "richText"]);

function enumSchema(field: EnumField): z.ZodType {
  const values = field.values.map((v) => v.value) as [string, ...string[]];
  return z.enum(values, { error: `Expected one of: ${values.join(", ")}` });
}

const TEXT_TYPES = new Set<Field["type"]>([
  "text",
  "longText",
  "richText",
  "email",
  "phone",
  "url",
  "colour",
  "secret",
]);

export const GENERATED_SECRET_MESSAGE = "Made by the server and shown once; leave it out of the body";
export const isGeneratedSecret = (field: Field): boolean =>
  field.type === "secret" && field.secret === "generated";

export interface CheckedBody {
  /** Field → value to write (defaults applied on create). */
  values: Record<string, unknown>;
  errors: FieldError[];
}

export type Mode = "create" | "update";

const schemaCache = new WeakMap<Field, z.ZodType>();
function cachedSchema(field: Field): z.ZodType {
  let schema = schemaCache.get(field);
  if (!schema) {
    schema = fieldSchema(field);
    schemaCache.set(field, schema);
  }
  return schema;
}

/** One field's value → the value to store, or an error message. */
export function checkValue(field: Field, raw: unknown, mode: Mode): { value: unknown } | { error: string } {
  let value = raw;
  // Rich text is stored sanitised (rich-text.ts); markup with nothing to show is an emptied input.
  if (field.type === "richText" && typeof value === "string") value = sanitizeRichText(value);
  // A unique code is checked and stored normalised (code-normalise.ts): " c10001\t" is "c10001".
  if (isCodeField(field) && typeof value === "string") value = normaliseCode(value);
  // An emptied text input means "no value"; so does one of only invisible characters.
  if (TEXT_TYPES.has(field.type) && typeof value === "string" && isBlankText(value)) {
    if (field.required) return { error: "This field is required" };
    value = null;
  }
  if (value === null) {
    if (field.type === "referenceList") return { value: [] };
    if (field.required && field.type !== "json") return { error: "This field is required" };
    return { value: null };
  }
  if (value === undefined) return mode === "create" ? { value: null } : { error: "Expected a value" };
  if (hasNul(value)) return { error: NUL_MESSAGE };
  // Controls and bidi overrides are refused, not stripped: the sender sees what was wrong.
  if (TEXT_TYPES.has(field.type) && field.type !== "secret" && typeof value === "string") {
    const hygiene = textHygieneError(value, MULTILINE.has(field.type));
    if (hygiene) return { error: hygiene };
  }
  const result = cachedSchema(field).safeParse(value);
  if (!result.success) return { error: result.error.issues[0]?.message ?? "Invalid value" };
  let out = result.data;
  if (field.type === "datetime") out = new Date(out as string);
  if (field.type === "referenceList") out = [...new Set(out as number[])];
  return { value: out };
}

/** The body's field keys to check; child collections are child-bodies.ts's. */
function checkKeys(model: ResourceModel, body: Record<string, unknown>, errors: FieldError[]): string[] {
  const keys: string[] = [];
  for (const key of Object.keys(body)) {
    if (key === "version" || model.children.some((c) => c.name === key)) continue;
    if (SERVER_OWNED[key]) errors.push({ field: key, message: SERVER_OWNED[key] });
    else if (!Object.hasOwn(model.fields, key)) errors.push({ field: key, message: "Unknown field" });
    else if (model.fields[key].readOnly) {
      errors.push({ field: key, message: "Computed by the server; leave it out of the body" });
    } else if (isGeneratedSecret(model.fields[key])) {
      errors.push({ field: key, message: GENERATED_SECRET_MESSAGE });
    } else keys.push(key);
  }
  return keys;
}

export function asObject(body: unknown, errors: FieldError[]): Record<string, unknown> | null {
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    errors.push({ message: "The body must be a JSON object" });
    return null;
  }
  return body as Record<string, unknown>;
}

export const copy = (value: unknown) =>
  value !== null && typeof value === "object" ? structuredClone(value) : value;

const isBlank = (value: unknown) => value === null || (typeof value === "string" && isBlankText(value));

/** A field's declared default as stored; "now" is the moment of the create (today for a date). */
function declaredDefault(field: Field): unknown {
  if ((field.type === "datetime" || field.type === "date") && field.default === NOW) {
    const now = new Date();
    return field.type === "datetime" ? now : now.toISOString().slice(0, 10);
  }
  return copy(field.default);
}

/**
 * The values of a new record (or child row) from `object`, whose `keys` were found writable:
 * every declared field, defaults for the missing ones. Generated secrets are left to the writer.
 */
export function createValues(
  fields: Record<string, Field>,
  object: Record<string, unknown>,
  keys: Set<string>,
  errors: FieldError[],
  at = "",
): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(fields)) {
    if (isGeneratedSecret(field)) continue;
    // A number left empty is the tenant's next (create-defaults.ts), assigned in the write.
    const numbered = field.type === "text" && field.numbering !== undefined;
    if (numbered && (!keys.has(name) || isBlank(object[name]))) {
      values[name] = null;
    } else if (keys.has(name)) {
      const checked = checkValue(field, object[name], "create");
      if ("error" in checked) errors.push({ field: `${at}${name}`, message: checked.error });
      else values[name] = checked.value;
    } else if (field.default !== undefined) {
      values[name] = declaredDefault(field);
    } else if (field.required && !field.readOnly && field.type !== "boolean") {
      errors.push({ field: `${at}${name}`, message: "This field is required" });
    } else {
      values[name] = field.type === "referenceList" ? [] : null;
    }
  }
  return values;
}

/** A create body: every declared, writable field (defaults for the missing ones). */
export function checkCreateBody(model: ResourceModel, body: unknown): CheckedBody {
  const errors: FieldError[] = [];
  const object = asObject(body, errors);
  if (!object) return { values: {}, errors };
  if (Object.hasOwn(object, "version")) {
    errors.push({
      field: "version",
      message: "A new record starts at version 1; leave version out of the body",
    });
  }
  const keys = new Set(checkKeys(model, object, errors));
  return { values: createValues(model.fields, object, keys, errors), errors };
}

/** A PATCH body: the changed fields and the `version` that was read. */
export function checkUpdateBody(model: ResourceModel, body: unknown): CheckedBody & { version: number } {
  const errors: FieldError[] = [];
  const values: Record<string, unknown> = {};
  const object = asObject(body, errors);
  if (!object) return { values, errors, version: 0 };
  const version = object.version;
  if (version === undefined || version === null) {
    errors.push({ field: "version", message: "This field is required: send the version you read" });
  } else if (!Number.isSafeInteger(version) || (version as number) < 1 || (version as number) > INT_MAX) {
    errors.push({ field: "version", message: "Expected the record's version (a positive whole number)" });
  }
  for (const key of checkKeys(model, object, errors)) {
    const checked = checkValue(model.fields[key], object[key], "update");
    if ("error" in checked) errors.push({ field: key, message: checked.error });
    else values[key] = checked.value;
  }
  return { values, errors, version: typeof version === "number" ? version : 0 };
}
