import type { Readable } from "node:stream";
import { and, eq, inArray, sql } from "drizzle-orm";
import { IDENTITY_KINDS } from "../../src/resource-engine/define";
import type { Field, ReferenceField } from "../../src/resource-engine/fields";
import type { Database } from "../db/open";
import { type FieldError, HttpError } from "../http/errors";
import { notifyChanges } from "../live/notify";
import { type BulkColumn, insertJsonRows } from "./bulk-insert";
import { type Changes, diffRows, writeChangeLogs } from "./change-logs";
import type { ChildWrite } from "./child-bodies";
import { checkChildBodies } from "./child-bodies";
import { mergeChildren, writeChildren } from "./children";
import { isCaseInsensitiveCode } from "./code-normalise";
import { groupRecords, mapChildColumns } from "./csv-children";
import { mapPairsOf, pairProperties, pairsOf } from "./csv-pairs";
import { CsvSyntaxError, parseCsv } from "./csv-parse";
import { checkDependentReferences } from "./dependent-references";
import { duplicateValue } from "./errors";
import { relationErrors } from "./field-relations";
import type { ChildRows, Row } from "./hooks";
import type { ResourceModel, ResourceRegistry } from "./model";
import { outputValue } from "./records";
import { checkReferenceValues, type ReferenceValue, referenceValues } from "./reference-checks";
import { checkCreateBody } from "./validators";

// Importing records of one kind from a CSV (products, per site): each data row becomes a create
// body, checked by the create route's own validators (checkCreateBody, then the references of
// every row at once, then unique fields within the file and against the tenant's records).
// A commit writes every row, with its change-log entry, in one transaction, or nothing.
//
// The header names fields by name or label ("product_type_id" or "Product type"); the export's
// "<label> ID(s)" columns are read too, and its ID / Created at / Updated at columns are ignored.
// A cell is text as a person types it: numbers may carry $ and thousands separators, yes/no
// and true/false are booleans, a choice is its value or its label, a reference is an id or the
// title of the record (its name), id lists are separated by ";" or "|", JSON is JSON. An empty
// cell leaves the field to its default.
//
// A kind may let a file update what exists (`existing`: the products' import, issue 21): a record
// whose key (its unique column, the SKU) names a stored record updates that record's child rows
// instead of failing as a duplicate: a child row naming a stored one by its key (the variant's SKU)
// changes the fields its cells give, any other is added, the stored rows the file leaves out stay.
// The record's own cells are left as stored. Such rows are told as updates (`updated`).

export const IMPORT_MAX_ROWS = 10_000;
export const IMPORT_SAMPLE_ROWS = 20;
/** Errors answered at most (the counts say how many rows failed). */
export const IMPORT_MAX_ERRORS = 1_000;

/** An error of one row; row = its number as a spreadsheet shows it (the header is row 1). */
export interface ImportError {
  row: number;
  field?: string;
  message: string;
}

export interface ImportCheck {
  /** The fields the header names, in its order (a child collection once, by its name). */
  columns: string[];
  /** Records in the file (a record's child rows are not counted). */
  rows: number;
  valid: number;
  errors: ImportError[];
  sample: { row: number; action: "create" | "update"; values: Record<string, unknown> }[];
  /** Each record's values to write (meaningful when `errors` is empty). */
  values: Row[];
  /** Each record's spreadsheet row, and its child rows' by collection. */
  rowOf: number[];
  childRowsOf: Record<string, number[]>[];
  /** Each record's child collections as checked (the engine's writes and the rows they make). */
  children: { writes: ChildWrite[]; rows: ChildRows }[];
  /** The spreadsheet rows of the records with an error (a child row's error is its record's). */
  badRecords: Set<number>;
  /** Each record's stored row and child rows when the file updates it (`existing`), else null. */
  previous: ({ row: Row; children: ChildRows } | null)[];
  /** The spreadsheet rows (records and child rows) that update what is stored; the rest create. */
  updated: number[];
}

/** The stored records a file may update, found by their keys (lower case) as the file gives them. */
export type ExistingRecords = (keys: string[]) => Promise<Map<string, { row: Row; children: ChildRows }>>;

