import type { Kind } from "../../../../src/access/kinds";
import { type Random, ref, type SeedContext, type SeedRef, type SeedRow } from "../define";
import { type Staff, staffOf } from "../staff";

// What the generated history is made of, and the master data it draws on, read from the rows the
// seed files of the other kinds gave (SeedContext.rows), so it stays in step with them.

export type Process = "gang" | "digital_batch" | "large_format_nest" | "dedicated" | "outsourced";

/** The item status sequence of domain.md, in the order work advances. */
export const FLOW = [
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
] as const;

/** How far along an item status is (shipped and mailed alike; reprint is back on press). */
export function rankOf(code: string): number {
  if (code === "mailed") return FLOW.indexOf("shipped");
  if (code === "reprint") return FLOW.indexOf("printing");
  if (code === "on_hold" || code === "cancelled") return -1;
  return FLOW.indexOf(code as (typeof FLOW)[number]);
}

export interface Product {
  key: string;
  name: string;
  site: string | null;
  type: string;
  tiers: { quantity: number; price: number }[];
  variants: { sku: string; values: Record<string, string>; price: number }[];
  templates: string[];
  gangable: boolean;
  vendor: string | null;
  mail: "card" | "letter" | "flat" | null;
  stock: string | null;
  colors: string;
  weight: number;
  days: number;
  width: number;
  height: number;
  /** The printed piece, flat (before folding) where it differs, with its bleed: what a run's sheet holds. */
  flat: { width: number; height: number; bleed: number };
  /** Folded, stitched or die-cut after cutting. */
  finishing: boolean;
  /** Its production route: station names in order. */
  route: string[];
  /** How often buyers pick it among products of its type (products.ts $popularity). */
  popularity: number;
}

export interface Customer {
  key: string;
  name: string;
  type: string;
  terms: string;
  status: string;
  site: string | null;
  taxExempt: boolean;
  rep: string | null;
  csr: string | null;
  billing: string | null;
  shipping: string | null;
  returnAddress: string | null;
  lists: string[];
}

export interface Paper {
  key: string;
  paper: string;
  width: number;
  height: number;
}

export interface ItemPlan {
  order: OrderPlan;
  index: number;
  product: Product;
  quantity: number;
  price: number;
  options: Record<string, string>;
  template: string | null;
  coating: "none" | "uv" | "aqueous" | "matte";
  process: Process;
  /** A mailing goes with it (a mail order), by lists or EDDM routes. */
  mailing: "list" | "eddm" | null;
  /** When the juggler batches it (approved items only). */
  slot: number | null;
  run: RunPlan | null;
  /** The item's natural course, past and planned: [status code, at]. */
  events: [string, number][];
  /** Its status now (a code of the order_item statuses). */
  status: string;
  /** When it left the natural course (held or cancelled). */
  stoppedAt: number | null;
  dueAt: number;
}

export interface OrderPlan {
  key: string;
  customer: Customer;
  site: string | null;
  channel: "storefront" | "csr" | "api" | "reorder";
  orderedAt: number;
  approvedAt: number | null;
  turnaround: "standard" | "rush" | "next_day";
  shipMethod: string;
  wantedBy: string;
  items: ItemPlan[];
  cancelledAt: number | null;
  held: boolean;
  packedAt: number | null;
  /** Every item staged, the order not yet released to shipping (the stager's step). */
  unreleased?: boolean;
  shippedAt: number | null;
  deliveredAt: number | null;
  /** The mail drops' dates, when the order mails. */
  drops: string[];
  instructions: string | null;
  /** Ships under the customer's return address (trade customers reselling the work). */
  blindShip: boolean;
  csr: string | null;
  costCenter: string | null;
  subtotal: number;
  discount: number;
  shipping: number;
  tax: number;
  total: number;
  captured: number;
  paymentStatus: string;
}

