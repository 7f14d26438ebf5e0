import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runMigrations } from "../../server/db/migrate";
import { selectRows } from "../../server/db/open";
import { seedIfEmpty } from "../../server/db/seed";
import { loadRegistry } from "../../server/resources/model";
import { checkCreateBody } from "../../server/resources/validators";
import { createTestDatabase, type TestDatabase } from "./helpers";

// The demo data of the declared kinds: fixed (same PRNG seed every time), valid by the same
// validators the API uses, and shaped like a mid-size print shop.

const registry = await loadRegistry();
const declared = (kind: Parameters<typeof registry.byKind.get>[0]) => registry.byKind.get(kind);

describe("the demo data", () => {
  let db: TestDatabase;
  let seedMs = 0;

  beforeAll(async () => {
    db = await createTestDatabase("pglite", { seed: false });
    const began = performance.now();
    await seedIfEmpty(db.handle.db);
    seedMs = performance.now() - began;
  });
  afterAll(() => db?.dispose());

  const rows = <T>(query: string) => selectRows<T>(db.handle.db, sql.raw(query));

  it("seeds quickly", () => {
    // Generous for a loaded CI machine; typically about a second.
    expect(seedMs).toBeLessThan(15_000);
  });

  it("passes the API's own validators, record by record", async () => {
    for (const model of registry.models) {
      const stored = await rows<Record<string, unknown>>(`select * from "${model.table.name}" order by id`);
      for (const row of stored) {
        const body = Object.fromEntries(
          Object.entries(model.fields)
            // A generated secret is the server's own (a body may not carry one).
            .filter(
              ([name, field]) =>
                !field.readOnly &&
                !(field.type === "secret" && field.secret === "generated") &&
                row[name] !== null &&
                row[name] !== undefined,
            )
            .map(([name, field]) => {
              const value = row[name];
              if (field.type === "datetime" && value instanceof Date) return [name, value.toISOString()];
              if (["decimal", "money", "percent"].includes(field.type)) return [name, Number(value)];
              return [name, value];
            }),
        );
        const { errors } = checkCreateBody(model, body);
        expect(errors, `${model.kind} ${row.id}: ${JSON.stringify(body)}`).toEqual([]);
      }
    }
  });

  it("gives the second tenant a few records of each seeded kind", async () => {
    for (const model of registry.models) {
      const counts = await rows<{ tenant_id: number; n: number }>(
        `select tenant_id, count(*)::int as n from "${model.table.name}" group by tenant_id order by tenant_id`,
      );
      const byTenant = Object.fromEntries(counts.map((c) => [c.tenant_id, c.n]));
      expect(byTenant[1] ?? 0, model.kind).toBeGreaterThan(byTenant[2] ?? 0);
      expect(byTenant[2] ?? 0, model.kind).toBeGreaterThan(0);
      expect(byTenant[2], model.kind).toBeLessThanOrEqual(12);
    }
  });

  it.runIf(declared("Customer") && declared("CustomerAddress"))(
    "has ~300 customers with 1–3 addresses each",
    async () => {
      const [{ n }] = await rows<{ n: number }>(
        "select count(*)::int as n from customers where tenant_id = 1",
      );
      expect(n).toBeGreaterThanOrEqual(250);
      const perCustomer = await rows<{ min: number; max: number }>(
        `select min(k)::int as min, max(k)::int as max from (select count(a.id) as k from customers c
        left join customer_addresses a on a.customer_id = c.id group by c.id) x`,
      );
      expect(perCustomer[0]).toEqual({ min: 1, max: 3 });
    },
  );

  it.runIf(declared("Inventory"))(
    "has ~60 paper stocks with realistic names and consistent levels",
    async () => {
      const paper = await rows<{ name: string; on_hand: number; committed: number; available: number }>(
        "select name, on_hand, committed, available from inventories where tenant_id = 1 and basis_weight is not null",
      );
      expect(paper.length).toBeGreaterThanOrEqual(55);
      for (const item of paper) {
        expect(item.name).toMatch(/^\d+# (Gloss|Dull|Matte|Silk|Uncoated|Linen) (Text|Cover|Bond) \d+×\d+$/);
        expect(item.available).toBe(item.on_hand - item.committed);
      }
      expect(paper.map((p) => p.name)).toContain("100# Gloss Cover 19×25");
      // The quantity history of an item ends at its balance.
      const ends = await rows<{ on_hand: number; balance_after: number }>(
        `select i.on_hand, q.balance_after from inventories i join lateral (select balance_after from
        inventory_quantity_changes where inventory_id = i.id order by at desc, id desc limit 1) q on true`,
      );
      expect(ends.length).toBeGreaterThan(10);
      for (const e of ends) expect(e.balance_after).toBe(e.on_hand);
    },
  );

  it.runIf(declared("Vendor"))("has ~25 vendors across the vendor categories", async () => {
    const [{ vendors, categories }] = await rows<{ vendors: number; categories: number }>(
      "select count(*)::int as vendors, count(distinct vendor_category_id)::int as categories from vendors where tenant_id = 1",
    );
    expect(vendors).toBe(25);
    expect(categories).toBe(8);
  });

  it.runIf(declared("Status"))(
    "has the item status sequence of domain.md, with colours and next statuses",
    async () => {
      const items = await rows<{ code: string; color: string; category: string; next: number }>(
        `select code, color, category, cardinality(next_status_ids)::int as next from statuses
        where tenant_id = 1 and entity = 'order_item' order by sort_order`,
      );
      expect(items.map((s) => s.code)).toEqual([
        "received",
        "preflight",
        "awaiting_proof",
        "approved",
        "batched",
        "printing",
        "printed",
        "coated",
        "cut",
        "finishing",
        "staged",
        "packed",
        "shipped",
        "mailed",
        "delivered",
        "on_hold",
        "reprint",
        "cancelled",
      ]);
      for (const s of items) expect(s.color).toMatch(/^#[0-9a-f]{6}$/);
      expect(items.find((s) => s.code === "packed")?.next).toBe(4);
      const entities = await rows<{ entity: string }>(
        "select distinct entity from statuses where tenant_id = 1 order by 1",
      );
      expect(entities.map((e) => e.entity)).toEqual(["mail_order", "order", "order_item", "run"]);
    },
  );

  it("is the same every time", async () => {
    const again = await createTestDatabase("pglite", { migrate: false, seed: false });
    try {
      await runMigrations(again.handle);
      await seedIfEmpty(again.handle.db);
      for (const model of registry.models) {
        const columns = Object.keys(model.fields)
          .map((f) => `"${f}"`)
          .join(", ");
        const query = `select id, ${columns} from "${model.table.name}" order by id`;
        const a = await selectRows(db.handle.db, sql.raw(query));
        const b = await selectRows(again.handle.db, sql.raw(query));
        expect(b, model.kind).toEqual(a);
      }
    } finally {
      await again.dispose();
    }
  });
});