const IGNORED_HEADERS = new Set(["id", "created at", "updated at", "created_at", "updated_at", "version"]);
const TRUE_WORDS = new Set(["true", "yes", "y", "1"]);
const FALSE_WORDS = new Set(["false", "no", "n", "0"]);
const NUMBER = /^[-+]?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?$/i;

const normal = (text: string) => text.trim().toLowerCase().replace(/\s+/g, " ");
const isReference = (field: Field): field is ReferenceField =>
  field.type === "reference" || field.type === "referenceList";

interface Column {
  index: number;
  name: string;
  field: Field;
}

/** Header → the columns to read; unknown or repeated columns are errors of row 1. */
function mapHeader(
  model: ResourceModel,
  header: string[],
  errors: ImportError[],
  skip: Set<number>,
): Column[] {
  const byHeader = new Map<string, { name: string; idColumn: boolean }>();
  for (const [name, field] of Object.entries(model.fields)) {
    if (field.readOnly || field.type === "secret") continue;
    const label = field.label ?? name;
    byHeader.set(normal(name), { name, idColumn: isReference(field) });
    if (!byHeader.has(normal(label))) byHeader.set(normal(label), { name, idColumn: false });
    if (isReference(field)) {
      byHeader.set(normal(`${label} ID`), { name, idColumn: true });
      byHeader.set(normal(`${label} IDs`), { name, idColumn: true });
    }
  }
  const chosen = new Map<string, { index: number; idColumn: boolean; header: string }>();
  header.forEach((raw, index) => {
    const text = normal(raw);
    if (text === "" || IGNORED_HEADERS.has(text) || skip.has(index)) return;
    const match = byHeader.get(text);
    if (!match) {
      const readOnly = Object.entries(model.fields).some(
        ([n, f]) => f.readOnly && (normal(n) === text || normal(f.label ?? n) === text),
      );
      errors.push({
        row: 1,
        field: raw.trim(),
        message: readOnly
          ? "Computed by the server; leave this column out"
          : `Unknown column: no ${model.singular} field is called "${raw.trim()}"`,
      });
      return;
    }
    const other = chosen.get(match.name);
    if (!other) chosen.set(match.name, { index, idColumn: match.idColumn, header: raw.trim() });
    // The export has both "<label> ID" and "<label>" (the title): the id column wins.
    else if (match.idColumn && !other.idColumn)
      chosen.set(match.name, { index, idColumn: true, header: raw.trim() });
    else if (match.idColumn === other.idColumn) {
      errors.push({
        row: 1,
        field: raw.trim(),
        message: `Column "${other.header}" already gives this field`,
      });
    }
  });
  return [...chosen.entries()]
    .map(([name, { index }]) => ({ index, name, field: model.fields[name] }))
    .sort((a, b) => a.index - b.index);
}

/** Title (lower case) → ids of a referenced kind, for the cells that name records rather than ids. */
type TitleIndex = Map<string, Map<string, number[]>>;

async function titleIndex(
  db: Database,
  registry: ResourceRegistry,
  tenantId: number,
  wanted: Map<string, Set<string>>,
): Promise<TitleIndex> {
  const index: TitleIndex = new Map();
  for (const [kind, titles] of wanted) {
    const target = registry.byKind.get(kind as ResourceModel["kind"]);
    const found = new Map<string, number[]>();
    index.set(kind, found);
    if (!target || titles.size === 0) continue;
    const t = target.table.table;
    const title = t[target.resource.titleField];
    const rows = await db
      .select({ id: t.id, title: sql<string>`lower(${title}::text)` })
      .from(t)
      .where(and(eq(t.tenant_id, tenantId), inArray(sql`lower(${title}::text)`, [...titles])));
    for (const row of rows) found.set(row.title, [...(found.get(row.title) ?? []), row.id as number]);
  }
  return index;
}

const splitList = (cell: string) =>
  cell
    .split(/[;|]/)
    .map((part) => part.trim())
    .filter((part) => part !== "");

