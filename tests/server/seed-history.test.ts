import { readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { selectRows } from "../../server/db/open";
import { HOUSE_AGENT_ID } from "../../server/db/seed-data/agents";
import { dropErrors } from "../../server/resources/hooks/mail-orders";
import { loadRegistry } from "../../server/resources/model";
import { secretPrefix } from "../../server/resources/secrets";
import { eddmRetailProblems } from "../../src/custom/mail/mail-tools";
import { JUGGLERS, slotsOnSheet } from "../../src/custom/production/juggler-logic";
import { IDENTITY_KINDS } from "../../src/resource-engine/define";
import type { Field } from "../../src/resource-engine/fields";
import { createTestDatabase, REPO_ROOT, type TestDatabase } from "./helpers";

// The demo shop's history (server/db/seed-data/history): the run's seeded database (SEED_ORDERS
// orders in tenant 1) holds every kind in both tenants, every status of the item flow, and
// computed fields as the server's hooks compute them.

const registry = await loadRegistry();
const num = (value: string | null) => (value === null ? null : Number(value));

const ITEM_FLOW = [
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
];

describe("the demo shop's history", () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase("pglite");
  });
  afterAll(() => db?.dispose());

  const rows = <T>(query: string) => selectRows<T>(db.handle.db, sql.raw(query));

  it("has records of every declared kind, and rows of every child collection, in both tenants", async () => {
    for (const model of registry.models) {
      for (const table of [model.table.name, ...model.children.map((c) => c.table.name)]) {
        const counts = await rows<{ tenant_id: number; n: number }>(
          `select tenant_id, count(*)::int as n from "${table}" group by tenant_id order by tenant_id`,
        );
        expect(
          counts.map((c) => c.tenant_id),
          table,
        ).toEqual([1, 2]);
      }
    }
  });

  it("has every status of the item flow in the demo tenant, and items only in item statuses", async () => {
    const seen = await rows<{ code: string }>(
      `select distinct s.code from orders_items i join statuses s on s.id = i.item_status_id where i.tenant_id = 1`,
    );
    expect(seen.map((s) => s.code).sort()).toEqual([...ITEM_FLOW].sort());
    const wrong = await rows<{ kind: string; n: number }>(`
      select 'item' as kind, count(*)::int as n from orders_items i join statuses s on s.id = i.item_status_id
        where s.entity <> 'order_item' or s.tenant_id <> i.tenant_id
      union all select 'order', count(*)::int from orders o join statuses s on s.id = o.status_id
        where s.entity <> 'order' or s.tenant_id <> o.tenant_id
      union all select 'run', count(*)::int from runs r join statuses s on s.id = r.status_id
        where s.entity <> 'run' or s.tenant_id <> r.tenant_id
      union all select 'mail', count(*)::int from mail_orders m join statuses s on s.id = m.status_id
        where s.entity <> 'mail_order' or s.tenant_id <> m.tenant_id`);
    for (const w of wrong) expect(w.n, w.kind).toBe(0);
    const [{ missing }] = await rows<{ missing: number }>(
      `select count(*)::int as missing from orders_items where item_status_id is null`,
    );
    expect(missing).toBe(0);
  });

  it("looks like a busy shop: 1.3–2 items an order, every channel, several sites, CSRs, refunds in every state", async () => {
    const [{ items }] = await rows<{ items: number }>(
      `select (select count(*) from orders_items where tenant_id = 1)::float / count(*) as items
        from orders where tenant_id = 1`,
    );
    expect(items).toBeGreaterThanOrEqual(1.3);
    expect(items).toBeLessThanOrEqual(2);
    const channels = await rows<{ channel: string }>(
      `select distinct channel from orders where tenant_id = 1 order by 1`,
    );
    expect(channels.map((c) => c.channel)).toEqual(["api", "csr", "reorder", "storefront"]);
    const [{ sites, csrs }] = await rows<{ sites: number; csrs: number }>(
      `select count(distinct site_id)::int as sites, count(distinct csr_id)::int as csrs from orders where tenant_id = 1`,
    );
    expect(sites).toBeGreaterThanOrEqual(3);
    expect(csrs).toBeGreaterThanOrEqual(2);
    const refunds = await rows<{ status: string }>(
      `select distinct status from refund_approvals where tenant_id = 1 order by 1`,
    );
    expect(refunds.map((r) => r.status)).toEqual([
      "approved",
      "processed",
      "rejected",
      "requested",
      "under_review",
    ]);
    const runTypes = await rows<{ run_type: string }>(
      `select distinct run_type from runs where tenant_id = 1 order by 1`,
    );
    expect(runTypes.map((r) => r.run_type)).toEqual(expect.arrayContaining(["digital_batch", "gang"]));
    const [{ eddm, lists }] = await rows<{ eddm: number; lists: number }>(
      `select count(*) filter (where cardinality(route_ids) > 0)::int as eddm,
              count(*) filter (where cardinality(list_ids) > 0)::int as lists from mail_orders where tenant_id = 1`,
    );
    expect(eddm).toBeGreaterThan(0);
    expect(lists).toBeGreaterThan(0);
  });

  it("dates nothing that has happened after the moment it was seeded", async () => {
    const happened: [string, string][] = [
      ["orders", "ordered_at"],
      ["user_payments", "paid_at"],
      ["runs", "printed_at"],
      ["packing_slips", "packed_at"],
      ["mail_orders", "cass_at"],
      ["mail_orders_drops", "mailed_at"],
      ["refund_approvals", "decided_at"],
      ["lists", "ncoa_at"],
      ["integrations", "last_sync_at"],
      ["api_keys", "last_used_at"],
      ["purchase_orders", "ordered_at"],
      ["purchase_orders", "received_at"],
    ];
    for (const [table, column] of happened) {
      const [{ future }] = await rows<{ future: number }>(
        `select count(*)::int as future from "${table}" where "${column}" > now()`,
      );
      expect(future, `${table}.${column}`).toBe(0);
    }
    for (const model of registry.models) {
      const [{ future }] = await rows<{ future: number }>(
        `select count(*)::int as future from "${model.table.name}" where created_at > now() or updated_at > now()
          or updated_at < created_at`,
      );
      expect(future, model.kind).toBe(0);
    }
    // 60 days of orders, the latest of them recent.
    const [{ days, latest }] = await rows<{ days: number; latest: number }>(
      `select (extract(epoch from max(ordered_at) - min(ordered_at)) / 86400)::float as days,
              (extract(epoch from now() - max(ordered_at)) / 86400)::float as latest from orders where tenant_id = 1`,
    );
    expect(days).toBeGreaterThan(55);
    expect(days).toBeLessThanOrEqual(60);
    expect(latest).toBeLessThan(3);
  });

  it("computes orders' money as the server does: subtotal, total, amount due", async () => {
    const bad = await rows<Record<string, unknown>>(`
      select o.order_number, o.subtotal, o.discount, o.shipping, o.tax, o.total, o.amount_due,
             coalesce(i.sum, 0) as items, coalesce(p.sum, 0) as captured
      from orders o
      left join (select parent_id, sum(price) as sum from orders_items group by parent_id) i on i.parent_id = o.id
      left join (select order_id, sum(amount) as sum from user_payments where status = 'captured' group by order_id) p
        on p.order_id = o.id
      where o.subtotal <> coalesce(i.sum, 0)
         or o.total <> o.subtotal - coalesce(o.discount, 0) + coalesce(o.shipping, 0) + coalesce(o.tax, 0)
         or o.amount_due <> o.total - coalesce(p.sum, 0)
      limit 5`);
    expect(bad).toEqual([]);
    const [{ negative }] = await rows<{ negative: number }>(
      `select count(*)::int as negative from orders where amount_due < 0 or total < 0`,
    );
    expect(negative).toBe(0);
    // Paid means captured payments cover the total; on-account and unpaid orders owe all of it.
    const states = await rows<{ payment_status: string; owing: number; settled: number }>(`
      select payment_status, count(*) filter (where amount_due > 0)::int as owing,
             count(*) filter (where amount_due = 0)::int as settled
      from orders where total > 0 group by payment_status`);
    for (const s of states) {
      if (s.payment_status === "paid") expect(s.owing, "paid").toBe(0);
      if (["unpaid", "on_account", "authorized"].includes(s.payment_status)) {
        expect(s.settled, s.payment_status).toBe(0);
      }
    }
  });

  it("gives an order the status category of its least advanced item", async () => {
    const orders = await rows<{ order_number: string; category: string; items: string[] }>(`
      select o.order_number, os.category, array_agg(s.category) as items
      from orders o join statuses os on os.id = o.status_id
      join orders_items i on i.parent_id = o.id join statuses s on s.id = i.item_status_id
      group by o.id, o.order_number, os.category`);
    expect(orders.length).toBeGreaterThan(100);
    const rank: Record<string, number> = { open: 0, production: 1, complete: 2 };
    for (const o of orders) {
      const live = o.items.filter((c) => c !== "cancelled");
      const expected =
        live.length === 0 ? "cancelled" : live.reduce((a, b) => ((rank[b] ?? 0) < (rank[a] ?? 0) ? b : a));
      expect(o.category, o.order_number).toBe(expected);
    }
  });

  it("puts batched items on runs that hold them back, ganged by stock, colours and coating, due when the first is", async () => {
    const mismatched = await rows<Record<string, unknown>>(`
      select r.run_number, ri.order_item_id from runs r
      join runs_items ri on ri.parent_id = r.id
      left join orders_items oi on oi.id = ri.order_item_id
      where oi.id is null or oi.parent_id <> ri.order_id or oi.run_id <> r.id or oi.tenant_id <> r.tenant_id
         or oi.stock_id <> r.stock_id or oi.color_spec <> r.color_spec or oi.coating <> r.coating
      limit 5`);
    expect(mismatched).toEqual([]);
    const unlisted = await rows<Record<string, unknown>>(`
      select oi.id from orders_items oi
      where oi.run_id is not null
        and not exists (select 1 from runs_items ri where ri.parent_id = oi.run_id and ri.order_item_id = oi.id)
      limit 5`);
    expect(unlisted).toEqual([]);
    // Only approved work is ganged: no run holds an item before batching, held or cancelled. The small shop has
    // no batched status: its work waiting at the press is "received" (statusKey: the furthest status it has).
    const early = await rows<{ code: string }>(`
      select distinct s.code from orders_items oi join statuses s on s.id = oi.item_status_id
      where oi.run_id is not null and s.code in ('received', 'preflight', 'awaiting_proof', 'approved', 'on_hold', 'cancelled')
        and exists (select 1 from statuses b
                    where b.tenant_id = oi.tenant_id and b.entity = 'order_item' and b.code = 'batched')`);
    expect(early).toEqual([]);
    const due = await rows<Record<string, unknown>>(`
      select r.run_number from runs r join runs_items ri on ri.parent_id = r.id
      group by r.id, r.run_number, r.due_at having r.due_at is distinct from min(ri.due_at) limit 5`);
    expect(due).toEqual([]);
  });

  it("fills no run past the slots its sheet holds, counted as the jugglers count them", async () => {
    const slots = await rows<{
      run_number: string;
      run_type: string;
      sheet_width: string;
      sheet_height: string;
      used: number;
      pieces: { width: string | null; height: string | null; bleed: string | null }[];
    }>(`
      select r.run_number, r.run_type, r.sheet_width, r.sheet_height, sum(greatest(ri.number_up, 1))::int as used,
             json_agg(json_build_object('width', coalesce(p.flat_width, p.finished_width),
                                        'height', coalesce(p.flat_height, p.finished_height), 'bleed', p.bleed)) as pieces
      from runs r join runs_items ri on ri.parent_id = r.id
      join orders_items oi on oi.id = ri.order_item_id join products p on p.id = oi.product_id
      where r.run_type in ('gang', 'dedicated', 'digital_batch')
      group by r.id`);
    expect(slots.length).toBeGreaterThan(10);
    const over = slots.filter((run) => {
      const juggler = run.run_type === "digital_batch" ? JUGGLERS.digital : JUGGLERS.prepress;
      const pieces = run.pieces.map((p) => ({
        width: num(p.width),
        height: num(p.height),
        bleed: num(p.bleed) ?? 0,
      }));
      const capacity = slotsOnSheet(num(run.sheet_width), num(run.sheet_height), pieces, juggler.gripper);
      return capacity !== null && run.used > Math.max(capacity, run.pieces.length);
    });
    expect(over.map((run) => run.run_number)).toEqual([]);
  });

  it("plans the items of runs still to be printed: their product's stations, minutes from the quantity", async () => {
    const items = await rows<{
      planned: boolean;
      route: number[] | null;
      stations: number[] | null;
      n: number;
      minutes: number | null;
      quantity: number;
    }>(`
      select i.plan_minutes is not null as planned, p.production_route as route, i.plan_station_ids as stations,
             i.plan_minutes as minutes, i.quantity, 1 as n
        from orders_items i join runs r on r.id = i.run_id join statuses s on s.id = r.status_id
        join products p on p.id = i.product_id
        where i.tenant_id = 1 and s.entity = 'run' and s.code in ('ready_to_impose', 'imposed', 'plated', 'sent_to_rip')`);
    const planned = items.filter((i) => i.planned);
    expect(planned.length, "items planned on runs waiting for the press").toBeGreaterThan(0);
    for (const item of planned) {
      expect(item.stations).toEqual(item.route);
      expect(item.minutes).toBe(20 + Math.ceil(item.quantity / 100));
    }
  });

  it("counts mail orders' pieces from their drops, which keep the multi-drop rule", async () => {
    const orders = await rows<{
      mail_order_number: string;
      piece_count: number;
      drops: Record<string, unknown>[];
    }>(`
      select m.mail_order_number, m.piece_count,
             json_agg(json_build_object('scheduled_date', d.scheduled_date, 'quantity', d.quantity,
               'status', d.status) order by d.position) as drops
      from mail_orders m join mail_orders_drops d on d.parent_id = m.id
      group by m.id, m.mail_order_number, m.piece_count`);
    expect(orders.length).toBeGreaterThan(5);
    for (const m of orders) {
      const live = m.drops.filter((d) => d.status !== "cancelled");
      expect(m.piece_count, m.mail_order_number).toBe(live.reduce((n, d) => n + Number(d.quantity), 0));
      expect(dropErrors(m.drops), m.mail_order_number).toEqual([]);
    }
  });

  it("mails EDDM Retail within 200 to 5,000 pieces a day per ZIP", async () => {
    const orders = await rows<{
      mail_order_number: string;
      routes: { zip5: string; total_count: number }[];
      days: { date: string; pieces: number }[];
    }>(`
      select m.mail_order_number,
             (select json_agg(json_build_object('zip5', r.zip5, 'total_count', r.total_count))
                from routes r where r.id = any(m.route_ids)) as routes,
             (select json_agg(json_build_object('date', d.scheduled_date::text, 'pieces', d.quantity))
                from mail_orders_drops d where d.parent_id = m.id and d.status <> 'cancelled') as days
      from mail_orders m where m.mail_class = 'eddm_retail' and cardinality(m.route_ids) > 0`);
    expect(orders.length).toBeGreaterThan(0);
    for (const m of orders) {
      expect(eddmRetailProblems(m.routes, m.days ?? []), m.mail_order_number).toEqual([]);
    }
  });

  it("totals purchase orders from their lines, freight and tax, and keeps stock levels as the hooks do", async () => {
    const bad = await rows<Record<string, unknown>>(`
      select p.po_number, p.total, coalesce(sum(l.quantity * l.unit_cost), 0) + p.freight + p.tax as expected
      from purchase_orders p left join purchase_orders_lines l on l.parent_id = p.id
      group by p.id, p.po_number, p.total, p.freight, p.tax
      having p.total <> coalesce(sum(l.quantity * l.unit_cost), 0) + coalesce(p.freight, 0) + coalesce(p.tax, 0)
      limit 5`);
    expect(bad).toEqual([]);
    const merchants = await rows<{ category: string }>(`
      select distinct c.name as category from purchase_orders p join vendors v on v.id = p.vendor_id
      join vendor_categories c on c.id = v.vendor_category_id where p.tenant_id = 1`);
    expect(merchants.map((m) => m.category)).toContain("Paper merchants");
    // committed is what open runs not yet printed reserve (hooks/runs.ts: printing consumes it), never more than
    // is on hand.
    const levels = await rows<{ name: string; committed: number; reserved: number; on_hand: number }>(`
      select inv.name, inv.committed, inv.on_hand, coalesce((select sum(need) from (
        select greatest(coalesce(r.sheets, 0), max(ceil(i.quantity_required::numeric / greatest(i.number_up, 1)))::int)
               + coalesce(r.overs, 0) as need
        from runs r join runs_items i on i.parent_id = r.id left join statuses s on s.id = r.status_id
        where r.stock_id = inv.id and r.printed_at is null
          and (s.category is null or s.category not in ('cancelled', 'complete'))
        group by r.id) needs), 0)::int as reserved
      from inventories inv`);
    for (const l of levels) {
      expect(l.committed, l.name).toBe(l.reserved);
      expect(l.committed, l.name).toBeLessThanOrEqual(l.on_hand);
    }
  });

  it("ships packed orders with packing slips listing their own items", async () => {
    const bad = await rows<Record<string, unknown>>(`
      select ps.slip_number from packing_slips ps join packing_slips_lines l on l.parent_id = ps.id
      left join orders_items oi on oi.id = l.order_item_id
      where oi.id is null or oi.parent_id <> ps.order_id limit 5`);
    expect(bad).toEqual([]);
    // An item that shipped (mail items are "mailed"; the small shop has no such status) went in a
    // box with a packing slip.
    const [{ unslipped }] = await rows<{ unslipped: number }>(`
      select count(*)::int as unslipped from orders_items i join statuses s on s.id = i.item_status_id
      where s.code = 'shipped' and i.tenant_id = 1
        and not exists (select 1 from packing_slips ps join packing_slips_lines l on l.parent_id = ps.id
                        where ps.order_id = i.parent_id and l.order_item_id = i.id)`);
    expect(unslipped).toBe(0);
  });

  it("points every reference at a record of the same tenant (the seed writes them unchecked)", async () => {
    for (const model of registry.models) {
      const tables = [
        { table: model.table, fields: model.fields },
        ...model.children.map((c) => ({ table: c.table, fields: c.fields })),
      ];
      for (const { table, fields } of tables) {
        for (const [name, field] of Object.entries(fields) as [string, Field][]) {
          if (
            (field.type !== "reference" && field.type !== "referenceList") ||
            IDENTITY_KINDS.has(field.target)
          ) {
            continue;
          }
          const target = registry.byKind.get(field.target)?.table.name as string;
          const value = field.type === "reference" ? `t."${name}"` : `unnest(t."${name}")`;
          const [{ dangling }] = await rows<{ dangling: number }>(`
            select count(*)::int as dangling from (select t.tenant_id, ${value} as ref from "${table.name}" t) r
            where r.ref is not null
              and not exists (select 1 from "${target}" x where x.id = r.ref and x.tenant_id = r.tenant_id)`);
          expect(dangling, `${table.name}.${name}`).toBe(0);
        }
      }
    }
  });

  it("names only the tenant's own members as reps, CSRs, owners and operators", async () => {
    for (const model of registry.models) {
      for (const [name, field] of Object.entries(model.fields)) {
        if (field.type !== "reference" || field.target !== "User") continue;
        const [{ strangers }] = await rows<{ strangers: number }>(`
          select count(*)::int as strangers from "${model.table.name}" t where t."${name}" is not null
            and not exists (select 1 from user_groups g where g.user_id = t."${name}" and g.tenant_id = t.tenant_id)`);
        expect(strangers, `${model.kind}.${name}`).toBe(0);
      }
    }
    const [{ reps }] = await rows<{ reps: number }>(
      `select count(*)::int as reps from customers where tenant_id = 1 and sales_rep_id is not null and csr_id is not null`,
    );
    expect(reps).toBeGreaterThan(10);
  });

  it("makes agent id 30, the configuration's default agent, the house account", async () => {
    const env = readFileSync(path.join(REPO_ROOT, ".env"), "utf8");
    const configured = Number(/^VITE_DEFAULT_AGENT_ID=(\d+)$/m.exec(env)?.[1]);
    expect(configured).toBe(HOUSE_AGENT_ID);
    const [house] = await rows<{
      tenant_id: number;
      name: string;
      commission_rate: number;
      customers: number;
    }>(
      `select tenant_id, name, commission_rate::float as commission_rate, cardinality(customer_ids) as customers
        from agents where id = ${configured}`,
    );
    expect(house).toEqual({
      tenant_id: 1,
      name: "House account",
      commission_rate: 0,
      customers: expect.any(Number),
    });
    expect(house.customers).toBeGreaterThan(0);
  });

  it("stores the API keys' secrets only in the engine's hashed form, and fake integration credentials or none", async () => {
    const keys = await rows<{ prefix: string; secret: string }>(`select prefix, secret from api_keys`);
    expect(keys.length).toBeGreaterThan(1);
    for (const key of keys) {
      expect(key.secret).toMatch(/^[A-Za-z0-9_-]{8}\.[0-9a-f]{64}$/);
      expect(key.prefix).toBe(secretPrefix(key.secret));
    }
    const integrations = await rows<{ kind: string; credentials: unknown }>(
      `select kind, credentials from integrations where tenant_id = 1`,
    );
    expect(integrations.map((i) => i.kind)).toEqual(
      expect.arrayContaining(["four_over", "avanti", "usps", "sms"]),
    );
    // 4over's keys are none: with any, /4-over-tool would send signed requests to 4over itself.
    expect(integrations.find((i) => i.kind === "four_over")?.credentials).toBeNull();
    for (const i of integrations.filter((i) => i.credentials !== null)) {
      expect(JSON.stringify(i.credentials), i.kind).toMatch(/fake|FAKE|000000/);
    }
  });
});
