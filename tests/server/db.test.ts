import { count, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { runMigrations } from "../../server/db/migrate";
import { selectRows } from "../../server/db/open";
import { groups, roles, sites, tenants, users } from "../../server/db/schema";
import { seedIfEmpty } from "../../server/db/seed";
import { createTestDatabase, describeEachStore, type TestDatabase } from "./helpers";

describeEachStore("migrations and seed (%s)", (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(kind, { migrate: false, seed: false });
  });
  afterAll(() => t?.dispose());

  it("migrates an empty database", async () => {
    await runMigrations(t.handle);
    const [{ n }] = await t.handle.db.select({ n: count() }).from(tenants);
    expect(n).toBe(0);
    // Applying again is a no-op.
    await runMigrations(t.handle);
  });

  it("gives every table id, created_at, updated_at and version", async () => {
    const rows = await selectRows<{ table_name: string; column_name: string }>(
      t.handle.db,
      sql`select table_name, column_name from information_schema.columns where table_schema = 'public'`,
    );
    const columns = new Map<string, Set<string>>();
    for (const row of rows) {
      if (!columns.has(row.table_name)) columns.set(row.table_name, new Set());
      columns.get(row.table_name)?.add(row.column_name);
    }
    expect(columns.size).toBeGreaterThanOrEqual(2);
    for (const [table, cols] of columns) {
      // Child-collection rows (a parent_id) are versioned and timestamped through their parent.
      const own =
        cols.has("parent_id") && cols.has("position") && !cols.has("version")
          ? ["id", "tenant_id", "position"]
          : ["id", "created_at", "updated_at", "version"];
      for (const c of own) expect(cols.has(c), `${table}.${c}`).toBe(true);
    }
  });

  it("seeds the two demo tenants and their sites into an empty database", async () => {
    expect(await seedIfEmpty(t.handle.db)).toBe(true);
    const rows = await t.handle.db.select().from(tenants).orderBy(tenants.id);
    expect(rows.map((r) => [r.id, r.name])).toEqual([
      [1, "Pressroom Demo Print"],
      [2, "Other Print Co"],
    ]);
    expect(rows[0].version).toBe(1);
    expect(rows[0].created_at).toBeInstanceOf(Date);
    const siteRows = await t.handle.db.select().from(sites).orderBy(sites.id);
    expect(siteRows.some((s) => s.tenant_id === 1)).toBe(true);
    expect(siteRows.some((s) => s.tenant_id === 2)).toBe(true);
    for (const s of siteRows) expect(s).toMatchObject({ kind: expect.any(String), status: "active" });
    const people = await t.handle.db.select().from(users).orderBy(users.id);
    expect(people.map((u) => [u.email, u.name])).toEqual([
      ["admin@pressroom.test", "Avery Admin"],
      ["csr@pressroom.test", "Casey CSR"],
      ["press@pressroom.test", "Pat Pressman"],
      ["admin@other.test", "Olive Other"],
    ]);
    for (const u of people) expect(u.password_hash).toMatch(/^\$argon2id\$/);
    const groupRows = await t.handle.db.select().from(groups).orderBy(groups.id);
    expect(groupRows.map((g) => [g.tenant_id, g.name, g.is_admin])).toEqual([
      [1, "Administrators", true],
      [1, "Customer service", false],
      [1, "Press room", false],
      [2, "Administrators", true],
    ]);
  });

  it("does not seed twice", async () => {
    const before = await snapshotCounts(t);
    expect(await seedIfEmpty(t.handle.db)).toBe(false);
    expect(await snapshotCounts(t)).toEqual(before);
  });
});

async function snapshotCounts(t: TestDatabase) {
  const [{ n: tenantCount }] = await t.handle.db.select({ n: count() }).from(tenants);
  const [{ n: siteCount }] = await t.handle.db.select({ n: count() }).from(sites);
  const [{ n: userCount }] = await t.handle.db.select({ n: count() }).from(users);
  const [{ n: roleCount }] = await t.handle.db.select({ n: count() }).from(roles);
  return { tenantCount, siteCount, userCount, roleCount };
}