/** A cell → the value a JSON body would carry, or an error the validators cannot word. */
function cellValue(
  registry: ResourceRegistry,
  field: Field,
  cell: string,
  titles: TitleIndex,
): { value: unknown } | { error: string } {
  switch (field.type) {
    case "integer":
    case "decimal":
    case "money":
    case "percent": {
      const cleaned = cell.replace(/[$,\s]/g, "");
      return { value: NUMBER.test(cleaned) ? Number(cleaned) : cell };
    }
    case "boolean": {
      const word = cell.toLowerCase();
      if (TRUE_WORDS.has(word)) return { value: true };
      if (FALSE_WORDS.has(word)) return { value: false };
      return { error: "Expected yes or no (true or false)" };
    }
    case "enum": {
      const word = normal(cell);
      const match = field.values.find(
        (v) => v.value.toLowerCase() === word || normal(v.label ?? "") === word,
      );
      return { value: match ? match.value : cell };
    }
    case "json": {
      const pairs = pairProperties(field.shape);
      if (pairs && !cell.trimStart().startsWith("[")) return pairsOf(cell, pairs);
      if (field.shape?.type === "map" && !cell.trimStart().startsWith("{")) return mapPairsOf(cell);
      try {
        return { value: JSON.parse(cell) };
      } catch {
        return { error: "Expected JSON" };
      }
    }
    case "reference":
    case "referenceList": {
      const parts = field.type === "reference" ? [cell] : splitList(cell);
      const ids: number[] = [];
      for (const part of parts) {
        if (/^\d{1,10}$/.test(part)) {
          ids.push(Number(part));
          continue;
        }
        if (IDENTITY_KINDS.has(field.target)) return { error: `Use the user's id, not "${part}"` };
        const target = registry.target(field);
        const found = titles.get(field.target)?.get(part.toLowerCase()) ?? [];
        if (found.length === 0) return { error: `There is no ${target.singular} named "${part}"` };
        if (found.length > 1) {
          return { error: `${found.length} ${target.plural} are named "${part}"; use the id` };
        }
        ids.push(found[0]);
      }
      return { value: field.type === "reference" ? ids[0] : ids };
    }
    default:
      return { value: cell };
  }
}

/**
 * Checks a CSV of `model` records: every row as the create route would, with `fixed` values
 * (site_id) set on each (a cell may repeat them, not contradict them).
 */
