import { and, asc, desc, eq, gte, ilike, inArray, lte, or, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { type FieldError, validationFailed } from "../http/errors";

// The contract's list query (api-contract.md, "Resources") for the administration kinds:
// page (1-based, default 1), limit (default 25, at most 100), sort ("name,-id", default "-id"),
// search (case-insensitive over the searchable fields), and filters: field=value (a comma means
// any of), field_gte= / field_lte= on numbers and dates. Anything unknown is a 400.

export const DEFAULT_LIMIT = 25;
export const MAX_LIMIT = 100;
const MAX_ID = 2_147_483_647;

export type FieldType = "integer" | "text" | "boolean" | "datetime";

export interface ListField {
  type: FieldType;
  column: AnyPgColumn;
  /** Part of `search` (text fields only). */
  searchable?: boolean;
  /** Default true. */
  sortable?: boolean;
  /** Default true. */
  filterable?: boolean;
}

export interface ListSpec {
  fields: Record<string, ListField>;
  /**
   * Filters on an association rather than a column, e.g. a group's `role_ids=3,4` (has any of
   * them). Their values are ids.
   */
  relations?: Record<string, (ids: number[]) => SQL>;
}

export interface ListQuery {
  page: number;
  limit: number;
  offset: number;
  where: SQL | undefined;
  orderBy: SQL[];
}

export type RawQuery = Record<string, string | string[] | undefined>;

const RESERVED = new Set(["page", "limit", "sort", "search"]);

function one(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(",") : value;
}

function positiveInt(value: string | undefined, field: string, errors: FieldError[], max: number) {
  if (value === undefined || value === "") return undefined;
  if (!/^\d{1,10}$/.test(value) || Number(value) < 1 || Number(value) > max) {
    errors.push({ field, message: `Expected a whole number from 1 to ${max}` });
    return undefined;
  }
  return Number(value);
}

/** One filter value of a field's type, or undefined after recording the problem. */
function typed(type: FieldType, raw: string, field: string, errors: FieldError[]): unknown {
  switch (type) {
    case "integer":
      if (/^-?\d{1,10}$/.test(raw) && Math.abs(Number(raw)) <= MAX_ID) return Number(raw);
      errors.push({ field, message: `"${raw}" is not a whole number` });
      return undefined;
    case "boolean":
      if (raw === "true" || raw === "1") return true;
      if (raw === "false" || raw === "0") return false;
      errors.push({ field, message: `"${raw}" is not true or false` });
      return undefined;
    case "datetime": {
      const date = new Date(raw);
      if (raw !== "" && !Number.isNaN(date.getTime())) return date;
      errors.push({ field, message: `"${raw}" is not a date` });
      return undefined;
    }
    default:
      return raw;
  }
}

/** LIKE pattern of a literal text: its wildcards escaped. */
export function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export function parseListQuery(query: RawQuery, spec: ListSpec): ListQuery {
  const errors: FieldError[] = [];
  const page = positiveInt(one(query.page), "page", errors, MAX_ID) ?? 1;
  const limit = positiveInt(one(query.limit), "limit", errors, MAX_LIMIT) ?? DEFAULT_LIMIT;
  const conditions: SQL[] = [];

  // sort
  const orderBy: SQL[] = [];
  const sortText = one(query.sort)?.trim() || "-id";
  for (const part of sortText.split(",").map((s) => s.trim())) {
    const descending = part.startsWith("-");
    const name = descending ? part.slice(1) : part;
    const field = Object.hasOwn(spec.fields, name) ? spec.fields[name] : undefined;
    if (!field || field.sortable === false) {
      errors.push({ field: "sort", message: `Cannot sort by "${name}"` });
      continue;
    }
    orderBy.push(descending ? desc(field.column) : asc(field.column));
  }
  // A stable order across pages even when the sort field has ties.
  if (!/(^|,)\s*-?id\s*(,|$)/.test(sortText) && spec.fields.id) orderBy.push(asc(spec.fields.id.column));

  // search
  const search = one(query.search)?.trim();
  if (search) {
    const searchable = Object.values(spec.fields).filter((f) => f.searchable);
    const matches = searchable.map((f) => ilike(f.column, containing(search)));
    if (matches.length > 0) conditions.push(or(...matches) as SQL);
  }

  // filters
  for (const [key, rawValue] of Object.entries(query)) {
    if (RESERVED.has(key) || rawValue === undefined) continue;
    const raw = one(rawValue) ?? "";
    const range = /^(.+)_(gte|lte)$/.exec(key);
    const rangeField = range && Object.hasOwn(spec.fields, range[1]) ? spec.fields[range[1]] : undefined;
    if (range && rangeField && rangeField.filterable !== false) {
      if (rangeField.type !== "integer" && rangeField.type !== "datetime") {
        errors.push({ field: key, message: "Ranges work on numbers and dates only" });
        continue;
      }
      const value = typed(rangeField.type, raw, key, errors);
      if (value === undefined) continue;
      conditions.push(range[2] === "gte" ? gte(rangeField.column, value) : lte(rangeField.column, value));
      continue;
    }
    const field = Object.hasOwn(spec.fields, key) ? spec.fields[key] : undefined;
    if (field && field.filterable !== false) {
      const values = raw.split(",").map((v) => typed(field.type, v.trim(), key, errors));
      if (values.some((v) => v === undefined)) continue;
      conditions.push(values.length === 1 ? eq(field.column, values[0]) : inArray(field.column, values));
      continue;
    }
    const relation = spec.relations && Object.hasOwn(spec.relations, key) ? spec.relations[key] : undefined;
    if (relation) {
      const ids = raw.split(",").map((v) => typed("integer", v.trim(), key, errors));
      if (ids.some((v) => v === undefined)) continue;
      conditions.push(relation(ids as number[]));
      continue;
    }
    errors.push({ field: key, message: "Unknown filter" });
  }

  if (errors.length > 0) throw validationFailed(errors);
  return {
    page,
    limit,
    offset: (page - 1) * limit,
    where: conditions.length > 0 ? and(...conditions) : undefined,
    orderBy,
  };
}

/** `count(*)` as a number on both drivers. */
export const countAll = sql<number>`count(*)::int`;
