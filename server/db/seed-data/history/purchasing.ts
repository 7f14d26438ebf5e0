import type { SeedRow } from "../define";
import { between, type OrderPlan, round2, type Shop, weighted } from "./model";
import { addBusinessDays, atLocal, DAY, localDate } from "./time";

// Paper bought from the merchants a few times a week, and envelopes bought for a mailing: each PO
// on its way from draft to received and closed (a few cancelled). Its total is its lines
// (quantity × unit cost) plus freight and tax. Each outsourced item at its trade printer now has
// a PO to that printer for its order: sent when the item was approved, expected after the
// printer's lead time, its tracking number once the boxes are on their way.

interface Stock {
  key: string;
  name: string;
  vendor: string | null;
  costPerM: number;
  envelope: boolean;
}

export function purchaseOrderRows(shop: Shop, orders: OrderPlan[]): SeedRow[] {
  const { random, now, full, ctx, staff } = shop;
  const vendors = ctx.rows("Vendor");
  const categoryOf = new Map(
    vendors.map((v) => [String(v.name), (v.vendor_category_id as { key?: string })?.key]),
  );
  const leadOf = new Map(vendors.map((v) => [String(v.name), Number(v.lead_time_days ?? 3)]));
  const termsOf = new Map(vendors.map((v) => [String(v.name), (v.terms as string | null) ?? null]));
  const stocks: Stock[] = ctx.rows("Inventory").map((r) => ({
    key: String(r.$key ?? r.name),
    name: String(r.name),
    vendor: (r.vendor_id as { key?: string } | null)?.key ?? null,
    costPerM: Number(r.cost_per_m ?? 0),
    envelope: String(r.name).includes("envelope"),
  }));
  const paperByVendor = new Map<string, Stock[]>();
  for (const s of stocks) {
    if (!s.vendor || s.costPerM <= 0 || s.envelope) continue;
    paperByVendor.set(s.vendor, [...(paperByVendor.get(s.vendor) ?? []), s]);
  }
  const merchants = [...paperByVendor.keys()];
  const envelopeVendor = vendors.find((v) => categoryOf.get(String(v.name)) === "Envelope converters")?.name;
  const envelopes = stocks.filter((s) => s.envelope && s.costPerM > 0);
  const units = new Set(ctx.keys("InventoryMeasureUnit"));
  const unit = units.has("M") ? "M" : ([...units][0] ?? null);
  const deliverTo = shop.facilities;
  const mailOrders = orders.filter((o) => o.items.some((it) => it.mailing && it.product.type === "Letter"));
  const count = full ? Math.max(3, Math.round(orders.length / 250)) : 2;
  const rows: SeedRow[] = [];
  const start = now - 60 * DAY;
  for (let i = 0; i < count; i++) {
    const at = start + ((i + random.next()) / count) * (now - start);
    const today = localDate(now);
    const orderedOn = [addBusinessDays(localDate(at), 0), today].sort()[0];
    const forJob = envelopeVendor && envelopes.length > 0 && mailOrders.length > 0 && random.chance(0.12);
    const vendor = forJob
      ? String(envelopeVendor)
      : merchants.length > 0
        ? random.pick(merchants)
        : String(vendors[0]?.name ?? "");
    if (!vendor) break;
    const job = forJob ? random.pick(mailOrders) : null;
    const own = forJob ? envelopes : (paperByVendor.get(vendor) ?? []);
    // A shop whose merchants supply none of its stocks still buys its paper somewhere.
    const candidates = own.length > 0 ? own : stocks.filter((s) => !s.envelope);
    const picked = random.sample(candidates, Math.max(1, Math.min(candidates.length, random.int(1, 4))));
    const ageDays = (now - atLocal(orderedOn, 9)) / DAY;
    const status =
      random.chance(0.05) && ageDays < 20
        ? "cancelled"
        : ageDays < 0.5
          ? weighted(random, [
              ["draft", 0.5],
              ["sent", 0.5],
            ])
          : ageDays < 3
            ? weighted(random, [
                ["sent", 0.5],
                ["acknowledged", 0.5],
              ])
            : ageDays < 7
              ? weighted(random, [
                  ["acknowledged", 0.3],
                  ["partially_received", 0.3],
                  ["received", 0.4],
                ])
              : ageDays < 20
                ? "received"
                : "closed";
    const lead = leadOf.get(vendor) ?? 3;
    const expected = addBusinessDays(orderedOn, Math.max(1, lead));
    const received = status === "received" || status === "closed";
    const lines = picked.map((s, n) => {
      const quantity = forJob ? random.pick([5, 10, 25]) : random.pick([5, 10, 20, 40, 60]);
      const got = received
        ? quantity
        : status === "partially_received" && n === 0
          ? Math.ceil(quantity / 2)
          : 0;
      return {
        inventory_id: shop.ref("Inventory", s.key),
        description: s.name,
        quantity,
        unit_id: unit ? shop.ref("InventoryMeasureUnit", unit) : null,
        unit_cost: round2(s.costPerM),
        quantity_received: got,
      };
    });
    const goods = lines.reduce((sum, l) => sum + l.quantity * l.unit_cost, 0);
    const freight = goods > 1_000 ? 0 : round2(between(random, 35, 85));
    const number = `${full ? "PO-" : "OPO-"}${(full ? 24_001 : 101) + i}`;
    rows.push({
      $key: number,
      po_number: number,
      vendor_id: shop.ref("Vendor", vendor),
      deliver_to_id:
        deliverTo.length > 0
          ? shop.ref("Location", deliverTo[forJob || random.chance(0.7) ? 0 : deliverTo.length - 1])
          : null,
      order_id: job ? shop.ref("Order", job.key) : null,
      ordered_at: orderedOn,
      expected_at: expected,
      received_at: received
        ? [addBusinessDays(orderedOn, Math.max(1, lead + random.int(-1, 1))), today].sort()[0]
        : null,
      terms: termsOf.get(vendor) ?? "net30",
      freight,
      tax: 0,
      total: round2(goods + freight),
      approved_by_id: status !== "draft" && staff.admin ? shop.ref("User", staff.admin) : null,
      status,
      notes: forJob
        ? `Envelopes for mailing ${job?.key}`
        : random.chance(0.2)
          ? "Deliver to dock 2 before 2 pm."
          : null,
      lines,
      $createdAt: new Date(Math.min(now, atLocal(orderedOn, 9))),
    });
  }
  rows.push(...tradePrintingRows(shop, orders, rows.length, leadOf));
  return rows;
}

