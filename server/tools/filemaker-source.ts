import { and, asc, desc, eq, ilike, or, type SQL, sql } from "drizzle-orm";
import type { FileMakerField, FileMakerLayout, FileMakerRow } from "../../src/custom/tools/filemaker-layouts";
import type { Config } from "../config";
import type { Database } from "../db/open";
import { filemaker_records } from "../db/schema";
import { fileMakerSource } from "./filemaker-data-api";

// Where a FileMaker page's records come from: the FileMaker Data API when the server is configured
// for it (FILEMAKER_*; for the tenant FILEMAKER_TENANT_ID names), else the tenant's demo tables
// (filemaker_records, seeded in FileMaker's shape). Both answer the same requests.

export interface FindRequest {
  /** The FileMaker layout's name, and its page's fields. */
  layout: string;
  fields: FileMakerField[];
  search?: string;
  /** Exact values of fields (field key → value), all of which a record must have. */
  filters?: Record<string, string>;
  sort: { field: string; desc: boolean };
  /** From 0. */
  offset: number;
  limit: number;
}

export interface FindResult {
  rows: FileMakerRow[];
  /** The found set's size (every record when there is no search). */
  total: number;
}

export interface RecordSource {
  /** Said on the page: "FileMaker" or "the demo tables". */
  name: string;
  find(tenantId: number, request: FindRequest): Promise<FindResult>;
  /** Every record of the found set (up to `max`), in the request's order; offset and limit unused. */
  all(tenantId: number, request: FindRequest, max: number): Promise<FileMakerRow[]>;
}

const LIKE_SPECIALS = /[\\%_]/g;

function demoTables(db: Database, pageOf: (layout: string) => string): RecordSource {
  const t = filemaker_records;
  const where = (tenantId: number, request: FindRequest): SQL | undefined => {
    const term = request.search?.trim();
    const match = term
      ? or(
          ...request.fields
            .filter((f) => f.searchable)
            .map((f) => ilike(sql`${t.field_data}->>${f.key}`, `%${term.replace(LIKE_SPECIALS, "\\$&")}%`)),
        )
      : undefined;
    const exact = Object.entries(request.filters ?? {}).map(([k, v]) => eq(sql`${t.field_data}->>${k}`, v));
    return and(eq(t.tenant_id, tenantId), eq(t.layout, pageOf(request.layout)), match, ...exact);
  };
  const order = (request: FindRequest) => {
    const field = request.fields.find((f) => f.key === request.sort.field);
    const key =
      field?.type === "number"
        ? sql`(${t.field_data}->>${request.sort.field})::numeric`
        : sql`${t.field_data}->>${request.sort.field}`;
    // Empty fields last either way.
    return [sql`${(request.sort.desc ? desc : asc)(key)} nulls last`, asc(t.id)];
  };
  const toRow = (fields: FileMakerField[]) => (r: { id: number; field_data: Record<string, unknown> }) => {
    const row: FileMakerRow = { recordId: String(r.id) };
    for (const f of fields) row[f.key] = (r.field_data[f.key] as string | number | null | undefined) ?? null;
    return row;
  };
  const select = (tenantId: number, request: FindRequest) =>
    db
      .select({ id: t.id, field_data: t.field_data })
      .from(t)
      .where(where(tenantId, request))
      .orderBy(...order(request));
  return {
    name: "the demo tables",
    async find(tenantId, request) {
      const [rows, [{ n }]] = await Promise.all([
        select(tenantId, request).limit(request.limit).offset(request.offset),
        db.select({ n: sql<number>`count(*)::int` }).from(t).where(where(tenantId, request)),
      ]);
      return { rows: rows.map(toRow(request.fields)), total: Number(n) };
    },
    async all(tenantId, request, max) {
      return (await select(tenantId, request).limit(max)).map(toRow(request.fields));
    },
  };
}

/** The source of a tenant's FileMaker pages. */
export function recordSource(
  db: Database,
  config: Config,
  tenantId: number,
  layouts: readonly FileMakerLayout[],
): RecordSource {
  if (config.filemaker && config.filemaker.tenantId === tenantId) return fileMakerSource(config.filemaker);
  const pages = new Map(layouts.map((l) => [l.layout, l.page as string]));
  return demoTables(db, (layout) => pages.get(layout) ?? layout);
}