export async function checkImport(
  db: Database,
  registry: ResourceRegistry,
  model: ResourceModel,
  tenantId: number,
  /** The CSV: its text, or the uploaded file's stream (read as it arrives). */
  source: string | Readable,
  fixed: Row,
  existing?: ExistingRecords,
): Promise<ImportCheck> {
  const result: ImportCheck = {
    columns: [],
    rows: 0,
    valid: 0,
    errors: [],
    sample: [],
    values: [],
    rowOf: [],
    childRowsOf: [],
    children: [],
    badRecords: new Set(),
    previous: [],
    updated: [],
  };
  let records: string[][];
  try {
    records = await parseCsv(source);
  } catch (error) {
    if (!(error instanceof CsvSyntaxError)) throw error;
    result.errors.push({ row: error.row, message: error.message });
    return result;
  }
  if (records.length === 0) {
    result.errors.push({ row: 1, message: "The file is empty: it needs a header row and a row per record" });
    return result;
  }
  const errors: ImportError[] = [];
  const { columns: childColumns, indices: skip } = mapChildColumns(model, records[0], errors);
  const columns = mapHeader(model, records[0], errors, skip);
  const collections = [...new Set(childColumns.map((c) => c.child.name))];
  result.columns = [...columns.map((c) => c.name), ...collections];
  const data = records.slice(1);
  const keyIndex = columns.find((c) => c.field.unique)?.index;
  const grouped = groupRecords(
    data,
    columns.map((c) => c.index),
    keyIndex,
    childColumns.map((c) => c.index),
  );
  result.rows = grouped.length;
  result.rowOf = grouped.map((g) => g.row);
  if (data.length > IMPORT_MAX_ROWS) {
    errors.push({
      row: IMPORT_MAX_ROWS + 2,
      message: `At most ${IMPORT_MAX_ROWS.toLocaleString("en-US")} rows a file; this one has ${data.length.toLocaleString("en-US")}`,
    });
    result.errors = errors;
    return result;
  }

  // The titles the reference cells name, looked up once per referenced kind.
  const wanted = new Map<string, Set<string>>();
  for (const { index, field } of columns) {
    if (!isReference(field) || IDENTITY_KINDS.has(field.target)) continue;
    const set = wanted.get(field.target) ?? new Set<string>();
    for (const record of data) {
      const cell = (record[index] ?? "").trim();
      const parts = field.type === "reference" ? [cell] : splitList(cell);
      for (const part of parts) if (part !== "" && !/^\d+$/.test(part)) set.add(part.toLowerCase());
    }
    wanted.set(field.target, set);
  }
  const titles = await titleIndex(db, registry, tenantId, wanted);
  const keyOf = (cells: string[]) =>
    keyIndex === undefined ? "" : (cells[keyIndex] ?? "").trim().toLowerCase();
  const stored =
    existing && keyIndex !== undefined && childColumns.length > 0
      ? await existing([...new Set(grouped.map((g) => keyOf(g.cells)).filter((k) => k !== ""))])
      : new Map<string, { row: Row; children: ChildRows }>();

  const bad = result.badRecords;
  const refs: ReferenceValue[] = [];
  grouped.forEach(({ row, cells: record, children }) => {
    const body: Row = {};
    const rowErrors: FieldError[] = [];
    const previous = stored.get(keyOf(record)) ?? null;
    result.previous.push(previous);
    for (const { index, name, field } of columns) {
      if (previous) break;
      const cell = (record[index] ?? "").trim();
      if (cell === "") continue;
      const converted = cellValue(registry, field, cell, titles);
      if ("error" in converted) rowErrors.push({ field: name, message: converted.error });
      else body[name] = converted.value;
    }
    // The record's child rows: each cell read as a record's is, its problems on its own row.
    const childRows: Record<string, number[]> = {};
    const childErrors: ImportError[] = [];
    for (const name of collections) {
      const own = childColumns.filter((c) => c.child.name === name);
      const rows = children.filter((c) => own.some((col) => (c.cells[col.index] ?? "").trim() !== ""));
      childRows[name] = rows.map((c) => c.row);
      const read = rows.map((c) => {
        const value: Row = {};
        for (const col of own) {
          const cell = (c.cells[col.index] ?? "").trim();
          if (cell === "") continue;
          const converted = cellValue(registry, col.field, cell, titles);
          if ("error" in converted)
            childErrors.push({ row: c.row, field: `${name}.${col.name}`, message: converted.error });
          else value[col.name] = converted.value;
        }
        return value;
      });
      body[name] = read;
      if (previous) {
        const placed = updateRows(model, name, previous.children[name] ?? [], read, childRows[name], row);
        body[name] = placed.body;
        childRows[name] = placed.rows;
        result.updated.push(...placed.updated);
      }
    }
    if (previous) result.updated.push(row);
    const bodyErrors: FieldError[] = [];
    const writes = checkChildBodies(model, body, previous ? "update" : "create", bodyErrors);
    for (const error of bodyErrors) {
      const [name, index, ...field] = (error.field ?? "").split(".");
      const at = childRows[name]?.[Number(index)];
      // A cell that could not be read is left out of its row: its "required" is no news.
      const path = field.length > 0 ? `${name}.${field.join(".")}` : name;
      if (childErrors.some((e) => e.row === at && e.field === path)) continue;
      childErrors.push({ row: at ?? row, field: path, message: error.message });
    }
    for (const name of collections) delete body[name];
    result.childRowsOf.push(childRows);
    result.children.push({
      writes,
      rows: writes.length > 0 ? mergeChildren(model, writes, previous?.children ?? {}) : {},
    });
    const place = (e: ImportError) => childColumns.findIndex((c) => `${c.child.name}.${c.name}` === e.field);
    errors.push(...childErrors.sort((x, y) => x.row - y.row || place(x) - place(y)));
    if (childErrors.length > 0) bad.add(row);
    // An update keeps the record as stored: only its child rows are checked (above) and written.
    if (previous) {
      result.values.push(previous.row);
      return;
    }
    for (const [name, value] of Object.entries(fixed)) {
      if (name in body && JSON.stringify(body[name]) !== JSON.stringify(value)) {
        const words = (model.fields[name]?.label ?? name).toLowerCase();
        rowErrors.push({
          field: name,
          message: `This file imports into ${words} ${String(value)}; leave the cell empty or give ${String(value)}`,
        });
      }
      body[name] = value;
    }
    const checked = checkCreateBody(model, body);
    // Rules between fields (a finished size within the flat one), as a create through the API.
    if (checked.errors.length === 0)
      checked.errors.push(...relationErrors(model.fields, checked.values, null));
    // A cell that could not be read is left out of the body: its "required" is no news.
    const all = [...rowErrors, ...checked.errors.filter((e) => !rowErrors.some((r) => r.field === e.field))];
    for (const error of all) errors.push({ row, field: error.field, message: error.message });
    if (all.length > 0) bad.add(row);
    const failed = new Set(all.map((e) => e.field));
    const unchecked = Object.fromEntries(
      Object.entries(checked.values).filter(([name]) => !failed.has(name)),
    );
    refs.push(...referenceValues(model.fields, unchecked, `${row}.`));
    result.values.push(checked.values);
  });

  // References of every row at once: one query per referenced kind.
  const refErrors: FieldError[] = [];
  await checkReferenceValues(db, registry, tenantId, refs, refErrors);
  for (const error of refErrors) {
    const [row, ...field] = (error.field ?? "").split(".");
    errors.push({ row: Number(row), field: field.join("."), message: error.message });
    bad.add(Number(row));
  }
  // References that belong together (dependsOn: a product's templates of its site), row by row
  // as a create would; rows already in error are left alone.
  for (const [i, record] of result.values.entries()) {
    const row = result.rowOf[i];
    if (bad.has(row) || result.previous[i]) continue;
    const rowErrors: FieldError[] = [];
    await checkDependentReferences(db, registry, model, tenantId, { record, previous: null }, rowErrors);
    for (const error of rowErrors) errors.push({ row, field: error.field, message: error.message });
    if (rowErrors.length > 0) bad.add(row);
  }
  const creates = result.values.flatMap((_, i) => (result.previous[i] ? [] : [i]));
  await checkUnique(
    db,
    model,
    tenantId,
    creates.map((i) => result.values[i]),
    creates.map((i) => result.rowOf[i]),
    errors,
    bad,
  );

  const order = new Map(result.columns.map((name, i) => [name, i]));
  const rank = (field: string | undefined) => order.get((field ?? "").split(".")[0]) ?? -1;
  errors.sort((a, b) => a.row - b.row || rank(a.field) - rank(b.field));
  result.errors = errors.slice(0, IMPORT_MAX_ERRORS);
  result.valid = result.rows - [...bad].filter((row) => row > 1).length;
  result.updated = [...new Set(result.updated)].sort((a, b) => a - b);
  result.sample = result.values.slice(0, IMPORT_SAMPLE_ROWS).map((values, i) => ({
    row: result.rowOf[i],
    action: result.previous[i] ? ("update" as const) : ("create" as const),
    values: Object.fromEntries(
      result.columns.map((name) => [
        name,
        collections.includes(name)
          ? (result.children[i].rows[name] ?? []).map((r) => childOutput(model, name, r))
          : outputValue(model, name, values[name]),
      ]),
    ),
  }));
  return result;
}