export interface RunPlan {
  key: string;
  process: Exclude<Process, "outsourced">;
  stock: Paper | null;
  colors: string;
  coating: ItemPlan["coating"];
  items: ItemPlan[];
  slot: number;
  readyAt: number;
  imposedAt: number;
  platedAt: number;
  printAt: number;
  printedAt: number;
  coatedAt: number | null;
  cutAt: number;
  held: boolean;
  equipment: string | null;
  station: string | null;
  /** Where the run stands now, when the history placed it there (else index.ts stationNow decides). */
  place?: string | null;
}

/** Everything the history draws on in one tenant. */
export interface Shop {
  ctx: SeedContext;
  /** ref(...) with one object per kind and key. */
  ref: (kind: Kind, key: string) => SeedRef;
  random: Random;
  now: number;
  full: boolean;
  tenantId: number;
  staff: Staff;
  customers: Customer[];
  products: Product[];
  papers: Paper[];
  statuses: Set<string>;
  sites: string[];
  equipment: Set<string>;
  stations: Set<string>;
  facilities: string[];
  lists: readonly SeedRow[];
  routes: readonly SeedRow[];
  costCenters: readonly SeedRow[];
}

const keyOf = (value: unknown): string | null =>
  value && typeof value === "object" && "key" in value ? String((value as { key: string }).key) : null;

const FINISHING_STATIONS = new Set(["Folding", "Stitching", "Letterpress"]);

function productOf(row: SeedRow): Product {
  const route = Array.isArray(row.production_route) ? row.production_route.map(keyOf) : [];
  return {
    key: String(row.$key ?? row.sku),
    name: String(row.name),
    site: keyOf(row.site_id),
    type: keyOf(row.product_type_id) ?? "",
    tiers: (row.price_tiers as { quantity: number; price: number }[]) ?? [],
    variants: ((row.variants as SeedRow[]) ?? []).map((v) => ({
      sku: String(v.sku),
      values: (v.attribute_values as Record<string, string>) ?? {},
      price: Number(v.price),
    })),
    templates: ((row.template_ids as unknown[]) ?? []).map(keyOf).filter((k): k is string => k !== null),
    gangable: row.gangable !== false,
    vendor: keyOf(row.outsource_vendor_id),
    mail: (row.mail_shape as Product["mail"]) ?? null,
    stock: keyOf(row.default_stock_id),
    colors: String(row.color_spec ?? "4/0"),
    weight: Number(row.unit_weight ?? 0.01),
    days: Number(row.turnaround_days ?? 3),
    width: Number(row.finished_width ?? 3.5),
    height: Number(row.finished_height ?? 2),
    flat: {
      width: Number(row.flat_width ?? row.finished_width ?? 3.5),
      height: Number(row.flat_height ?? row.finished_height ?? 2),
      bleed: Number(row.bleed ?? 0),
    },
    finishing: route.some((s) => s !== null && FINISHING_STATIONS.has(s)),
    route: route.filter((s): s is string => s !== null),
    popularity: Number(row.$popularity ?? 1),
  };
}

