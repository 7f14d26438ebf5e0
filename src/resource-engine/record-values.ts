// Between a record and its form: what the inputs hold, what an update sends, and how a stale
// edit is rebased onto the latest record (409). Form values stay plain data (dates as ISO
// strings, JSON as its text) so comparing them with records needs no knowledge of the inputs.
//
// Child collections travel as `{name}: [{ id?, ...fields }]` (define.ts, ChildCollection): the
// form holds one such row per line (the row's `id` rides along unseen), and an update sends the
// whole collection when any row, or the rows' order, changed.
//
// Secrets (fields.ts, SecretField): a record says only whether one is set (a boolean), so the
// form holds that boolean until the user types a replacement (a string) or clears it (null);
// only those two reach a request. Generated secrets are never in a form.
import type { BaseRecord } from "@refinedev/core";
import type { ChildCollection, Resource } from "./define";
import { type Field, NOW } from "./fields";

export type Values = Record<string, unknown>;
type Fields = Record<string, Field>;
type Child = Pick<ChildCollection, "fields">;

/** Whether a form may hold the field: not computed, not a server-made secret. */
export function isEditable(field: Field | undefined): boolean {
  if (!field || field.readOnly) return false;
  return !(field.type === "secret" && field.secret === "generated");
}

export function formFieldNames(resource: Resource): string[] {
  return resource.form.flat().filter((name) => isEditable(resource.fields[name]));
}

function editableNames(fields: Fields): string[] {
  return Object.keys(fields).filter((name) => isEditable(fields[name]));
}

const isWriteOnly = (field: Field | undefined) => field?.type === "secret";

/** A JSON secret's input is a JSON text (field help mentions JSON); others take plain text. */
export function isJsonSecret(field: Field | undefined): boolean {
  return field?.type === "secret" && /\bJSON\b/.test(field.help ?? "");
}

