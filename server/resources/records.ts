import type { Row } from "./hooks";
import type { ResourceModel } from "./model";

// A stored row → the contract's record: id, every declared field (null when empty), tenant_id,
// created_at, updated_at (ISO strings) and version. Decimals are JSON numbers, dates YYYY-MM-DD
// strings, datetimes ISO strings, id lists arrays.

export type ResourceRecord = Record<string, unknown>;

const iso = (value: unknown) => (value instanceof Date ? value.toISOString() : (value ?? null));

export function outputValue(model: ResourceModel, name: string, value: unknown): unknown {
  const field = model.fields[name];
  if (field?.type === "referenceList") return Array.isArray(value) ? value : [];
  if (value instanceof Date) return value.toISOString();
  return value ?? null;
}

export function toRecord(model: ResourceModel, row: Row): ResourceRecord {
  const record: ResourceRecord = { id: row.id };
  for (const name of Object.keys(model.fields)) record[name] = outputValue(model, name, row[name]);
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
