import type { Field } from "../../src/resource-engine/fields";
import type { ChildRows, Row } from "./hooks";
import type { ChildModel, ResourceModel } from "./model";

// A stored row → the contract's record: id, every declared field (null when empty), its child
// collections (single-record answers only), tenant_id, created_at, updated_at (ISO strings) and
// version. Decimals are JSON numbers, dates YYYY-MM-DD strings, datetimes ISO strings, id lists
// arrays, secrets a boolean (whether one is set: the value and its hash never leave the server).

export type ResourceRecord = Record<string, unknown>;

const iso = (value: unknown) => (value instanceof Date ? value.toISOString() : (value ?? null));

export function outputFieldValue(field: Field | undefined, value: unknown): unknown {
  if (field?.type === "referenceList") return Array.isArray(value) ? value : [];
  if (field?.type === "secret") return value !== null && value !== undefined;
  if (value instanceof Date) return value.toISOString();
  return value ?? null;
}

export function outputValue(model: ResourceModel, name: string, value: unknown): unknown {
  return outputFieldValue(model.fields[name], value);
}

/** One child row as answered: { id, position, ...fields }. */
export function toChildRecord(child: ChildModel, row: Row): ResourceRecord {
  const record: ResourceRecord = { id: row.id, position: row.position };
  for (const [name, field] of Object.entries(child.fields)) record[name] = outputFieldValue(field, row[name]);
  return record;
}

export interface RecordExtras {
  /** The child collections to nest (GET {path}/{id} and write answers). */
  children?: ChildRows;
  /** Generated secrets in plaintext: the create answer shows them once. */
  secrets?: Record<string, string>;
}

export function toRecord(model: ResourceModel, row: Row, extras: RecordExtras = {}): ResourceRecord {
  const record: ResourceRecord = { id: row.id };
  for (const name of Object.keys(model.fields)) {
    record[name] = extras.secrets?.[name] ?? outputValue(model, name, row[name]);
  }
  if (extras.children) {
    for (const child of model.children) {
      record[child.name] = (extras.children[child.name] ?? []).map((r) => toChildRecord(child, r));
    }
  }
  record.tenant_id = row.tenant_id;
  record.created_at = iso(row.created_at);
  record.updated_at = iso(row.updated_at);
  record.version = row.version;
  return record;
}

/** Whether two output values are the same (JSON-equal; both come from the database). */
export function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
