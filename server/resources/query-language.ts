import { and, asc, desc, eq, gte, ilike, inArray, isNull, lte, or, type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { Field } from "../../src/resource-engine/fields";
import { type FieldError, validationFailed } from "../http/errors";
import type { ResourceModel } from "./model";
import { type SearchTarget, titleMatches } from "./search-references";
import { readStockDialect } from "./simple-rest-dialect";
import { INT_MAX } from "./validators";

// The list query language of the contract, parsed against one kind's declaration:
//   page (1-based, default 1), limit (default 25, at most 100),
//   sort=a,-b (sortable fields, plus id, created_at, updated_at; default from the declaration),
//   search=words (each word, case-insensitively, in some searchable field),
//   field=v1,v2 (equality, any of; an empty item means "no value"), field_gte= / field_lte=
//   (numbers and dates), field_ne= (none of), field_like= (text containing, case-insensitive),
//   id=1,2,3 (getMany).
// The stock @refinedev/simple-rest dialect (_start/_end, _sort/_order, q, repeated id=) is read into
// these words first (simple-rest-dialect.ts).
// Anything unknown or ill-typed is a 400 naming the parameter, never silently ignored.
// It is the one list parser of the API: a declared kind's list is read against its model, an
// administration kind's (roles, user groups, users: server/admin/) against a ListSchema of the same
// field declarations over the identity tables.

export const DEFAULT_LIMIT = 25;
export const MAX_LIMIT = 100;
const MAX_PAGE = 1_000_000;
const MAX_SEARCH = 200;

export interface SortKey {
  field: string;
  desc: boolean;
}

export interface ListQuery {
  page: number;
  limit: number;
  /** Rows skipped: (page - 1) * limit, or the stock dialect's `_start`. */
  offset: number;
  /** Always ends with id, so pages and export batches are stable. */
  sort: SortKey[];
  /** Filters and search (the tenant and ownership conditions are the caller's). */
  conditions: SQL[];
}

/** What a list query is read against: the fields and what each may do, and their SQL. */
export interface ListSchema {
  fields: Record<string, Field>;
  /** Fields (and id, created_at, updated_at) a list may sort by. */
  sortable: ReadonlySet<string>;
  /** Fields a list may filter on, besides id (and created_at/updated_at ranges). */
  filterable: ReadonlySet<string>;
  searchable: readonly string[];
  /** Searchable references: their target's title matches too (search-references.ts). */
  searchTargets?: Record<string, SearchTarget>;
  /** The sort when the query gives none ("name", "-id"). */
  sort: string;
  /** The column of a field, id, created_at, updated_at or tenant_id. */
  column(name: string): PgColumn;
  /**
   * referenceList fields held in a link table rather than a column (a group's role ids): the id
   * array as SQL (`array(select …)`), which their filters read as they read a column.
   */
  linkedIds?: Record<string, SQL>;
}

const schemas = new WeakMap<ResourceModel, ListSchema>();

/** A declared kind's list schema: its model's sets over its table's columns. */
export function listSchemaOf(model: ResourceModel): ListSchema {
  let schema = schemas.get(model);
  if (!schema) {
    schema = {
      fields: model.fields,
      sortable: model.sortable,
      filterable: model.filterable,
      searchable: model.searchable,
      searchTargets: model.searchTargets,
      sort: model.resource.sort,
      column: (name) => model.table.table[name],
    };
    schemas.set(model, schema);
  }
  return schema;
}

type Listed = ResourceModel | ListSchema;
const schemaOf = (listed: Listed): ListSchema => ("resource" in listed ? listSchemaOf(listed) : listed);

type ValueKind = "id" | "integer" | "number" | "boolean" | "date" | "datetime" | "text" | "enum" | "idList";

const SYSTEM_KINDS: Record<string, ValueKind> = { id: "id", created_at: "datetime", updated_at: "datetime" };

function kindOf(field: Field): ValueKind {
  switch (field.type) {
    case "integer":
      return "integer";
    case "decimal":
    case "money":
    case "percent":
      return "number";
    case "boolean":
      return "boolean";
    case "date":
      return "date";
    case "datetime":
      return "datetime";
    case "enum":
      return "enum";
    case "reference":
      return "id";
    case "referenceList":
      return "idList";
    default:
      return "text";
  }
}

const RANGE_KINDS = new Set<ValueKind>(["id", "integer", "number", "date", "datetime"]);

/** The SQL type a text value is cast to when compared with a column (keyset cursors). */
export function castTypeOf(model: ResourceModel, name: string): string {
  const kind = SYSTEM_KINDS[name] ?? kindOf(model.fields[name]);
  switch (kind) {
    case "id":
    case "integer":
      return "integer";
    case "number":
      return "numeric";
    case "boolean":
      return "boolean";
    case "date":
      return "date";
    case "datetime":
      return "timestamptz";
    default:
      return "text";
  }
}

export function column(model: ResourceModel, name: string): PgColumn {
  return model.table.table[name];
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})$/;

