import { sql } from "drizzle-orm";
import { inventory_quantity_changes } from "../../resources/hooks/inventories";
import { loadRegistry } from "../../resources/model";
import { quoteIdent } from "../../resources/tables";
import { type Database, selectRows } from "../open";
import { defineSeed, type Random, ref, type SeedRow } from "./define";
import { GRADES } from "./inventory-paper-grades";

// About sixty paper stocks ("100# Gloss Cover 19×25") over the press sheets of the plant (offset
// 19×25 to 28×40, digital 12×18 and 13×19), a few non-paper items, their levels, and a short
// history of receipts and consumption for some of them.

interface Stock {
  weight: number;
  grade: "Text" | "Cover" | "Bond";
  finish: "Gloss" | "Dull" | "Matte" | "Silk" | "Uncoated" | "Linen";
  brand: string;
  attribute: string;
  sizes: [number, number][];
  costPerM: number;
}

const OFFSET: [number, number][] = [
  [19, 25],
  [23, 35],
  [25, 38],
  [28, 40],
];
const DIGITAL: [number, number][] = [
  [12, 18],
  [13, 19],
];

const STOCKS: Stock[] = [
  {
    weight: 80,
    grade: "Text",
    finish: "Gloss",
    brand: "Sappi McCoy",
    attribute: "Gloss C2S blue-white 96",
    sizes: [...OFFSET, ...DIGITAL],
    costPerM: 62,
  },
  {
    weight: 100,
    grade: "Text",
    finish: "Gloss",
    brand: "Sappi McCoy",
    attribute: "Gloss C2S blue-white 96",
    sizes: [...OFFSET, ...DIGITAL],
    costPerM: 78,
  },
  {
    weight: 100,
    grade: "Text",
    finish: "Dull",
    brand: "Sappi Opus",
    attribute: "Dull C2S blue-white 94",
    sizes: [
      [19, 25],
      [25, 38],
      [28, 40],
      [13, 19],
    ],
    costPerM: 81,
  },
  {
    weight: 80,
    grade: "Cover",
    finish: "Gloss",
    brand: "Endurance Gloss",
    attribute: "Gloss C2S blue-white 96",
    sizes: [
      [19, 25],
      [23, 35],
      [13, 19],
    ],
    costPerM: 118,
  },
  {
    weight: 100,
    grade: "Cover",
    finish: "Gloss",
    brand: "Sappi McCoy",
    attribute: "Gloss C2S blue-white 96",
    sizes: [...OFFSET, ...DIGITAL],
    costPerM: 142,
  },
  {
    weight: 100,
    grade: "Cover",
    finish: "Dull",
    brand: "Sappi Opus",
    attribute: "Dull C2S blue-white 94",
    sizes: [
      [19, 25],
      [23, 35],
      [28, 40],
      [12, 18],
      [13, 19],
    ],
    costPerM: 148,
  },
  {
    weight: 130,
    grade: "Cover",
    finish: "Silk",
    brand: "Sappi McCoy",
    attribute: "Silk C2S white 95",
    sizes: [
      [19, 25],
      [28, 40],
      [13, 19],
    ],
    costPerM: 196,
  },
  {
    weight: 100,
    grade: "Cover",
    finish: "Matte",
    brand: "Blazer Digital",
    attribute: "Matte C2S white 96",
    sizes: [
      [19, 25],
      [12, 18],
      [13, 19],
    ],
    costPerM: 151,
  },
  {
    weight: 70,
    grade: "Text",
    finish: "Uncoated",
    brand: "Cougar",
    attribute: "Uncoated smooth white 96",
    sizes: [
      [23, 35],
      [25, 38],
      [12, 18],
    ],
    costPerM: 44,
  },
  {
    weight: 80,
    grade: "Text",
    finish: "Uncoated",
    brand: "Mohawk Via",
    attribute: "Uncoated vellum natural 90",
    sizes: [
      [23, 35],
      [25, 38],
      [13, 19],
    ],
    costPerM: 58,
  },
  {
    weight: 100,
    grade: "Cover",
    finish: "Uncoated",
    brand: "Mohawk Superfine",
    attribute: "Uncoated smooth white 96",
    sizes: [
      [19, 25],
      [23, 35],
      [13, 19],
    ],
    costPerM: 168,
  },
  {
    weight: 130,
    grade: "Cover",
    finish: "Uncoated",
    brand: "Neenah Classic Crest",
    attribute: "Uncoated smooth white 96",
    sizes: [
      [19, 25],
      [13, 19],
    ],
    costPerM: 245,
  },
  {
    weight: 24,
    grade: "Bond",
    finish: "Uncoated",
    brand: "Lynx Opaque",
    attribute: "Uncoated smooth white 96",
    sizes: [
      [17, 22],
      [23, 35],
      [12, 18],
    ],
    costPerM: 36,
  },
  {
    weight: 60,
    grade: "Text",
    finish: "Uncoated",
    brand: "Cougar",
    attribute: "Uncoated smooth white 96",
    sizes: OFFSET,
    costPerM: 38,
  },
  {
    weight: 111,
    grade: "Cover",
    finish: "Dull",
    brand: "Sappi Opus",
    attribute: "Dull C2S blue-white 94",
    sizes: [
      [19, 25],
      [28, 40],
      [13, 19],
    ],
    costPerM: 171,
  },
  {
    weight: 80,
    grade: "Text",
    finish: "Matte",
    brand: "Blazer Digital",
    attribute: "Matte C2S white 96",
    sizes: [
      [25, 38],
      [12, 18],
      [13, 19],
    ],
    costPerM: 66,
  },
  {
    weight: 70,
    grade: "Text",
    finish: "Linen",
    brand: "Neenah Classic Linen",
    attribute: "Linen solar white 92",
    sizes: [
      [23, 35],
      [13, 19],
    ],
    costPerM: 96,
  },
];

