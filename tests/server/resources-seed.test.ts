import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runMigrations } from "../../server/db/migrate";
import { selectRows } from "../../server/db/open";
import { DEFAULT_SEED_ORDERS, seedIfEmpty, seedOrderCount } from "../../server/db/seed";
import type { FieldError } from "../../server/http/errors";
import { checkChildBodies } from "../../server/resources/child-bodies";
import { loadRegistry, type ResourceModel } from "../../server/resources/model";
import { checkCreateBody, isGeneratedSecret } from "../../server/resources/validators";
import type { Field } from "../../src/resource-engine/fields";
import { createTestDatabase, type TestDatabase } from "./helpers";

// The demo data of the declared kinds: fixed (same PRNG seed every time), valid by the same
// validators the API uses, and shaped like a mid-size print shop.

const registry = await loadRegistry();
const declared = (kind: Parameters<typeof registry.byKind.get>[0]) => registry.byKind.get(kind);

// Both seeds of this file end their 60 days at the same moment, so they can be compared.
const NOW = new Date("2026-03-16T15:30:00Z");

/** A stored value as a request body carries it. */
function bodyValue(field: Field, value: unknown): unknown {
  if (field.type === "datetime") return new Date(value as string | Date).toISOString();
  if (field.type === "date" && value instanceof Date) return value.toISOString().slice(0, 10);
  if (["decimal", "money", "percent"].includes(field.type)) return Number(value);
  return value;
}

/** The writable, set fields of a stored row, as a create body would carry them. */
function bodyOf(fields: Record<string, Field>, row: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(fields)
      .filter(
        ([name, field]) =>
          !field.readOnly && !isGeneratedSecret(field) && row[name] !== null && row[name] !== undefined,
      )
      .map(([name, field]) => [name, bodyValue(field, row[name])]),
  );
}

/** Columns whose values are random on purpose: a generated secret, and the prefix shown of it. */
const randomColumns = (model: ResourceModel) =>
  Object.values(model.fields).some(isGeneratedSecret)
    ? new Set([...Object.keys(model.fields).filter((n) => isGeneratedSecret(model.fields[n])), "prefix"])
    : new Set<string>();