/** A declared default as a form holds it: "now" (fields.ts, NOW) is the moment the form opens. */
function formDefault(field: Field): unknown {
  if (field.default !== NOW || (field.type !== "datetime" && field.type !== "date")) return field.default;
  const now = new Date();
  if (field.type === "datetime") return now.toISOString();
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

function defaultsOf(fields: Fields, names: string[]): Values {
  const values: Values = {};
  for (const name of names) {
    const field = fields[name];
    if (field?.default !== undefined) values[name] = formDefault(field);
  }
  return values;
}

/** A new row's starting values: each child field's declared default. */
export function defaultRow(child: Child): Values {
  return defaultsOf(child.fields, editableNames(child.fields));
}

/** A new record's starting values: each form field's declared default; a collection that must
 * have rows starts with that many blank ones. */
export function defaultValues(resource: Resource): Values {
  const values = defaultsOf(resource.fields, formFieldNames(resource));
  for (const [name, child] of Object.entries(resource.children)) {
    values[name] = Array.from({ length: child.min }, () => defaultRow(child));
  }
  return values;
}

function toInput(field: Field | undefined, value: unknown): unknown {
  // A secret's form value starts as whether it is set; null would read as "clear it".
  if (isWriteOnly(field)) return value === true;
  return field?.type === "json" && value !== null && value !== undefined && typeof value !== "string"
    ? JSON.stringify(value, null, 2)
    : value;
}

const rowsOf = (value: unknown): Values[] =>
  Array.isArray(value) ? value.filter((row): row is Values => typeof row === "object" && row !== null) : [];

function rowToForm(child: Child, row: Values): Values {
  const values: Values = row.id === undefined ? {} : { id: row.id };
  for (const name of editableNames(child.fields)) values[name] = toInput(child.fields[name], row[name]);
  return values;
}

/** A record as the form's inputs hold it. */
export function toFormValues(resource: Resource, record: BaseRecord): Values {
  const values: Values = {};
  for (const name of formFieldNames(resource)) values[name] = toInput(resource.fields[name], record[name]);
  for (const [name, child] of Object.entries(resource.children)) {
    values[name] = rowsOf(record[name]).map((row) => rowToForm(child, row));
  }
  return values;
}

/** A JSON secret's text goes as the object it spells; anything else (an API key) as text. */
function parseSecret(field: Field, value: string): unknown {
  if (!isJsonSecret(field) || !value.trim().startsWith("{")) return value;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

/** One input's value as the API takes it; `skip` when it must not be sent at all. */
const skip = Symbol("skip");
function toApi(field: Field | undefined, value: unknown): unknown {
  if (isWriteOnly(field)) {
    // Untouched (the record's "set" flag) or an opened but empty input: keep what is stored.
    if (value === undefined || typeof value === "boolean" || value === "") return skip;
    return value === null ? null : parseSecret(field as Field, String(value));
  }
  if (value === undefined || value === "") return null;
  if (field?.type === "json" && typeof value === "string") return JSON.parse(value);
  return value;
}

function fieldsToApi(fields: Fields, names: string[], values: Values): Values {
  const payload: Values = {};
  for (const name of names) {
    if (!(name in values)) continue;
    const value = toApi(fields[name], values[name]);
    if (value !== skip) payload[name] = value;
  }
  return payload;
}

function rowToApi(child: Child, row: Values): Values {
  const payload = fieldsToApi(child.fields, editableNames(child.fields), row);
  return row.id === undefined || row.id === null ? payload : { id: row.id, ...payload };
}

/** The form's values as the API takes them: JSON parsed, a cleared input (empty or unset) sent
 * as null, collections as rows `{ id?, ...fields }`, secrets only when replaced or cleared. */
export function toPayload(resource: Resource, values: Values): Values {
  const payload = fieldsToApi(resource.fields, formFieldNames(resource), values);
  for (const [name, child] of Object.entries(resource.children)) {
    if (name in values) payload[name] = rowsOf(values[name]).map((row) => rowToApi(child, row));
  }
  return payload;
}

function normal(value: unknown): unknown {
  return value === undefined || value === "" ? null : value;
}

/** Equal as data: 12.5 and "12.50" are the same number (decimals may arrive as strings). */
export function sameValue(a: unknown, b: unknown): boolean {
  const x = normal(a);
  const y = normal(b);
  if ((typeof x === "number" || typeof y === "number") && x !== null && y !== null) {
    return Number(x) === Number(y);
  }
  return JSON.stringify(x) === JSON.stringify(y);
}

/** Whether the rows `payload` would send equal the stored ones (same rows, order and values). */
export function sameRows(child: Child, stored: unknown, payload: unknown): boolean {
  const before = rowsOf(stored);
  const after = rowsOf(payload);
  if (before.length !== after.length) return false;
  return before.every((row, i) => {
    const next = after[i];
    if (!sameValue(row.id, next.id)) return false;
    return editableNames(child.fields).every((name) =>
      isWriteOnly(child.fields[name]) ? !(name in next) : sameValue(row[name], next[name]),
    );
  });
}

/** The fields of `payload` that differ from `base`: what a PATCH sends (plus `version`). A
 * collection goes whole when any of its rows changed; a secret goes when the user set it. */
export function changedValues(base: BaseRecord, payload: Values, resource?: Resource): Values {
  return Object.fromEntries(
    Object.entries(payload).filter(([name, value]) => {
      const child = resource?.children[name];
      if (child) return !sameRows(child, base[name], value);
      if (isWriteOnly(resource?.fields[name])) return true;
      return !sameValue(base[name], value);
    }),
  );
}

export interface ServerChange {
  field: string;
  /** The value the server holds now (for a collection: how many rows, "3 items"). */
  value: unknown;
  /** The user changed this field too; their value is kept. */
  mine: boolean;
}

function rowCount(child: Resource["children"][string], rows: unknown): string {
  const count = rowsOf(rows).length;
  return `${count} ${(count === 1 ? child.singular : child.label).toLowerCase()}`;
}

/**
 * After a 409: the user's edits over the latest record. Fields the user changed keep the
 * user's value; the others take the server's. A collection is one value here: the user's rows
 * when they changed any, else the server's. Returns the values to put in the form and the
 * fields the server changed since the form was opened.
 */
export function rebase(
  resource: Resource,
  base: BaseRecord,
  latest: BaseRecord,
  current: Values,
): { values: Values; changes: ServerChange[] } {
  const mine = toPayload(resource, current);
  const fresh = toFormValues(resource, latest);
  const values: Values = {};
  const changes: ServerChange[] = [];
  for (const name of formFieldNames(resource)) {
    const secret = isWriteOnly(resource.fields[name]);
    const userChanged = name in mine && (secret || !sameValue(base[name], mine[name]));
    values[name] = userChanged ? current[name] : fresh[name];
    if (!sameValue(base[name], latest[name]))
      changes.push({ field: name, value: latest[name], mine: userChanged });
  }
  for (const [name, child] of Object.entries(resource.children)) {
    const userChanged = name in mine && !sameRows(child, base[name], mine[name]);
    values[name] = userChanged ? current[name] : fresh[name];
    const theirs = toPayload(resource, { [name]: fresh[name] })[name];
    if (!sameRows(child, base[name], theirs))
      changes.push({ field: name, value: rowCount(child, latest[name]), mine: userChanged });
  }
  return { values, changes };
}