const OTHER: { sku: string; name: string; type: string; unit: string; onHand: number; cost: number }[] = [
  {
    sku: "ENV-10-W",
    name: "#10 Regular envelope, 24# white wove",
    type: "Envelopes",
    unit: "EA",
    onHand: 42_000,
    cost: 21,
  },
  {
    sku: "ENV-10-WIN",
    name: "#10 Window envelope, 24# white wove",
    type: "Envelopes",
    unit: "EA",
    onHand: 35_500,
    cost: 26,
  },
  { sku: "ENV-A7-W", name: "A7 envelope, 70# white", type: "Envelopes", unit: "EA", onHand: 8_000, cost: 48 },
  {
    sku: "INK-PROC-K",
    name: "Process black ink, 5.5 lb can",
    type: "Ink and toner",
    unit: "EA",
    onHand: 24,
    cost: 0,
  },
  { sku: "PLT-XL106", name: "Thermal plate 31.5×40.6", type: "Plates", unit: "EA", onHand: 600, cost: 0 },
  {
    sku: "LAM-MATTE-25",
    name: "Matte laminate film 25 in × 3000 ft",
    type: "Laminate film",
    unit: "ROLL",
    onHand: 9,
    cost: 0,
  },
  {
    sku: "LFM-VINYL-54",
    name: "Adhesive vinyl 54 in × 150 ft",
    type: "Large-format media",
    unit: "ROLL",
    onHand: 14,
    cost: 0,
  },
  { sku: "CTN-12x9x6", name: "Shipping carton 12×9×6", type: "Cartons", unit: "EA", onHand: 1_200, cost: 0 },
];

const fmt = (n: number) => String(n).replace(".", "_");

function gsmOf(weight: number, grade: string): number {
  const g = GRADES.find(([name]) => name === grade);
  return g ? Math.round((weight * 1406.5) / (g[1] * g[2])) : 0;
}

function levels(random: Random, sheetsPerCarton: number) {
  const target = sheetsPerCarton * random.pick([10, 20, 40]);
  const onHand = Math.round((target * random.int(5, 140)) / 100 / 250) * 250;
  const committed = Math.min(onHand, Math.round((onHand * random.int(0, 60)) / 100 / 250) * 250);
  return {
    on_hand: onHand,
    committed,
    on_order: onHand < target / 3 ? target : 0,
    reorder_point: Math.round(target / 3),
    target_level: target,
    min_order_qty: sheetsPerCarton,
  };
}

