import { rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { selectRows } from "../../server/db/open";
import { DeclarationError, declarationFiles, importDeclarations } from "../../server/resources/declarations";
import { buildRegistry, loadRegistry } from "../../server/resources/model";
import { plannedStatements, SchemaSyncError, syncResourceSchema } from "../../server/resources/schema-sync";
import { identifier } from "../../server/resources/tables";
import { defineResource } from "../../src/resource-engine/define";
import { boolean, integer, reference, text } from "../../src/resource-engine/fields";
import { createTestDatabase, describeEachStore, REPO_ROOT, type TestDatabase, tempDir } from "./helpers";

// The declarations the server loads (and refuses), and the additive schema sync.

describe("loading the declarations", () => {
  it("finds every src/resources file and validates them", async () => {
    const registry = await loadRegistry();
    expect(registry.models.length).toBe(declarationFiles().length);
    for (const model of registry.models) {
      expect(model.table.name).toBe(model.resource.path.replace(/-/g, "_"));
    }
  });

  it("refuses declarations with problems, listing every one", async () => {
    const dir = tempDir("declarations");
    const engine = path.join(REPO_ROOT, "src/resource-engine");
    try {
      writeFileSync(
        path.join(dir, "vendors.ts"),
        `import { defineResource } from "${engine}/define";
import { reference, text } from "${engine}/fields";
export default defineResource({ kind: "Vendor", fields: { name: text(), vendor_category_id: reference("VendorCategory") }, list: ["nope"] });`,
      );
      writeFileSync(path.join(dir, "not-a-declaration.ts"), "export const x = 1;\n");
      writeFileSync(path.join(dir, "broken.ts"), "export default {{;\n");
      writeFileSync(path.join(dir, "ignored.test.ts"), "throw new Error('never loaded');\n");
      const error = await importDeclarations(dir).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(DeclarationError);
      const problems = (error as DeclarationError).problems;
      expect(problems).toHaveLength(4);
      expect(problems[0]).toMatch(/^broken\.ts: cannot be loaded/);
      expect(problems.slice(1)).toEqual([
        "not-a-declaration.ts: no default export of defineResource(...)",
        'Vendor: field "vendor_category_id" references undeclared kind VendorCategory',
        'Vendor: list names unknown field "nope"',
      ]);
      expect((error as Error).message).toMatch(
        /^The resource declarations in src\/resources have problems:\n {2}/,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("keeps long index names within PostgreSQL's 63 bytes, still unique", () => {
    const a = identifier(`${"x".repeat(60)}_tenant_id_first_idx`);
    const b = identifier(`${"x".repeat(60)}_tenant_id_second_idx`);
    expect(a.length).toBeLessThanOrEqual(63);
    expect(a).not.toBe(b);
  });
});

const v1 = [
  defineResource({
    kind: "VendorCategory",
    path: "sync-groups",
    fields: { name: text({ required: true, sortable: true }) },
    sort: "name",
  }),
  defineResource({ kind: "Vendor", path: "sync-items", fields: { name: text({ required: true }) } }),
];

const v2 = [
  v1[0],
  defineResource({
    kind: "Vendor",
    path: "sync-items",
    fields: {
      name: text({ required: true }),
      code: text({ unique: true }),
      active: boolean({ default: true, filter: true }),
      rank: integer({ default: 7, sortable: true }),
      group_id: reference("VendorCategory", { onDelete: "setNull" }),
    },
  }),
];

describeEachStore("the additive schema sync (%s)", (dbKind) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase(dbKind, { seed: false });
  });
  afterAll(() => db?.dispose());

  it("leaves a migrated database as it is", async () => {
    expect(await plannedStatements(db.handle.db, await loadRegistry())).toEqual([]);
  });

  it("creates a new kind's table, then adds columns, indexes and foreign keys, and nothing else", async () => {
    const first = await syncResourceSchema(db.handle.db, buildRegistry(v1, new Map()));
    expect(first.filter((s) => s.startsWith("CREATE TABLE"))).toHaveLength(2);
    await db.handle.db.execute(sql`insert into tenants (name) values ('T')`);
    await db.handle.db.execute(sql`insert into sync_items (tenant_id, name) values (1, 'Before')`);

    const second = await syncResourceSchema(db.handle.db, buildRegistry(v2, new Map()));
    expect(second).toEqual([
      `ALTER TABLE "sync_items" ADD COLUMN IF NOT EXISTS "code" text`,
      `ALTER TABLE "sync_items" ADD COLUMN IF NOT EXISTS "active" boolean DEFAULT true`,
      `ALTER TABLE "sync_items" ADD COLUMN IF NOT EXISTS "rank" integer DEFAULT 7`,
      `ALTER TABLE "sync_items" ADD COLUMN IF NOT EXISTS "group_id" integer`,
      `CREATE UNIQUE INDEX IF NOT EXISTS "sync_items_tenant_id_lower_code_key" ON "sync_items" ("tenant_id", lower("code"))`,
      `CREATE INDEX IF NOT EXISTS "sync_items_tenant_id_active_idx" ON "sync_items" ("tenant_id", "active")`,
      `CREATE INDEX IF NOT EXISTS "sync_items_tenant_id_rank_idx" ON "sync_items" ("tenant_id", "rank")`,
      `CREATE INDEX IF NOT EXISTS "sync_items_tenant_id_group_id_idx" ON "sync_items" ("tenant_id", "group_id")`,
      `ALTER TABLE "sync_items" ADD CONSTRAINT "sync_items_group_id_fkey" FOREIGN KEY ("group_id") REFERENCES "sync_groups"("id") ON DELETE SET NULL`,
    ]);
    // Records already there get the new fields' declared defaults.
    const rows = await selectRows<{ name: string; active: boolean; rank: number; code: string | null }>(
      db.handle.db,
      sql`select name, active, rank, code from sync_items`,
    );
    expect(rows).toEqual([{ name: "Before", active: true, rank: 7, code: null }]);
    expect(await plannedStatements(db.handle.db, buildRegistry(v2, new Map()))).toEqual([]);
    // A field taken out of the declaration keeps its column (removals need a migration).
    expect(await plannedStatements(db.handle.db, buildRegistry(v1, new Map()))).toEqual([]);
  });

  it("refuses to start when a column's type differs from its declaration", async () => {
    const retyped = [
      v1[0],
      defineResource({ kind: "Vendor", path: "sync-items", fields: { name: integer(), active: text() } }),
    ];
    const error = await plannedStatements(db.handle.db, buildRegistry(retyped, new Map())).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(SchemaSyncError);
    expect((error as SchemaSyncError).problems).toEqual([
      "sync_items.name is text in the database but declared as integer (integer); write a migration that converts it",
      "sync_items.active is boolean in the database but declared as text (text); write a migration that converts it",
    ]);
  });
});

describe("a database made before a kind was declared", () => {
  it("gets that kind's table, indexes and foreign keys at the next start", async () => {
    const registry = await loadRegistry();
    const table = registry.models[registry.models.length - 1].table.name;
    const db = await createTestDatabase("pglite", { seed: false });
    try {
      await db.handle.db.execute(sql.raw(`drop table "${table}" cascade`));
      const planned = await plannedStatements(db.handle.db, registry);
      expect(planned[0]).toMatch(new RegExp(`^CREATE TABLE IF NOT EXISTS "${table}"`));
      await syncResourceSchema(db.handle.db, registry);
      expect(await plannedStatements(db.handle.db, registry)).toEqual([]);
    } finally {
      await db.dispose();
    }
  });
});
