import { createHash } from "node:crypto";
import {
  boolean,
  date,
  integer,
  jsonb,
  numeric,
  type PgColumn,
  type PgColumnBuilderBase,
  type PgTable,
  pgTable,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { pathOf } from "../../src/access/kinds";
import type { Resource } from "../../src/resource-engine/define";
import type { Field } from "../../src/resource-engine/fields";

// The table of each declared kind, derived from its fields: one column definition (ColumnSpec)
// per field feeds both the Drizzle table the routes query and the DDL of schema-sync.ts, so the
// two cannot drift apart.

export type SqlType =
  | "text"
  | "integer"
  | "numeric"
  | "date"
  | "timestamptz"
  | "boolean"
  | "integer[]"
  | "jsonb";

export interface ColumnSpec {
  name: string;
  field: Field;
  sqlType: SqlType;
  /** The column's SQL default (from the field's declared default), as a literal. */
  defaultSql?: string;
}

export interface IndexSpec {
  name: string;
  columns: string[];
  unique: boolean;
}

export interface ForeignKeySpec {
  name: string;
  column: string;
  targetTable: string;
  onDelete: "restrict" | "set null";
}

/** A Drizzle table built at run time: its columns by name. */
export type DynamicTable = PgTable & Record<string, PgColumn>;

export interface ResourceTable {
  name: string;
  columns: ColumnSpec[];
  indexes: IndexSpec[];
  foreignKeys: ForeignKeySpec[];
  table: DynamicTable;
}

/** The columns every resource table has besides its fields, in this order. */
export const SYSTEM_COLUMNS = ["id", "tenant_id", "created_at", "updated_at", "version"] as const;

export const SQL_TYPE_OF: Record<Field["type"], SqlType> = {
  text: "text",
  longText: "text",
  richText: "text",
  email: "text",
  phone: "text",
  url: "text",
  colour: "text",
  enum: "text",
  integer: "integer",
  decimal: "numeric",
  money: "numeric",
  percent: "numeric",
  date: "date",
  datetime: "timestamptz",
  boolean: "boolean",
  reference: "integer",
  referenceList: "integer[]",
  json: "jsonb",
  // A hash (generated) or the stored value (write-only); never returned.
  secret: "text",
};

/** "vendor-categories" → "vendor_categories". */
export function tableNameOf(path: string): string {
  return path.replace(/-/g, "_");
}

export function tableNameOfKind(kind: Resource["kind"]): string {
  return tableNameOf(pathOf(kind));
}

/** PostgreSQL keeps 63 bytes of a name: longer ones are cut and made unique with a short hash. */
export function identifier(name: string): string {
  if (name.length <= 63) return name;
  const hash = createHash("sha256").update(name).digest("hex").slice(0, 8);
  return `${name.slice(0, 54)}_${hash}`;
}

export const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;
const quoteText = (value: string) => `'${value.replace(/'/g, "''")}'`;

/** The SQL literal of a field's declared default, or undefined when it has none (or none that fits). */
export function defaultSqlOf(field: Field): string | undefined {
  const sqlType = SQL_TYPE_OF[field.type];
  if (sqlType === "integer[]") {
    const ids = Array.isArray(field.default) ? field.default.filter(Number.isSafeInteger) : [];
    return `'{${ids.join(",")}}'::integer[]`;
  }
  const value = field.default;
  if (value === undefined || value === null) return undefined;
  switch (sqlType) {
    case "text":
      return typeof value === "string" ? quoteText(value) : undefined;
    case "integer":
      return Number.isSafeInteger(value) ? String(value) : undefined;
    case "numeric":
      return typeof value === "number" && Number.isFinite(value) ? String(value) : undefined;
    case "boolean":
      return typeof value === "boolean" ? String(value) : undefined;
    case "date":
      return typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value)
        ? `${quoteText(value)}::date`
        : undefined;
    case "jsonb":
      return `${quoteText(JSON.stringify(value))}::jsonb`;
    default:
      return undefined;
  }
}

/** Long texts and JSON are not indexed: a b-tree entry has a size limit a long value would break. */
function indexable(field: Field): boolean {
  if (field.type === "json" || field.type === "referenceList") return false;
  if (field.type === "longText" || field.type === "richText") return false;
  if ("max" in field && SQL_TYPE_OF[field.type] === "text" && field.max !== undefined && field.max > 1000) {
    return false;
  }
  return true;
}

function drizzleColumn(spec: ColumnSpec): PgColumnBuilderBase {
  switch (spec.sqlType) {
    case "text":
      return text(spec.name);
    case "integer":
      return integer(spec.name);
    case "numeric":
      // Answered as JSON numbers, never as the driver's strings.
      return numeric(spec.name, { mode: "number" });
    case "date":
      return date(spec.name, { mode: "string" });
    case "timestamptz":
      return timestamp(spec.name, { withTimezone: true, mode: "date", precision: 3 });
    case "boolean":
      return boolean(spec.name);
    case "integer[]":
      return integer(spec.name).array();
    case "jsonb":
      return jsonb(spec.name);
  }
}

/**
 * The table of one declaration: columns, indexes, foreign keys and the Drizzle table.
 * `tableOfKind` names a referenced kind's table (default: from the contract's path).
 */
export function buildResourceTable(
  resource: Resource,
  tableOfKind: (kind: Resource["kind"]) => string = tableNameOfKind,
): ResourceTable {
  const name = tableNameOf(resource.path);
  const columns: ColumnSpec[] = Object.entries(resource.fields).map(([fieldName, field]) => ({
    name: fieldName,
    field,
    sqlType: SQL_TYPE_OF[field.type],
    defaultSql: defaultSqlOf(field),
  }));

  const indexes: IndexSpec[] = [
    { name: identifier(`${name}_tenant_id_id_idx`), columns: ["tenant_id", "id"], unique: false },
    {
      name: identifier(`${name}_tenant_id_updated_at_idx`),
      columns: ["tenant_id", "updated_at"],
      unique: false,
    },
  ];
  const foreignKeys: ForeignKeySpec[] = [];
  for (const column of columns) {
    const { field } = column;
    if (field.unique) {
      indexes.push({
        name: identifier(`${name}_tenant_id_${column.name}_key`),
        columns: ["tenant_id", column.name],
        unique: true,
      });
    } else if ((field.sortable || field.filter || field.type === "reference") && indexable(field)) {
      indexes.push({
        name: identifier(`${name}_tenant_id_${column.name}_idx`),
        columns: ["tenant_id", column.name],
        unique: false,
      });
    }
    if (field.type === "reference") {
      foreignKeys.push({
        name: identifier(`${name}_${column.name}_fkey`),
        column: column.name,
        targetTable: tableOfKind(field.target),
        onDelete: field.onDelete === "setNull" ? "set null" : "restrict",
      });
    }
  }

  const drizzleColumns: Record<string, PgColumnBuilderBase> = {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    tenant_id: integer("tenant_id").notNull(),
    created_at: timestamp("created_at", { withTimezone: true, mode: "date", precision: 3 }).notNull(),
    updated_at: timestamp("updated_at", { withTimezone: true, mode: "date", precision: 3 }).notNull(),
    version: integer("version").notNull(),
  };
  for (const column of columns) drizzleColumns[column.name] = drizzleColumn(column);
  const table = pgTable(name, drizzleColumns) as unknown as DynamicTable;
  return { name, columns, indexes, foreignKeys, table };
}