export function paperRows(
  random: Random,
  full: boolean,
  keys: (kind: "Vendor" | "InventoryPaperBrand") => string[],
): SeedRow[] {
  const vendorOf = new Map([
    ["Sappi McCoy", "Lakeshore Paper Co."],
    ["Sappi Opus", "Lakeshore Paper Co."],
    ["Endurance Gloss", "Lakeshore Paper Co."],
    ["Mohawk Via", "Midwest Paper Supply"],
    ["Mohawk Superfine", "Midwest Paper Supply"],
    ["Lynx Opaque", "Midwest Paper Supply"],
    ["Neenah Classic Crest", "Prairie Fine Papers"],
    ["Neenah Classic Linen", "Prairie Fine Papers"],
    ["Blazer Digital", "Great Lakes Paper Distributors"],
    ["Cougar", "Great Lakes Paper Distributors"],
  ]);
  const vendors = new Set(keys("Vendor"));
  const brands = new Set(keys("InventoryPaperBrand"));
  const rows: SeedRow[] = [];
  for (const stock of full ? STOCKS : STOCKS.slice(1, 2)) {
    for (const [w, h] of full ? stock.sizes : stock.sizes.slice(0, 3)) {
      const digital = w <= 13;
      const gsm = gsmOf(stock.weight, stock.grade);
      const sheetsPerCarton = stock.grade === "Cover" ? (digital ? 1_250 : 1_000) : digital ? 2_500 : 2_000;
      const code = `${stock.weight}${stock.finish[0]}${stock.grade[0]}`;
      const vendor = vendorOf.get(stock.brand);
      rows.push({
        sku: `P-${code}-${fmt(w)}${fmt(h)}`,
        name: `${stock.weight}# ${stock.finish} ${stock.grade} ${w}×${h}`,
        inventory_type_id: ref("InventoryType", "Sheet paper"),
        paper_brand_id: brands.has(stock.brand) ? ref("InventoryPaperBrand", stock.brand) : null,
        paper_grade_id: ref("InventoryPaperGrade", stock.grade),
        paper_attribute_id: ref("InventoryPaperAttribute", stock.attribute),
        basis_weight: stock.weight,
        gsm,
        caliper: Math.round(gsm * (["Uncoated", "Linen"].includes(stock.finish) ? 0.042 : 0.034) * 10) / 10,
        sheet_width: w,
        sheet_height: h,
        grain_long: !digital && w >= 23,
        sheets_per_carton: sheetsPerCarton,
        measure_unit_id: ref("InventoryMeasureUnit", "SH"),
        vendor_id: vendor && vendors.has(vendor) ? ref("Vendor", vendor) : null,
        facility_id: null,
        bin: `${digital ? "D" : "A"}-${String(random.int(1, 24)).padStart(2, "0")}`,
        ...levels(random, sheetsPerCarton),
        // Bigger sheets cost more per thousand.
        cost_per_m: Math.round(stock.costPerM * ((w * h) / (23 * 35)) * 100) / 100,
        fsc_certified: random.chance(0.6),
        active: true,
      });
    }
  }
  return rows;
}

/**
 * committed, on_order and available as the server's hooks keep them (hooks/runs.ts, hooks/
 * purchase-orders.ts): committed is what the open runs on an item reserve (their sheets, at least
 * what their items need, plus overs), on_order what open POs still expect. On hand is raised to
 * cover what is committed (in whole cartons), so no run is short of paper.
 */
async function settleLevels(tx: Database, tenantId: number): Promise<void> {
  const registry = await loadRegistry();
  const run = registry.byKind.get("Run");
  const po = registry.byKind.get("PurchaseOrder");
  const status = registry.byKind.get("Status");
  const runItems = run?.children.find((c) => c.name === "items");
  const poLines = po?.children.find((c) => c.name === "lines");
  const t = (name: string) => sql.raw(quoteIdent(name));
  const committed =
    run && runItems && status
      ? sql`(select coalesce(sum(need), 0)::int from (
          select case when count(i.id) = 0 then 0
                      else greatest(coalesce(r.sheets, 0),
                             max(ceil(i.quantity_required::numeric / greatest(i.number_up, 1)))::int)
                           + coalesce(r.overs, 0) end as need
          from ${t(run.table.name)} r
          left join ${t(runItems.table.name)} i on i.parent_id = r.id and i.tenant_id = r.tenant_id
          left join ${t(status.table.name)} s on s.id = r.status_id and s.tenant_id = r.tenant_id
          where r.tenant_id = ${tenantId} and r.stock_id = inv.id and r.printed_at is null
            and (s.category is null or s.category not in ('cancelled', 'complete'))
          group by r.id, r.sheets, r.overs) needs)`
      : sql`0`;
  const onOrder =
    po && poLines
      ? sql`(select coalesce(sum(greatest(l.quantity - coalesce(l.quantity_received, 0), 0)), 0)::int
          from ${t(poLines.table.name)} l join ${t(po.table.name)} p on p.id = l.parent_id
          where l.tenant_id = ${tenantId} and l.inventory_id = inv.id
            and p.status in ('sent', 'acknowledged', 'partially_received'))`
      : sql`0`;
  await tx.execute(sql`
    update inventories as inv set committed = levels.committed, on_order = levels.on_order,
      on_hand = greatest(coalesce(inv.on_hand, 0),
        ceil(levels.committed::numeric / greatest(coalesce(inv.sheets_per_carton, 1), 1))::int
          * greatest(coalesce(inv.sheets_per_carton, 1), 1))
    from (select inv.id, ${committed} as committed, ${onOrder} as on_order
          from inventories inv where inv.tenant_id = ${tenantId}) levels
    where inv.id = levels.id`);
  await tx.execute(sql`update inventories set available = on_hand - committed where tenant_id = ${tenantId}`);
}

/**
 * The paper each printed run consumed (hooks/runs.ts: printing a run takes its sheets, at least
 * what its items need, plus overs off on hand), oldest first: its stock, run number, sheets and
 * when it was printed.
 */