/**
 * An updated record's child rows as a PATCH body gives them: the stored rows in their order, each the
 * file names by its key (the collection's title field, any case) as { id, ...the file's cells }, the
 * others as { id } (kept as they are); then the file's new rows. `rows` follows the body: each entry's
 * spreadsheet row (the record's own for a row the file leaves out); `updated` the file's rows that
 * name a stored one.
 */
function updateRows(
  model: ResourceModel,
  name: string,
  stored: Row[],
  read: Row[],
  fileRows: number[],
  recordRow: number,
): { body: Row[]; rows: number[]; updated: number[] } {
  const child = model.children.find((c) => c.name === name);
  const key = child?.collection.titleField;
  const keyOf = (v: unknown) => (typeof v === "string" ? v.trim().toLowerCase() : undefined);
  const byKey = new Map(read.map((r, i) => [key ? keyOf(r[key]) : undefined, i]));
  byKey.delete(undefined);
  const named = new Set<number>();
  const body: Row[] = [];
  const rows: number[] = [];
  for (const s of stored) {
    const i = key ? byKey.get(keyOf(s[key])) : undefined;
    if (i === undefined || named.has(i)) {
      body.push({ id: s.id });
      rows.push(recordRow);
    } else {
      named.add(i);
      // Named in any case: the stored key stays as it is.
      const { [key as string]: _named, ...cells } = read[i];
      body.push({ ...cells, id: s.id });
      rows.push(fileRows[i]);
    }
  }
  read.forEach((r, i) => {
    if (named.has(i)) return;
    body.push(r);
    rows.push(fileRows[i]);
  });
  return { body, rows, updated: [...named].map((i) => fileRows[i]) };
}

