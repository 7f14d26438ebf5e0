// Between a record and its form: what the inputs hold, what an update sends, and how a stale
// edit is rebased onto the latest record (409). Form values stay plain data (dates as ISO
// strings, JSON as its text) so comparing them with records needs no knowledge of the inputs.
import type { BaseRecord } from "@refinedev/core";
import type { Resource } from "./define";

export type Values = Record<string, unknown>;

export function formFieldNames(resource: Resource): string[] {
  return resource.form.flat();
}

/** A new record's starting values: each form field's declared default. */
export function defaultValues(resource: Resource): Values {
  const values: Values = {};
  for (const name of formFieldNames(resource)) {
    const value = resource.fields[name]?.default;
    if (value !== undefined) values[name] = value;
  }
  return values;
}

/** A record as the form's inputs hold it. */
export function toFormValues(resource: Resource, record: BaseRecord): Values {
  const values: Values = {};
  for (const name of formFieldNames(resource)) {
    const value = record[name];
    values[name] =
      resource.fields[name]?.type === "json" &&
      value !== null &&
      value !== undefined &&
      typeof value !== "string"
        ? JSON.stringify(value, null, 2)
        : value;
  }
  return values;
}

/** The form's values as the API takes them: JSON parsed, a cleared input (empty or
 * unset) sent as null. */
export function toPayload(resource: Resource, values: Values): Values {
  const payload: Values = {};
  for (const name of formFieldNames(resource)) {
    if (!(name in values)) continue;
    const value = values[name];
    if (value === undefined || value === "") {
      payload[name] = null;
    } else if (resource.fields[name]?.type === "json" && typeof value === "string") {
      payload[name] = JSON.parse(value);
    } else {
      payload[name] = value;
    }
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

/** The fields of `payload` that differ from `base`: what a PATCH sends (plus `version`). */
export function changedValues(base: BaseRecord, payload: Values): Values {
  return Object.fromEntries(Object.entries(payload).filter(([name, value]) => !sameValue(base[name], value)));
}

export interface ServerChange {
  field: string;
  /** The value the server holds now. */
  value: unknown;
  /** The user changed this field too; their value is kept. */
  mine: boolean;
}

/**
 * After a 409: the user's edits over the latest record. Fields the user changed keep the
 * user's value; the others take the server's. Returns the values to put in the form and the
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
    const userChanged = name in mine && !sameValue(base[name], mine[name]);
    values[name] = userChanged ? current[name] : fresh[name];
    if (!sameValue(base[name], latest[name]))
      changes.push({ field: name, value: latest[name], mine: userChanged });
  }
  return { values, changes };
}
