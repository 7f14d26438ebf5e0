import { sql } from "drizzle-orm";
import type { Database } from "../db/open";
import { selectRows } from "../db/open";
import { installWriteTriggers, isPostgres } from "../db/write-triggers";
import type { ResourceRegistry } from "./model";
import { type ColumnSpec, quoteIdent, type ResourceTable, type SqlType } from "./tables";

// The additive schema sync, run at every start right after the Drizzle migrations and inside the
// same start-up lock (DatabaseHandle.exclusive): it brings the database up to the declarations
// (each kind's table and a table per child collection) by creating what is missing, and nothing else:
//   CREATE TABLE IF NOT EXISTS, ADD COLUMN IF NOT EXISTS, CREATE [UNIQUE] INDEX IF NOT EXISTS,
//   and the missing foreign keys of reference fields,
// all generated from the same column definitions the routes query (tables.ts), in one transaction.
//
// It never renames, drops or retypes anything. Renaming or removing a field, changing its type,
// or changing a reference's onDelete needs a hand-written migration in server/db/migrations
// (drizzle-kit's generate does not know these tables). A column whose type differs from the
// declaration stops the start with a message rather than serving wrong values. Declared
// `required` is enforced by the API, not by NOT NULL, so a required field can be added to a table
// that already holds records (they get the field's declared default, or null).

export class SchemaSyncError extends Error {
  constructor(readonly problems: string[]) {
    super(`The database does not match the resource declarations:\n  ${problems.join("\n  ")}`);
  }
}

/** information_schema's data_type (and udt_name for arrays) of each column type. */
const CATALOG_TYPE: Record<SqlType, string> = {
  text: "text",
  integer: "integer",
  numeric: "numeric",
  date: "date",
  timestamptz: "timestamp with time zone",
  boolean: "boolean",
  "integer[]": "ARRAY:_int4",
  jsonb: "jsonb",
};

const SQL_TYPE_DDL: Record<SqlType, string> = {
  text: "text",
  integer: "integer",
  numeric: "numeric",
  date: "date",
  timestamptz: "timestamp(3) with time zone",
  boolean: "boolean",
  "integer[]": "integer[]",
  jsonb: "jsonb",
};

function columnDdl(column: ColumnSpec): string {
  const type = SQL_TYPE_DDL[column.sqlType];
  return column.defaultSql ? `${type} DEFAULT ${column.defaultSql}` : type;
}

interface Catalog {
  /** table → column → catalog type */
  columns: Map<string, Map<string, string>>;
  indexes: Set<string>;
  constraints: Set<string>;
}

async function readCatalog(db: Database): Promise<Catalog> {
  const columnRows = await selectRows<{
    table_name: string;
    column_name: string;
    data_type: string;
    udt_name: string;
  }>(
    db,
    sql`select table_name, column_name, data_type, udt_name from information_schema.columns where table_schema = 'public'`,
  );
  const columns = new Map<string, Map<string, string>>();
  for (const row of columnRows) {
    const type = row.data_type === "ARRAY" ? `ARRAY:${row.udt_name}` : row.data_type;
    if (!columns.has(row.table_name)) columns.set(row.table_name, new Map());
    columns.get(row.table_name)?.set(row.column_name, type);
  }
  const indexRows = await selectRows<{ indexname: string }>(
    db,
    sql`select indexname from pg_indexes where schemaname = 'public'`,
  );
  const constraintRows = await selectRows<{ conname: string }>(
    db,
    sql`select c.conname from pg_constraint c join pg_namespace n on n.oid = c.connamespace where n.nspname = 'public'`,
  );
  return {
    columns,
    indexes: new Set(indexRows.map((r) => r.indexname)),
    constraints: new Set(constraintRows.map((r) => r.conname)),
  };
}