export function shopOf(ctx: SeedContext, random: Random): Shop {
  const addresses = new Map<string, Map<string, string>>();
  for (const a of ctx.rows("CustomerAddress")) {
    const customer = keyOf(a.customer_id);
    if (!customer || !a.$key) continue;
    if (!addresses.has(customer)) addresses.set(customer, new Map());
    addresses.get(customer)?.set(String(a.kind), String(a.$key));
  }
  const lists = ctx.rows("List");
  const listsOf = new Map<string, string[]>();
  for (const l of lists) {
    const customer = keyOf(l.customer_id);
    if (customer && ["approved", "in_use", "processed"].includes(String(l.status))) {
      listsOf.set(customer, [...(listsOf.get(customer) ?? []), String(l.$key ?? l.name)]);
    }
  }
  const customers = ctx.rows("Customer").map((c): Customer => {
    const key = String(c.$key ?? c.name);
    const own = addresses.get(key);
    return {
      key,
      name: String(c.name),
      type: String(c.type ?? "retail"),
      terms: String(c.terms ?? "prepaid"),
      status: String(c.status ?? "active"),
      site: keyOf(c.home_site_id),
      taxExempt: c.tax_exempt === true,
      rep: keyOf(c.sales_rep_id),
      csr: keyOf(c.csr_id),
      billing: own?.get("billing") ?? null,
      shipping: own?.get("shipping") ?? own?.get("billing") ?? null,
      returnAddress: own?.get("return") ?? null,
      lists: listsOf.get(key) ?? [],
    };
  });
  const papers = ctx
    .rows("Inventory")
    .filter((r) => r.sheet_width != null && r.sheet_height != null)
    .map((r) => ({
      key: String(r.$key ?? r.name),
      paper: String(r.name).replace(/ \d+(\.\d+)?×\d+(\.\d+)?$/, ""),
      width: Number(r.sheet_width),
      height: Number(r.sheet_height),
    }));
  return {
    ctx,
    ref: refCache(),
    random,
    now: ctx.now.getTime(),
    full: ctx.full,
    tenantId: ctx.tenantId,
    staff: staffOf(ctx.keys("User")),
    customers,
    products: ctx
      .rows("Product")
      .filter((p) => p.active !== false)
      .map(productOf),
    papers,
    statuses: new Set(ctx.keys("Status")),
    sites: ctx.keys("Site"),
    equipment: new Set(ctx.keys("Equipment")),
    stations: new Set(ctx.keys("ProductionStation")),
    facilities: ctx.keys("Location"),
    lists,
    routes: ctx.rows("Route"),
    costCenters: ctx.rows("CostCenter"),
  };
}

/**
 * The Status key for a code of `entity` in this tenant; a tenant with fewer statuses (the small
 * shop) gets the furthest one it has that work has reached, null when it has none of them.
 */
export function statusKey(shop: Shop, entity: string, code: string, order: readonly string[]): string | null {
  if (shop.statuses.has(`${entity}:${code}`)) return `${entity}:${code}`;
  const at = order.indexOf(code);
  for (let i = at; i >= 0; i--)
    if (shop.statuses.has(`${entity}:${order[i]}`)) return `${entity}:${order[i]}`;
  return null;
}

export const round2 = (n: number) => Math.round(n * 100) / 100;

export function weighted<T>(random: Random, options: [T, number][]): T {
  const total = options.reduce((s, [, w]) => s + w, 0);
  let r = random.next() * total;
  for (const [value, weight] of options) {
    r -= weight;
    if (r < 0) return value;
  }
  return options[options.length - 1][0];
}

export const between = (random: Random, min: number, max: number) => min + random.next() * (max - min);

/** A weighted choice prepared once (cumulative weights), for choices made per order or item. */
export function picker<T>(options: readonly (readonly [T, number])[]): (random: Random) => T {
  const values = options.map(([v]) => v);
  const cumulative: number[] = [];
  let total = 0;
  for (const [, w] of options) {
    total += w;
    cumulative.push(total);
  }
  return (random) => {
    const r = random.next() * total;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid] > r) hi = mid;
      else lo = mid + 1;
    }
    return values[lo];
  };
}

/**
 * One SeedRef object per kind and key: the history names the same customer, status or product
 * thousands of times, and sharing the reference keeps the generated rows small.
 */
export function refCache(): (kind: Kind, key: string) => SeedRef {
  const cache = new Map<string, Map<string, SeedRef>>();
  return (kind, key) => {
    let byKey = cache.get(kind);
    if (!byKey) {
      byKey = new Map();
      cache.set(kind, byKey);
    }
    let r = byKey.get(key);
    if (!r) {
      r = ref(kind, key);
      byKey.set(key, r);
    }
    return r;
  };
}