describe("the demo data", () => {
  let db: TestDatabase;
  let seedMs = 0;

  beforeAll(async () => {
    db = await createTestDatabase("pglite", { seed: false });
    const began = performance.now();
    await seedIfEmpty(db.handle.db, undefined, { now: NOW });
    seedMs = performance.now() - began;
  });
  afterAll(() => db?.dispose());

  const rows = <T>(query: string) => selectRows<T>(db.handle.db, sql.raw(query));

  it("seeds quickly", () => {
    // SEED_ORDERS=300 in the server tests; generous for a loaded CI machine, typically 2–3 s.
    expect(seedMs).toBeLessThan(20_000);
  });

  it("passes the API's own validators, record by record (child rows with their record)", async () => {
    for (const model of registry.models) {
      const stored = await rows<Record<string, unknown>>(`select * from "${model.table.name}" order by id`);
      const childRows = new Map<string, Map<number, Record<string, unknown>[]>>();
      for (const child of model.children) {
        const byParent = new Map<number, Record<string, unknown>[]>();
        for (const row of await rows<Record<string, unknown>>(
          `select * from "${child.table.name}" order by parent_id, position`,
        )) {
          const parent = row.parent_id as number;
          byParent.set(parent, [...(byParent.get(parent) ?? []), bodyOf(child.fields, row)]);
        }
        childRows.set(child.name, byParent);
      }
      for (const row of stored) {
        const body = bodyOf(model.fields, row);
        for (const child of model.children) {
          body[child.name] = childRows.get(child.name)?.get(row.id as number) ?? [];
        }
        const { errors } = checkCreateBody(model, body);
        const childErrors: FieldError[] = [];
        checkChildBodies(model, body, "create", childErrors);
        expect([...errors, ...childErrors], `${model.kind} ${row.id}: ${JSON.stringify(body)}`).toEqual([]);
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

  it("has ~300 customers with 1–3 addresses each", async () => {
    const [{ n }] = await rows<{ n: number }>("select count(*)::int as n from customers where tenant_id = 1");
    expect(n).toBeGreaterThanOrEqual(250);
    const perCustomer = await rows<{ min: number; max: number }>(
      `select min(k)::int as min, max(k)::int as max from (select count(a.id) as k from customers c
        left join customer_addresses a on a.customer_id = c.id group by c.id) x`,
    );
    expect(perCustomer[0]).toEqual({ min: 1, max: 3 });
  });

  it("has ~60 paper stocks with realistic names and consistent levels", async () => {
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
  });

  it("has ~25 vendors across the vendor categories", async () => {
    const [{ vendors, categories }] = await rows<{ vendors: number; categories: number }>(
      "select count(*)::int as vendors, count(distinct vendor_category_id)::int as categories from vendors where tenant_id = 1",
    );
    expect(vendors).toBe(25);
    expect(categories).toBe(8);
  });

  it("has the item status sequence of domain.md, with colours and next statuses", async () => {
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
  });

  it("gives every site of both tenants order settings of 3–5 steps, approved by the tenant's own users", async () => {
    const model = declared("OrderSetting") as ResourceModel;
    const steps = model.children.find((c) => c.name === "steps")?.table.name;
    const perSite = await rows<{ tenant_id: number; site_id: number; settings: number }>(
      `select s.tenant_id, s.id as site_id, count(o.id)::int as settings from sites s
        left join "${model.table.name}" o on o.site_id = s.id and o.tenant_id = s.tenant_id
        group by s.tenant_id, s.id order by s.id`,
    );
    expect(new Set(perSite.map((s) => s.tenant_id))).toEqual(new Set([1, 2]));
    for (const site of perSite) expect(site.settings, `site ${site.site_id}`).toBe(2);
    const counts = await rows<{ n: number }>(
      `select count(st.id)::int as n from "${model.table.name}" o
        left join "${steps}" st on st.parent_id = o.id group by o.id`,
    );
    for (const { n } of counts) expect(n).toBeGreaterThanOrEqual(3);
    for (const { n } of counts) expect(n).toBeLessThanOrEqual(5);
    // An approver is a member of the setting's tenant.
    const strangers = await rows<{ id: number }>(
      `select st.id from "${steps}" st join "${model.table.name}" o on o.id = st.parent_id
        where st.approver_id is not null and not exists (select 1 from user_groups ug
          join groups g on g.id = ug.group_id where ug.user_id = st.approver_id and g.tenant_id = o.tenant_id)`,
    );
    expect(strangers).toEqual([]);
    const approvers = await rows<{ n: number }>(
      `select count(*)::int as n from "${steps}" where approver_id is not null`,
    );
    expect(approvers[0].n).toBeGreaterThan(0);
  });

  it("is the same every time (but for the API keys' random secrets)", async () => {
    const again = await createTestDatabase("pglite", { migrate: false, seed: false });
    try {
      await runMigrations(again.handle);
      await seedIfEmpty(again.handle.db, undefined, { now: NOW });
      const tables = registry.models.flatMap((model) => [
        { name: model.table.name, fields: model.fields, random: randomColumns(model), kind: model.kind },
        ...model.children.map((c) => ({
          name: c.table.name,
          fields: { parent_id: {}, position: {}, ...c.fields } as Record<string, unknown>,
          random: new Set<string>(),
          kind: c.logKind,
        })),
      ]);
      for (const table of tables) {
        const columns = Object.keys(table.fields)
          .filter((f) => !table.random.has(f))
          .map((f) => `"${f}"`)
          .join(", ");
        const query = `select id, ${columns} from "${table.name}" order by id`;
        const a = await selectRows(db.handle.db, sql.raw(query));
        const b = await selectRows(again.handle.db, sql.raw(query));
        expect(b, table.kind).toEqual(a);
      }
      // The API keys' secrets differ from seed to seed, as a key's secret must.
      const secrets = `select secret from api_keys order by id`;
      const [first, second] = await Promise.all([
        selectRows<{ secret: string }>(db.handle.db, sql.raw(secrets)),
        selectRows<{ secret: string }>(again.handle.db, sql.raw(secrets)),
      ]);
      expect(first.length).toBeGreaterThan(0);
      for (const [i, key] of first.entries()) expect(second[i].secret).not.toBe(key.secret);
    } finally {
      await again.dispose();
    }
  }, 180_000); // seeds a second database: minutes on a loaded 2-core machine

  it("seeds SEED_ORDERS orders in the demo tenant (else 12,000), the other tenant's few whatever it says", async () => {
    expect(seedOrderCount({}, {})).toBe(DEFAULT_SEED_ORDERS);
    expect(DEFAULT_SEED_ORDERS).toBe(12_000);
    expect(seedOrderCount({}, { SEED_ORDERS: "100000" })).toBe(100_000);
    expect(seedOrderCount({ orders: 7 }, { SEED_ORDERS: "100000" })).toBe(7);
    expect(() => seedOrderCount({}, { SEED_ORDERS: "lots" })).toThrow(/SEED_ORDERS/);
    expect(() => seedOrderCount({}, { SEED_ORDERS: "-5" })).toThrow(/SEED_ORDERS/);
    // This run's own seed took the server tests' setting.
    const [{ n }] = await rows<{ n: number }>("select count(*)::int as n from orders where tenant_id = 1");
    expect(n).toBe(Number(process.env.SEED_ORDERS ?? DEFAULT_SEED_ORDERS));

    const small = await createTestDatabase("pglite", { seed: false });
    const saved = process.env.SEED_ORDERS;
    process.env.SEED_ORDERS = "25";
    try {
      await seedIfEmpty(small.handle.db, undefined, { now: NOW });
      const counts = await selectRows<{ tenant_id: number; n: number }>(
        small.handle.db,
        sql.raw("select tenant_id, count(*)::int as n from orders group by tenant_id order by tenant_id"),
      );
      expect(counts).toEqual([
        { tenant_id: 1, n: 25 },
        { tenant_id: 2, n: 8 },
      ]);
    } finally {
      if (saved === undefined) delete process.env.SEED_ORDERS;
      else process.env.SEED_ORDERS = saved;
      await small.dispose();
    }
  }, 180_000);
});
