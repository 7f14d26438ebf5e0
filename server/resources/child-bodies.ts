import type { FieldError } from "../http/errors";
import { relationErrors } from "./field-relations";
import type { ChildModel, ResourceModel } from "./model";
import {
  checkValue,
  createValues,
  GENERATED_SECRET_MESSAGE,
  idSchema,
  isGeneratedSecret,
  type Mode,
} from "./validators";

// The child collections of a POST or PATCH body: `{name}: [{ id?, ...fields }]` replaces the
// collection (define.ts, ChildCollection). Checked like the record's own fields, each error at
// `{name}.{index}.{field}` (or `{name}` for the collection). A row with an id changes the fields
// it carries and keeps the others; a row without one is new (defaults, required fields).
// Whether an id is really one of this parent's rows is known only with the stored rows
// (children.ts checks it in the write's transaction).

export interface RowInput {
  /** Its index in the body: the row's position, and where its errors point. */
  index: number;
  /** The stored row it changes; null for a new row. */
  id: number | null;
  values: Record<string, unknown>;
}

export interface ChildWrite {
  child: ChildModel;
  rows: RowInput[];
}

/** Accepted in a row and ignored: the position is the row's index (answers carry it). */
const IGNORED_KEYS = new Set(["id", "position"]);

const ROW_SERVER_OWNED: Record<string, string> = {
  tenant_id: "The tenant comes from your session; leave tenant_id out of the row",
  parent_id: "A row belongs to the record it is sent with; leave parent_id out of the row",
  created_at: "Set by the server; leave it out of the row",
  updated_at: "Set by the server; leave it out of the row",
};

const count = (n: number, one: string, many: string) =>
  `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

function checkRow(
  child: ChildModel,
  raw: unknown,
  index: number,
  mode: Mode,
  seen: Set<number>,
  errors: FieldError[],
): RowInput | undefined {
  const at = `${child.name}.${index}`;
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) {
    errors.push({ field: at, message: "Expected a row (a JSON object)" });
    return undefined;
  }
  const row = raw as Record<string, unknown>;
  let id: number | null = null;
  // A row sent with an id is checked as a change of that row, even when the id is refused.
  const changesARow = row.id !== undefined && row.id !== null;
  if (changesARow) {
    const parsed = idSchema.safeParse(row.id);
    if (!parsed.success) {
      errors.push({ field: `${at}.id`, message: parsed.error.issues[0]?.message ?? "Invalid id" });
    } else if (mode === "create") {
      // A new record has no rows yet.
      errors.push({ field: `${at}.id`, message: `A new ${child.rowSingular} has no id; leave it out` });
    } else if (seen.has(parsed.data)) {
      errors.push({ field: `${at}.id`, message: `This ${child.rowSingular} is listed twice` });
    } else {
      seen.add(parsed.data);
      id = parsed.data;
    }
  }
  const keys = new Set<string>();
  for (const key of Object.keys(row)) {
    if (IGNORED_KEYS.has(key)) continue;
    const field = child.fields[key];
    if (ROW_SERVER_OWNED[key]) errors.push({ field: `${at}.${key}`, message: ROW_SERVER_OWNED[key] });
    else if (!Object.hasOwn(child.fields, key))
      errors.push({ field: `${at}.${key}`, message: "Unknown field" });
    else if (field.readOnly) {
      errors.push({ field: `${at}.${key}`, message: "Computed by the server; leave it out of the row" });
    } else if (isGeneratedSecret(field)) {
      errors.push({ field: `${at}.${key}`, message: GENERATED_SECRET_MESSAGE });
    } else keys.add(key);
  }
  let values: Record<string, unknown> = {};
  if (!changesARow) values = createValues(child.fields, row, keys, errors, `${at}.`);
  else {
    for (const key of keys) {
      const checked = checkValue(child.fields[key], row[key], "update");
      if ("error" in checked) errors.push({ field: `${at}.${key}`, message: checked.error });
      else values[key] = checked.value;
    }
  }
  // The row's own date and amount rules (a drop mailed in the future), as a record's.
  for (const e of relationErrors(child.fields, values, null))
    errors.push({ ...e, field: `${at}.${e.field}` });
  return { index, id, values };
}

/** The collections a body carries, checked; adds one error per bad row field. */
export function checkChildBodies(
  model: ResourceModel,
  body: unknown,
  mode: Mode,
  errors: FieldError[],
): ChildWrite[] {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return [];
  const object = body as Record<string, unknown>;
  const writes: ChildWrite[] = [];
  for (const child of model.children) {
    const { min, max } = child.collection;
    if (!Object.hasOwn(object, child.name)) {
      // A new record starts without rows; an update leaves the collection as it is.
      if (mode === "create" && min > 0) {
        errors.push({
          field: child.name,
          message: `Add at least ${count(min, child.rowSingular, child.rowPlural)}`,
        });
      }
      continue;
    }
    const raw = object[child.name];
    if (!Array.isArray(raw)) {
      errors.push({ field: child.name, message: `Expected a list of ${child.rowPlural}` });
      continue;
    }
    if (raw.length < min) {
      errors.push({
        field: child.name,
        message: `Add at least ${count(min, child.rowSingular, child.rowPlural)}`,
      });
    }
    if (raw.length > max) {
      // Too many to be worth checking one by one.
      errors.push({
        field: child.name,
        message: `Use at most ${count(max, child.rowSingular, child.rowPlural)}`,
      });
      continue;
    }
    const seen = new Set<number>();
    const rows = raw
      .map((row, index) => checkRow(child, row, index, mode, seen, errors))
      .filter((row): row is RowInput => row !== undefined);
    writes.push({ child, rows });
  }
  return writes;
}