function tradePrintingRows(
  shop: Shop,
  orders: OrderPlan[],
  after: number,
  leadOf: Map<string, number>,
): SeedRow[] {
  const { now, full, staff } = shop;
  const today = localDate(now);
  const deliverTo = shop.facilities[0];
  const atPrinter = orders.flatMap((order) =>
    order.items
      .filter((it) => it.process === "outsourced" && it.status === "approved" && it.product.vendor)
      .map((item) => ({ order, item })),
  );
  return atPrinter.map(({ order, item }, j): SeedRow => {
    const vendor = String(item.product.vendor);
    const sentAt = item.events.find(([code]) => code === "approved")?.[1] ?? now;
    const sentOn = localDate(Math.min(sentAt, now));
    const expected = addBusinessDays(sentOn, Math.max(1, leadOf.get(vendor) ?? 5));
    const shipping = expected <= addBusinessDays(today, 1);
    const number = `${full ? "PO-" : "OPO-"}${(full ? 24_001 : 101) + after + j}`;
    const unitCost = round2((item.price * 0.55) / Math.max(1, item.quantity));
    return {
      $key: number,
      po_number: number,
      vendor_id: shop.ref("Vendor", vendor),
      deliver_to_id: deliverTo ? shop.ref("Location", deliverTo) : null,
      order_id: shop.ref("Order", order.key),
      ordered_at: sentOn,
      expected_at: expected,
      received_at: null,
      terms: "net30",
      freight: 0,
      tax: 0,
      total: round2(item.quantity * unitCost),
      approved_by_id: staff.admin ? shop.ref("User", staff.admin) : null,
      status: now - sentAt < DAY ? "sent" : "acknowledged",
      tracking_number: shipping
        ? `1Z8A47E01${order.key.replace(/\D/g, "").padStart(9, "0").slice(-9)}`
        : null,
      notes: `Trade printing of ${item.product.name} for ${order.key}`,
      lines: [
        {
          inventory_id: null,
          description: `${item.product.name} (${order.key}, item ${item.index + 1})`,
          quantity: item.quantity,
          unit_id: null,
          unit_cost: unitCost,
          quantity_received: 0,
        },
      ],
      $createdAt: new Date(Math.min(now, sentAt)),
    };
  });
}