async function printedRunUse(
  tx: Database,
  tenantId: number,
): Promise<{ inventory_id: number; run_number: string; used: number; at: Date }[]> {
  const registry = await loadRegistry();
  const run = registry.byKind.get("Run");
  const status = registry.byKind.get("Status");
  const runItems = run?.children.find((c) => c.name === "items");
  if (!run || !status || !runItems) return [];
  const t = (name: string) => sql.raw(quoteIdent(name));
  return selectRows(
    tx,
    sql`select r.stock_id as inventory_id, r.run_number,
          (greatest(coalesce(r.sheets, 0), max(ceil(i.quantity_required::numeric / greatest(i.number_up, 1)))::int)
            + coalesce(r.overs, 0))::int as used,
          r.printed_at as at
        from ${t(run.table.name)} r
        join ${t(runItems.table.name)} i on i.parent_id = r.id and i.tenant_id = r.tenant_id
        left join ${t(status.table.name)} s on s.id = r.status_id and s.tenant_id = r.tenant_id
        where r.tenant_id = ${tenantId} and r.stock_id is not null and r.printed_at is not null
          and s.category is distinct from 'cancelled'
        group by r.id, r.stock_id, r.run_number, r.sheets, r.overs, r.printed_at
        order by r.printed_at, r.id`,
  );
}

export default defineSeed({
  rows: ({ full, random, keys }) => {
    const facilities = keys("Location");
    const paper = paperRows(random, full, keys).map((row, i) => ({
      ...row,
      facility_id: facilities.length
        ? ref("Location", facilities[i % 3 === 2 ? facilities.length - 1 : 0])
        : null,
    }));
    if (!full) return paper;
    const types = new Set(keys("InventoryType"));
    const units = new Set(keys("InventoryMeasureUnit"));
    const other = OTHER.filter((o) => types.has(o.type) && units.has(o.unit)).map(
      (o): SeedRow => ({
        $key: o.sku,
        sku: o.sku,
        name: o.name,
        inventory_type_id: ref("InventoryType", o.type),
        measure_unit_id: ref("InventoryMeasureUnit", o.unit),
        facility_id: facilities.length ? ref("Location", facilities[0]) : null,
        bin: `S-${String(random.int(1, 12)).padStart(2, "0")}`,
        on_hand: o.onHand,
        committed: 0,
        reorder_point: Math.round(o.onHand / 4),
        target_level: o.onHand,
        cost_per_m: o.cost || null,
        active: true,
      }),
    );
    return [...paper, ...other];
  },

  // Levels as the runs and purchase orders leave them, then the history that ends there: each
  // item's paper was received against a PO, and every printed run consumed its sheets when it was
  // printed (as hooks/runs.ts does), so on hand is what is left after the printed runs. A few items
  // without printed runs show a receipt alone.
  async after({ tx, tenantId, full, random, now }) {
    await settleLevels(tx, tenantId);
    const items = await selectRows<{ id: number; on_hand: number | null }>(
      tx,
      sql`select id, on_hand from inventories where tenant_id = ${tenantId} order by id`,
    );
    const uses = new Map<number, { run_number: string; used: number; at: Date }[]>();
    for (const use of await printedRunUse(tx, tenantId)) {
      const list = uses.get(use.inventory_id) ?? [];
      list.push({ ...use, at: new Date(use.at) });
      uses.set(use.inventory_id, list);
    }
    const rows: (typeof inventory_quantity_changes.$inferInsert)[] = [];
    const day = 86_400_000;
    let receiptsOnly = full ? 24 : 2;
    for (const item of items) {
      const consumed = uses.get(item.id) ?? [];
      if (consumed.length === 0 && receiptsOnly-- <= 0) continue;
      // Received a few days before its first run printed (or within the demo's last 60 days).
      const first = consumed[0]?.at.getTime() ?? now.getTime() - random.int(10, 50) * day;
      let balance = (item.on_hand ?? 0) + consumed.reduce((n, c) => n + c.used, 0);
      rows.push({
        tenant_id: tenantId,
        inventory_id: item.id,
        at: new Date(first - random.int(2, 6) * day),
        type: "receive",
        quantity: balance,
        balance_after: balance,
        reference: `PO-${random.int(24_000, 24_999)}`,
        note: null,
      });
      for (const c of consumed) {
        balance -= c.used;
        rows.push({
          tenant_id: tenantId,
          inventory_id: item.id,
          at: c.at,
          type: "consume",
          quantity: -c.used,
          balance_after: balance,
          reference: c.run_number,
          note: "Run printed",
        });
      }
    }
    for (let i = 0; i < rows.length; i += 1_000) {
      await tx.insert(inventory_quantity_changes).values(rows.slice(i, i + 1_000));
    }
  },
});