/** The statements that bring one table up to its declaration, and the problems that stop it. */
function tableStatements(table: ResourceTable, catalog: Catalog, problems: string[]): string[] {
  const statements: string[] = [];
  const existing = catalog.columns.get(table.name);
  const t = quoteIdent(table.name);
  if (!existing) {
    const lines = [
      ...table.systemColumns.map((c) => `${quoteIdent(c.name)} ${c.ddl}`),
      ...table.columns.map((c) => `${quoteIdent(c.name)} ${columnDdl(c)}`),
    ];
    statements.push(`CREATE TABLE IF NOT EXISTS ${t} (\n  ${lines.join(",\n  ")}\n)`);
  } else {
    for (const c of table.systemColumns) {
      const type = existing.get(c.name);
      if (type === undefined) {
        if (c.essential) {
          problems.push(`table ${table.name} exists without ${c.name}; it cannot hold resource records`);
        } else statements.push(`ALTER TABLE ${t} ADD COLUMN IF NOT EXISTS ${quoteIdent(c.name)} ${c.ddl}`);
      } else if (type !== c.catalog) {
        problems.push(`${table.name}.${c.name} is ${type}, expected ${c.catalog}`);
      }
    }
    for (const column of table.columns) {
      const type = existing.get(column.name);
      if (type === undefined) {
        statements.push(
          `ALTER TABLE ${t} ADD COLUMN IF NOT EXISTS ${quoteIdent(column.name)} ${columnDdl(column)}`,
        );
      } else if (type !== CATALOG_TYPE[column.sqlType]) {
        problems.push(
          `${table.name}.${column.name} is ${type.replace("ARRAY:_int4", "integer[]")} in the database but ` +
            `declared as ${column.field.type} (${column.sqlType}); write a migration that converts it`,
        );
      }
    }
  }
  for (const index of table.indexes) {
    if (catalog.indexes.has(index.name)) continue;
    statements.push(
      `CREATE ${index.unique ? "UNIQUE " : ""}INDEX IF NOT EXISTS ${quoteIdent(index.name)} ON ${t} (${index.columns
        .map((c) => (index.lower && c !== "tenant_id" ? `lower(${quoteIdent(c)})` : quoteIdent(c)))
        .join(", ")})`,
    );
  }
  return statements;
}

function foreignKeyStatements(table: ResourceTable, catalog: Catalog): string[] {
  return table.foreignKeys
    .filter((fk) => !catalog.constraints.has(fk.name))
    .map(
      (fk) =>
        `ALTER TABLE ${quoteIdent(table.name)} ADD CONSTRAINT ${quoteIdent(fk.name)} FOREIGN KEY (${quoteIdent(
          fk.column,
        )}) REFERENCES ${quoteIdent(fk.targetTable)}("id") ON DELETE ${fk.onDelete.toUpperCase()}`,
    );
}

/**
 * Codes stored before uniqueness ignored case ("C10001" and "c10001") stop the case-insensitive
 * index from being built: named here so someone can rename one of them, instead of a bare 23505.
 */
async function caseTwins(db: Database, table: ResourceTable, catalog: Catalog): Promise<string[]> {
  if (!catalog.columns.has(table.name)) return [];
  const problems: string[] = [];
  for (const index of table.indexes) {
    if (!index.lower || catalog.indexes.has(index.name)) continue;
    const column = index.columns.find((c) => c !== "tenant_id") as string;
    if (!catalog.columns.get(table.name)?.has(column)) continue;
    const rows = await selectRows<{ tenant_id: number; value: string }>(
      db,
      sql.raw(
        `select tenant_id, min(${quoteIdent(column)}) as value from ${quoteIdent(table.name)} ` +
          `where ${quoteIdent(column)} is not null group by tenant_id, lower(${quoteIdent(column)}) having count(*) > 1 limit 3`,
      ),
    );
    for (const row of rows) {
      problems.push(
        `${table.name}.${column}: tenant ${row.tenant_id} has "${row.value}" more than once in different cases; ` +
          "codes are now unique in any case, so change all but one",
      );
    }
  }
  return problems;
}

/** The DDL the database lacks for the declarations (empty when it is up to date). Throws SchemaSyncError. */
export async function plannedStatements(db: Database, registry: ResourceRegistry): Promise<string[]> {
  const catalog = await readCatalog(db);
  const problems: string[] = [];
  const statements: string[] = [];
  // Tables and columns first, then every foreign key: a reference may point at a table created later.
  const tables = registry.models.flatMap((m) => [m.table, ...m.children.map((c) => c.table)]);
  for (const table of tables) statements.push(...tableStatements(table, catalog, problems));
  for (const table of tables) statements.push(...foreignKeyStatements(table, catalog));
  for (const table of tables) problems.push(...(await caseTwins(db, table, catalog)));
  if (problems.length > 0) throw new SchemaSyncError(problems);
  return statements;
}

/** Brings the database up to the declarations; answers the statements it ran. */
export async function syncResourceSchema(db: Database, registry: ResourceRegistry): Promise<string[]> {
  const statements = await plannedStatements(db, registry);
  for (const model of registry.models) statements.push(...(model.hooks.schema ?? []));
  if (statements.length > 0) {
    await db.transaction(async (tx) => {
      for (const statement of statements) await tx.execute(sql.raw(statement));
    });
  }
  // PostgreSQL: every table, new or from a migration, tells the server processes of its writes.
  if (isPostgres(db)) await installWriteTriggers(db);
  return statements;
}