/** A child row as an answer shows it: its declared fields only. */
function childOutput(model: ResourceModel, name: string, row: Row): Row {
  const child = model.children.find((c) => c.name === name);
  return Object.fromEntries(Object.keys(child?.fields ?? {}).map((f) => [f, row[f] ?? null]));
}

/** Unique fields: a value twice in the file, or already a record's. */
async function checkUnique(
  db: Database,
  model: ResourceModel,
  tenantId: number,
  values: Row[],
  rowOf: number[],
  errors: ImportError[],
  bad: Set<number>,
): Promise<void> {
  const t = model.table.table;
  for (const [name, field] of Object.entries(model.fields)) {
    if (!field.unique) continue;
    // Codes match in any case, as the unique index on lower(column) compares them (tables.ts).
    const anyCase = isCaseInsensitiveCode(field);
    const keyOf = (value: unknown) => (anyCase && typeof value === "string" ? value.toLowerCase() : value);
    const firstRow = new Map<unknown, number>();
    values.forEach((v, i) => {
      const value = v[name];
      if (value === null || value === undefined) return;
      const seen = firstRow.get(keyOf(value));
      if (seen === undefined) firstRow.set(keyOf(value), rowOf[i]);
      else {
        errors.push({
          row: rowOf[i],
          field: name,
          message: `${field.label ?? name} "${String(value)}" is also on row ${seen}`,
        });
        bad.add(rowOf[i]);
      }
    });
    const present = [...firstRow.keys()];
    for (let i = 0; i < present.length; i += 1000) {
      const column = anyCase ? sql`lower(${t[name]})` : sql`${t[name]}`;
      const taken = await db
        .select({ value: t[name], key: column })
        .from(t)
        .where(and(eq(t.tenant_id, tenantId), inArray(column, present.slice(i, i + 1000))));
      for (const { value, key } of taken) {
        const row = firstRow.get(key);
        if (row === undefined) continue;
        errors.push({ row, field: name, message: duplicateValue(model, name, value).message });
        bad.add(row);
      }
    }
  }
}

/** Rows a statement: one JSON parameter each (bulk-insert.ts), a few MB at most. */
const INSERT_CHUNK = 2000;

const CHANGE_LOG_COLUMNS: BulkColumn[] = [
  { name: "tenant_id", sqlType: "integer" },
  { name: "kind", sqlType: "text" },
  { name: "record_id", sqlType: "integer" },
  { name: "action", sqlType: "text" },
  { name: "changed_at", sqlType: "timestamptz" },
  { name: "user_id", sqlType: "integer" },
  { name: "changes", sqlType: "jsonb" },
];

/**
 * Writes every row (checked, without errors) with its change-log entry, in one transaction: the new
 * records, then the child rows of the records the file updates (checkImport's `previous`); answers how
 * many records were created and updated.
 */
