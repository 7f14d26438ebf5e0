import { stringify } from "csv-stringify/sync";
import { and, eq, getTableColumns, inArray, isNotNull, isNull, or, type SQL, sql } from "drizzle-orm";
import { IDENTITY_KINDS } from "../../src/resource-engine/define";
import type { Database } from "../db/open";
import { user_groups, users } from "../db/schema";
import type { Row } from "./hooks";
import type { ResourceModel, ResourceRegistry } from "./model";
import { castTypeOf, column, orderBy, type SortKey } from "./query-language";
import { outputValue } from "./records";

// GET {path}/export.csv: the rows of the list query (filters, search, sort; not the page), as
// CSV, streamed in batches. Each batch continues after the last row of the one before (keyset
// over the sort keys, which always end with the unique id), so a long export neither holds a
// transaction open nor slows down with OFFSET. Header = field labels; a reference is exported as
// its id plus the target's title (a user's name); a secret as whether it is set.

export const EXPORT_MAX_ROWS = 100_000;
const BATCH = 1000;

/** A cell's text (JSON for objects); a text cell a spreadsheet would run as a formula gets a leading apostrophe. */
export function csvCell(value: unknown, text = false): string {
  if (value === null || value === undefined) return "";
  const s = typeof value === "object" ? JSON.stringify(value) : String(value);
  return text && /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
}

/** RFC 4180 records, CRLF: csv-stringify quotes a cell with a comma or a quote, and (quoted_match) a CR or LF alone. */
export const csvRecords = (records: string[][]) =>
  stringify(records, { record_delimiter: "\r\n", quoted_match: /[\r\n]/ });

const TEXT_TYPES = new Set(["text", "longText", "richText", "email", "phone", "url", "colour", "enum"]);

/** Titles of referenced records: target kind → id → title. */
type Titles = Map<string, Map<number, unknown>>;

interface ExportColumn {
  header: string;
  cell(row: Row, titles: Titles): string;
}

function exportColumns(model: ResourceModel): ExportColumn[] {
  const columns: ExportColumn[] = [{ header: "ID", cell: (row) => csvCell(row.id) }];
  for (const [name, field] of Object.entries(model.fields)) {
    const label = field.label ?? name;
    if (field.type === "reference" || field.type === "referenceList") {
      const target = field.target;
      const ids = (row: Row): number[] =>
        field.type === "reference"
          ? row[name] === null
            ? []
            : [row[name] as number]
          : ((row[name] as number[]) ?? []);
      const idHeader = field.type === "reference" ? `${label} ID` : `${label} IDs`;
      columns.push({ header: idHeader, cell: (row) => csvCell(ids(row).join(";") || null) });
      columns.push({
        header: label,
        cell: (row, titles) =>
          csvCell(
            ids(row)
              .map((id) => titles.get(target)?.get(id) ?? "")
              .join("; ") || null,
            true,
          ),
      });
    } else {
      columns.push({
        header: label,
        cell: (row) => csvCell(outputValue(model, name, row[name]), TEXT_TYPES.has(field.type)),
      });
    }
  }
  columns.push({
    header: "Created at",
    cell: (row) => csvCell(outputValue(model, "created_at", row.created_at)),
  });
  columns.push({
    header: "Updated at",
    cell: (row) => csvCell(outputValue(model, "updated_at", row.updated_at)),
  });
  return columns;
}

/** id → name of the users among `ids` who are members of the tenant. */
async function userNames(db: Database, tenantId: number, ids: number[]): Promise<Map<number, unknown>> {
  const found = await db
    .selectDistinct({ id: users.id, name: users.name })
    .from(users)
    .innerJoin(user_groups, eq(user_groups.user_id, users.id))
    .where(and(eq(user_groups.tenant_id, tenantId), inArray(users.id, ids)));
  return new Map(found.map((r) => [r.id, r.name]));
}