function validDate(text: string): boolean {
  const m = DATE.exec(text);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return y >= 1 && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

type Parsed = { value: unknown } | { error: string };

/** One filter value of a query string → a typed value. `end` is for a date-only upper bound on a datetime. */
function parseValue(kind: ValueKind, text: string, field: Field | undefined, end = false): Parsed {
  switch (kind) {
    case "id":
    case "idList":
      return /^\d{1,10}$/.test(text) && Number(text) >= 1 && Number(text) <= INT_MAX
        ? { value: Number(text) }
        : { error: `"${text}" is not a record id` };
    case "integer":
      return /^-?\d{1,10}$/.test(text) && Math.abs(Number(text)) <= INT_MAX
        ? { value: Number(text) }
        : { error: `"${text}" is not a whole number` };
    case "number":
      return /^-?\d{1,15}(\.\d{1,10})?$/.test(text)
        ? { value: Number(text) }
        : { error: `"${text}" is not a number` };
    case "boolean":
      return text === "true" || text === "false"
        ? { value: text === "true" }
        : { error: `"${text}" is not true or false` };
    case "date":
      return validDate(text) ? { value: text } : { error: `"${text}" is not a date (YYYY-MM-DD)` };
    case "datetime": {
      if (validDate(text)) return { value: new Date(`${text}T${end ? "23:59:59.999" : "00:00:00.000"}Z`) };
      const at = new Date(text);
      return DATETIME.test(text) && !Number.isNaN(at.getTime()) && validDate(text.slice(0, 10))
        ? { value: at }
        : { error: `"${text}" is not a date and time (ISO 8601)` };
    }
    case "enum": {
      const values = field?.type === "enum" ? field.values.map((v) => v.value) : [];
      return values.includes(text)
        ? { value: text }
        : { error: `"${text}" is not one of: ${values.join(", ")}` };
    }
    case "text":
      return { value: text };
  }
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export function searchCondition(listed: Listed, search: string): SQL | undefined {
  const list = schemaOf(listed);
  const words = search.split(/\s+/).filter(Boolean).slice(0, 10);
  const conditions = words.map((word) => {
    const pattern = `%${escapeLike(word)}%`;
    const matches = list.searchable.map((name) => {
      const target = list.searchTargets?.[name];
      // A searchable reference matches its target's title (search-references.ts).
      if (target) return titleMatches(list.column(name), list.column("tenant_id"), target, pattern);
      return kindOf(list.fields[name]) === "text"
        ? ilike(list.column(name), pattern)
        : sql`${list.column(name)}::text ilike ${pattern}`;
    });
    return or(...matches) as SQL;
  });
  return conditions.length > 0 ? and(...conditions) : undefined;
}

function equalityCondition(list: ListSchema, name: string, kind: ValueKind, values: unknown[]): SQL {
  const col = list.column(name);
  const ids = list.linkedIds?.[name] ?? col;
  const present = values.filter((v) => v !== null);
  const wantsEmpty = present.length < values.length;
  const parts: SQL[] = [];
  if (kind === "idList") {
    if (present.length > 0) {
      parts.push(sql`${ids} && ${sql.raw(`ARRAY[${(present as number[]).join(",")}]`)}::integer[]`);
    }
    if (wantsEmpty) parts.push(sql`coalesce(cardinality(${ids}), 0) = 0`);
  } else {
    if (present.length === 1) parts.push(eq(col, present[0]));
    else if (present.length > 1) parts.push(inArray(col, present));
    if (wantsEmpty) parts.push(isNull(col));
  }
  return (parts.length === 1 ? parts[0] : or(...parts)) as SQL;
}

type QueryValue = string | string[] | undefined;

function single(query: Record<string, QueryValue>, key: string, errors: FieldError[]): string | undefined {
  const value = query[key];
  if (Array.isArray(value)) {
    errors.push({ field: key, message: "Give this parameter once" });
    return undefined;
  }
  return value;
}

export interface Paging {
  page: number;
  limit: number;
}

/** page and limit of any paged answer. */
export function parsePaging(query: Record<string, QueryValue>, errors: FieldError[]): Paging {
  let page = 1;
  let limit = DEFAULT_LIMIT;
  const pageText = single(query, "page", errors);
  if (pageText !== undefined) {
    if (!/^\d{1,7}$/.test(pageText) || Number(pageText) < 1 || Number(pageText) > MAX_PAGE) {
      errors.push({ field: "page", message: "Expected a page number from 1" });
    } else page = Number(pageText);
  }
  const limitText = single(query, "limit", errors);
  if (limitText !== undefined) {
    if (!/^\d{1,7}$/.test(limitText) || Number(limitText) < 1) {
      errors.push({ field: "limit", message: `Expected a page size from 1 to ${MAX_LIMIT}` });
    } else if (Number(limitText) > MAX_LIMIT) {
      errors.push({ field: "limit", message: `At most ${MAX_LIMIT} records a page` });
    } else limit = Number(limitText);
  }
  return { page, limit };
}

function parseSort(list: ListSchema, text: string, field: string, errors: FieldError[]): SortKey[] {
  const keys: SortKey[] = [];
  for (const part of text.split(",").map((p) => p.trim())) {
    const name = part.replace(/^-/, "");
    if (!name) {
      errors.push({ field, message: "Empty sort field" });
    } else if (!list.sortable.has(name)) {
      errors.push({
        field,
        message: `Cannot sort by "${name}"; sortable: ${[...list.sortable].join(", ")}`,
      });
    } else if (!keys.some((k) => k.field === name)) {
      keys.push({ field: name, desc: part.startsWith("-") });
    }
  }
  return keys;
}

/** Rejects every query value holding a NUL character (PostgreSQL text cannot hold one). */
export function rejectNul(query: Record<string, QueryValue>): void {
  const errors: FieldError[] = [];
  for (const [key, value] of Object.entries(query)) {
    const values = Array.isArray(value) ? value : [value ?? ""];
    if (key.includes("\u0000") || values.some((v) => v.includes("\u0000"))) {
      errors.push({ field: key.replaceAll("\u0000", ""), message: "Contains a NUL character" });
    }
  }
  if (errors.length > 0) throw validationFailed(errors);
}

/** page and limit, and nothing else (a change log's query; `extra`: other words the caller reads). */
export function pagingOnly(rawQuery: unknown, extra: string[] = []): Paging {
  const query = (rawQuery ?? {}) as Record<string, QueryValue>;
  rejectNul(query);
  const errors: FieldError[] = [];
  const paging = parsePaging(query, errors);
  for (const key of Object.keys(query)) {
    if (key !== "page" && key !== "limit" && !extra.includes(key)) {
      errors.push({ field: key, message: "Unknown parameter" });
    }
  }
  if (errors.length > 0) throw validationFailed(errors);
  return paging;
}

/** The whole list query of one kind, in either dialect; throws a 400 listing every bad parameter. */
export function parseListQuery(listed: Listed, rawQuery: unknown): ListQuery {
  const list = schemaOf(listed);
  rejectNul((rawQuery ?? {}) as Record<string, QueryValue>);
  const errors: FieldError[] = [];
  const reading = readStockDialect((rawQuery ?? {}) as Record<string, QueryValue>, MAX_LIMIT, errors);
  const { query, window, names } = reading;
  const { page, limit } = window
    ? { page: Math.floor(window.offset / window.limit) + 1, limit: window.limit }
    : parsePaging(query, errors);
  const offset = window ? window.offset : (page - 1) * limit;
  const conditions: SQL[] = [];

  const sortText = single(query, "sort", errors);
  let sort = parseSort(list, sortText?.trim() ? sortText : list.sort, names.sort, errors);
  if (!sort.some((k) => k.field === "id")) sort = [...sort, { field: "id", desc: false }];

  const search = single(query, "search", errors)?.trim();
  if (search) {
    if (list.searchable.length === 0)
      errors.push({ field: names.search, message: "This list has no searchable fields" });
    else if (search.length > MAX_SEARCH) {
      errors.push({ field: names.search, message: `Use at most ${MAX_SEARCH} characters` });
    } else {
      const condition = searchCondition(list, search);
      if (condition) conditions.push(condition);
    }
  }

  for (const [key, value] of Object.entries(query)) {
    if (["page", "limit", "sort", "search"].includes(key)) continue;
    const operator = /^(.+)_(gte|lte|ne|like)$/.exec(key);
    const name = !operator || list.filterable.has(key) || key === "id" ? key : operator[1];
    const op = name === key ? "eq" : (operator?.[2] as "gte" | "lte" | "ne" | "like");
    const field = list.fields[name];
    const system = SYSTEM_KINDS[name];
    const known = name === "id" || list.filterable.has(name) || (op !== "eq" && system !== undefined);
    const kind = known ? (system ?? kindOf(field)) : undefined;
    if (kind === undefined) {
      const range = op === "gte" || op === "lte";
      errors.push({ field: key, message: range ? "Unknown range filter" : "Unknown filter field" });
      continue;
    }
    if ((op === "gte" || op === "lte") && !RANGE_KINDS.has(kind)) {
      errors.push({ field: key, message: "Unknown range filter" });
      continue;
    }
    if (op === "like" && kind !== "text" && kind !== "enum") {
      errors.push({ field: key, message: `"${name}" is not a text field (field_like finds text)` });
      continue;
    }
    const col = list.column(name);
    if (op === "gte" || op === "lte" || op === "like") {
      const text = single(query, key, errors);
      if (text === undefined) continue;
      if (op === "like") {
        if (text.trim()) conditions.push(sql`${col}::text ilike ${`%${escapeLike(text.trim())}%`}`);
        continue;
      }
      const parsed = parseValue(kind, text.trim(), field, op === "lte");
      if ("error" in parsed) errors.push({ field: key, message: parsed.error });
      else conditions.push(op === "gte" ? gte(col, parsed.value) : lte(col, parsed.value));
      continue;
    }
    const items = (Array.isArray(value) ? value : [value ?? ""]).flatMap((v) => v.split(","));
    const values: unknown[] = [];
    for (const item of items.map((i) => i.trim())) {
      if (item === "") {
        values.push(null);
        continue;
      }
      const parsed = parseValue(kind, item, field);
      if ("error" in parsed) {
        errors.push({ field: key, message: parsed.error });
        break;
      }
      values.push(parsed.value);
    }
    if (values.length > 1000) errors.push({ field: key, message: "At most 1,000 values" });
    if (errors.some((e) => e.field === key)) continue;
    const equal = equalityCondition(list, name, kind, values);
    // "Not equal" keeps the records with no value, as the stock provider's json-server does.
    conditions.push(op === "ne" ? sql`not coalesce(${equal}, false)` : equal);
  }
  if (errors.length > 0) throw validationFailed(errors);
  return { page, limit, offset, sort, conditions };
}

/** ORDER BY of a sort, with PostgreSQL's null placement spelled out (the export's keyset relies on it). */
export function orderBy(listed: Listed, sort: SortKey[]): SQL[] {
  const list = schemaOf(listed);
  return sort.map(({ field, desc: descending }) =>
    descending ? sql`${desc(list.column(field))} nulls first` : sql`${asc(list.column(field))} nulls last`,
  );
}