export async function commitImport(
  db: Database,
  model: ResourceModel,
  tenantId: number,
  userId: number,
  values: Row[],
  /** Each row's child collections (checkImport's `children`). */
  allChildren: ImportCheck["children"] = [],
  previous: ImportCheck["previous"] = [],
): Promise<{ created: number; updated: number }> {
  const creates = values.flatMap((_, i) => (previous[i] ? [] : [i]));
  const rows = creates.map((i) => values[i]);
  const children = creates.map((i) => allChildren[i]);
  const columns: BulkColumn[] = [
    { name: "tenant_id", sqlType: "integer" },
    { name: "created_at", sqlType: "timestamptz" },
    { name: "updated_at", sqlType: "timestamptz" },
    { name: "version", sqlType: "integer" },
    ...model.table.columns.filter((c) => c.name in (rows[0] ?? {})),
  ];
  return db.transaction(async (tx) => {
    const now = new Date();
    let created = 0;
    let updated = 0;
    for (const [i, stored] of previous.entries()) {
      if (!stored) continue;
      if (await updateChildren(tx, model, tenantId, userId, stored, allChildren[i])) updated += 1;
    }
    for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
      const chunk = rows.slice(i, i + INSERT_CHUNK).map((values) => {
        model.hooks.compute?.(values, null);
        return { ...values, tenant_id: tenantId, created_at: now, updated_at: now, version: 1 };
      });
      const ids = await insertJsonRows(tx, model.table.name, columns, chunk);
      const inserted = chunk.map((row, k) => ({ ...row, id: ids[k] }));
      const logged: { row: Row; changes: Changes }[] = [];
      for (const [k, row] of inserted.entries()) {
        // The record's child rows (a product's variants), in its change-log entry as a create's are.
        const own = children[i + k];
        const childChanges = own?.writes.length
          ? await writeChildren(
              { tx, model, tenantId, userId, parentId: row.id as number },
              own.writes,
              own.rows,
              {},
            )
          : {};
        logged.push({ row, changes: { ...diffRows(model, null, row), ...childChanges } });
      }
      const logIds = await insertJsonRows(
        tx,
        "change_logs",
        CHANGE_LOG_COLUMNS,
        logged.map(({ row, changes }) => ({
          tenant_id: tenantId,
          kind: model.kind,
          record_id: row.id,
          action: "create",
          changed_at: now,
          user_id: userId,
          changes,
        })),
      );
      // Live updates of the imported records, on commit (server/live/notify.ts).
      await notifyChanges(
        tx,
        model,
        logged.map(({ row, changes }, k) => ({
          logId: logIds[k],
          tenantId,
          recordId: row.id as number,
          action: "create" as const,
          changes,
        })),
      );
      for (const row of inserted) {
        await model.hooks.afterWrite?.({
          tx,
          model,
          tenantId,
          userId,
          action: "create",
          record: row,
          previous: null,
        });
      }
      created += inserted.length;
    }
    return { created, updated };
  });
}

/**
 * One updated record's child rows (checked against what was stored when the file was checked): the
 * record locked and still at that version (else a 409 to check the file again), its rows written, its
 * version counted up, its change-log entry and live event, and its kind's afterWrite (a product's
 * variants naming its own options). Answers whether anything changed.
 */
async function updateChildren(
  tx: Database,
  model: ResourceModel,
  tenantId: number,
  userId: number,
  stored: { row: Row; children: ChildRows },
  own: ImportCheck["children"][number] | undefined,
): Promise<boolean> {
  const t = model.table.table;
  const id = stored.row.id as number;
  const where = and(eq(t.tenant_id, tenantId), eq(t.id, id));
  const [before] = await tx.select().from(t).where(where).for("update");
  if (!before || before.version !== stored.row.version) {
    throw new HttpError(
      409,
      `The ${model.singular} "${String(stored.row[model.resource.titleField] ?? id)}" was changed while the file was checked: check the file again.`,
    );
  }
  if (!own?.writes.length) return false;
  const changes = await writeChildren(
    { tx, model, tenantId, userId, parentId: id },
    own.writes,
    own.rows,
    stored.children,
  );
  if (Object.keys(changes).length === 0) return false;
  const [after] = await tx
    .update(t)
    .set({ version: sql`${t.version} + 1`, updated_at: new Date() })
    .where(where)
    .returning();
  await writeChangeLogs(tx, model, [{ tenantId, recordId: id, action: "update", userId, changes }]);
  await model.hooks.afterWrite?.({
    tx,
    model,
    tenantId,
    userId,
    action: "update",
    record: after,
    previous: before,
    children: own.rows,
    previousChildren: stored.children,
  });
  return true;
}