/** The titles of the records a batch references, per target kind. */
async function referenceTitles(
  db: Database,
  model: ResourceModel,
  registry: ResourceRegistry,
  tenantId: number,
  rows: Row[],
): Promise<Titles> {
  const wanted = new Map<string, Set<number>>();
  for (const [name, field] of Object.entries(model.fields)) {
    if (field.type !== "reference" && field.type !== "referenceList") continue;
    const target = field.target;
    const set = wanted.get(target) ?? new Set<number>();
    for (const row of rows) {
      const value = row[name];
      if (Array.isArray(value)) for (const id of value) set.add(id as number);
      else if (typeof value === "number") set.add(value);
    }
    wanted.set(target, set);
  }
  const titles: Titles = new Map();
  for (const [kind, ids] of wanted) {
    if (ids.size === 0) continue;
    if (IDENTITY_KINDS.has(kind)) {
      titles.set(kind, await userNames(db, tenantId, [...ids]));
      continue;
    }
    const target = registry.byKind.get(kind as ResourceModel["kind"]);
    if (!target) continue;
    const t = target.table.table;
    const titleColumn = t[target.resource.titleField];
    const found = await db
      .select({ id: t.id, title: titleColumn })
      .from(t)
      .where(and(eq(t.tenant_id, tenantId), inArray(t.id, [...ids])));
    titles.set(
      kind,
      new Map(found.map((r) => [r.id as number, outputValue(target, target.resource.titleField, r.title)])),
    );
  }
  return titles;
}

/** "After the cursor" in the order of `sort` (asc nulls last, desc nulls first), from its text values. */
function after(model: ResourceModel, sort: SortKey[], cursor: (string | null)[], i = 0): SQL | undefined {
  if (i >= sort.length) return undefined;
  const { field, desc } = sort[i];
  const col = column(model, field);
  const value = cursor[i];
  const typed = value === null ? undefined : sql`${value}::${sql.raw(castTypeOf(model, field))}`;
  const rest = after(model, sort, cursor, i + 1);
  const same = (condition: SQL) => (rest ? and(condition, rest) : undefined);
  const parts: (SQL | undefined)[] = [];
  if (!desc) {
    if (typed) parts.push(sql`${col} > ${typed}`, isNull(col), same(sql`${col} = ${typed}`));
    else parts.push(same(isNull(col)));
  } else if (typed) {
    parts.push(sql`${col} < ${typed}`, same(sql`${col} = ${typed}`));
  } else {
    parts.push(isNotNull(col), same(isNull(col)));
  }
  const present = parts.filter((p): p is SQL => p !== undefined);
  return present.length === 0 ? sql`false` : (or(...present) as SQL);
}

export interface ExportInput {
  db: Database;
  registry: ResourceRegistry;
  model: ResourceModel;
  tenantId: number;
  /** Tenant, ownership, filters and search. */
  where: SQL | undefined;
  sort: SortKey[];
  /** Rows a query (default 1000). */
  batchSize?: number;
}

/** The CSV text, batch by batch (a UTF-8 BOM first, so spreadsheets read accents right). */
export async function* exportCsv(input: ExportInput): AsyncGenerator<string> {
  const { db, registry, model, tenantId, where, sort } = input;
  const batch = input.batchSize ?? BATCH;
  const columns = exportColumns(model);
  yield `\uFEFF${csvRecords([columns.map((c) => c.header)])}`;
  const t = model.table.table;
  const cursorColumns = Object.fromEntries(
    sort.map((k, i) => [`__k${i}`, sql<string | null>`${column(model, k.field)}::text`]),
  );
  let cursor: (string | null)[] | null = null;
  let sent = 0;
  while (sent < EXPORT_MAX_ROWS) {
    const condition = cursor ? and(where, after(model, sort, cursor)) : where;
    const rows = (await db
      .select({ ...getTableColumns(t), ...cursorColumns })
      .from(t)
      .where(condition)
      .orderBy(...orderBy(model, sort))
      .limit(Math.min(batch, EXPORT_MAX_ROWS - sent))) as Row[];
    if (rows.length === 0) break;
    const titles = await referenceTitles(db, model, registry, tenantId, rows);
    yield csvRecords(rows.map((row) => columns.map((c) => c.cell(row, titles))));
    sent += rows.length;
    const last = rows[rows.length - 1];
    cursor = sort.map((_, i) => (last[`__k${i}`] as string | null) ?? null);
    if (rows.length < batch) break;
  }
}
