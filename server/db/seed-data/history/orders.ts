import type { Random } from "../define";
import {
  between,
  type Customer,
  type ItemPlan,
  type OrderPlan,
  type Process,
  type Product,
  picker,
  round2,
  type Shop,
} from "./model";
import {
  addBusinessDays,
  addWorkHours,
  atLocal,
  DAY,
  HOUR,
  isBusinessDay,
  localDate,
  localHour,
  weekday,
} from "./time";

// The orders of the last 60 days and their items up to approval: who ordered what, through which
// site, at what price, and when the proof came back approved. Production (runs), mailing, shipping
// and payments are planned from these.

/** Busy weekdays, quiet weekends; storefront orders come in from early morning to late evening. */
function orderInstants(shop: Shop, n: number): number[] {
  const { random, now } = shop;
  const start = now - 60 * DAY;
  const out: number[] = [];
  while (out.length < n) {
    const t = start + random.next() * (now - start);
    const day = weekday(t);
    const hour = localHour(t);
    const dayWeight = day === 0 ? 0.2 : day === 6 ? 0.35 : 1;
    const hourWeight = hour < 6 ? 0.05 : hour < 8 ? 0.4 : hour < 18 ? 1 : hour < 22 ? 0.55 : 0.15;
    if (random.next() < dayWeight * hourWeight) out.push(Math.floor(t / 1000) * 1000);
  }
  return out.sort((a, b) => a - b);
}

const WEB_TYPES: Record<string, number> = {
  "Business card": 3,
  Postcard: 2,
  Flyer: 1.6,
  Brochure: 0.7,
  Booklet: 0.15,
  Letterhead: 0.5,
  "Door hanger": 0.5,
  Letter: 0.2,
  Banner: 0.6,
  Label: 0.4,
};
const CSR_TYPES: Record<string, number> = {
  "Business card": 1.4,
  Postcard: 1.5,
  Flyer: 1.2,
  Brochure: 1.2,
  Booklet: 0.8,
  Letterhead: 0.8,
  "Door hanger": 0.5,
  Letter: 0.9,
  Banner: 0.4,
  Label: 0.4,
};
const WEB_TIERS = [0.5, 0.3, 0.14, 0.045, 0.012, 0.003];
const CSR_TIERS = [0.08, 0.17, 0.3, 0.22, 0.15, 0.08];

const CUSTOMER_WEIGHT: Record<string, number> = {
  retail: 1,
  trade: 3,
  corporate: 2.5,
  nonprofit: 1.2,
  government: 1.2,
};

const INSTRUCTIONS = [
  "Match the colours of the previous run.",
  "Customer will pick up before 5 pm.",
  "Please call before delivery.",
  "Deliver to the loading dock at the rear.",
  "Split the boxes by name.",
  "Rush: event on Friday.",
  "Shrink-wrap in 100s.",
];

const pickChannel = picker<OrderPlan["channel"]>([
  ["storefront", 0.68],
  ["csr", 0.2],
  ["api", 0.07],
  ["reorder", 0.05],
]);
const pickItemCount = picker([
  [1, 0.55],
  [2, 0.28],
  [3, 0.12],
  [4, 0.05],
]);
const pickTurnaround = picker<OrderPlan["turnaround"]>([
  ["standard", 0.82],
  ["rush", 0.13],
  ["next_day", 0.05],
]);
const pickCoating = picker<ItemPlan["coating"]>([
  ["uv", 0.4],
  ["aqueous", 0.2],
  ["none", 0.4],
]);
const shipMethods = (twoDay: number) =>
  picker([
    ["ground", 0.66],
    ["pickup", 0.13],
    ["local_delivery", 0.07],
    ["two_day", twoDay],
    ["overnight", 0.04],
  ]);
const pickShipping = shipMethods(0.1);
const pickRushShipping = shipMethods(0.3);
/** Hours a customer takes to approve a proof: mostly the same day, now and then a week. */
const pickWait = picker<[number, number]>([
  [[0.2, 6], 0.55],
  [[6, 30], 0.3],
  [[30, 80], 0.12],
  [[80, 200], 0.03],
]);

/** Customers of one kind, the busier accounts more often. */
function pool(customers: Customer[]): { customers: Customer[]; pick: (random: Random) => Customer } {
  return {
    customers,
    pick: picker(customers.map((c): [Customer, number] => [c, CUSTOMER_WEIGHT[c.type] ?? 1])),
  };
}

interface Pools {
  all: ReturnType<typeof pool>;
  retail: ReturnType<typeof pool>;
  business: ReturnType<typeof pool>;
  trade: ReturnType<typeof pool>;
  portal: Customer | undefined;
}

function pickCustomer(shop: Shop, channel: OrderPlan["channel"], t: number, pools: Pools): Customer {
  const { random } = shop;
  const wanted =
    channel === "storefront"
      ? random.chance(0.7)
        ? pools.retail
        : pools.business
      : channel === "api"
        ? pools.trade
        : channel === "csr"
          ? random.chance(0.8)
            ? pools.business
            : pools.retail
          : pools.all;
  const from = wanted.customers.length > 0 ? wanted : pools.all;
  for (let attempt = 0; attempt < 5; attempt++) {
    const c = from.pick(random);
    // Lapsed accounts stopped ordering a month ago.
    if (c.status !== "inactive" || shop.now - t > 30 * DAY) return c;
  }
  return pools.all.customers[0];
}

const tierPickers = new WeakMap<
  Product,
  Map<boolean, (random: Random) => { quantity: number; price: number }>
>();

/** A quantity of the product's price tiers: web buyers take the small ones, CSR accounts larger. */
function quantityOf(shop: Shop, product: Product, csr: boolean): { quantity: number; price: number } {
  let byChannel = tierPickers.get(product);
  if (!byChannel) {
    byChannel = new Map();
    tierPickers.set(product, byChannel);
  }
  let pick = byChannel.get(csr);
  if (!pick) {
    const weights = csr ? CSR_TIERS : WEB_TIERS;
    pick = picker(product.tiers.map((t, i): [typeof t, number] => [t, weights[i] ?? 0.01]));
    byChannel.set(csr, pick);
  }
  return pick(shop.random);
}

/** The price of a quantity between tiers: per piece of the nearest tier below. */
function priceOf(product: Product, quantity: number): number {
  const tiers = product.tiers;
  let tier = tiers[0];
  for (const t of tiers) if (t.quantity <= quantity) tier = t;
  return (tier.price / tier.quantity) * quantity;
}

const COATABLE = /Gloss Cover|Silk Cover/;

function processOf(product: Product, quantity: number): Process {
  if (product.vendor) return "outsourced";
  if (product.type === "Banner") return "large_format_nest";
  if (product.type === "Booklet") return "dedicated";
  if (!product.gangable) return quantity >= 2_500 ? "dedicated" : "digital_batch";
  return quantity >= 1_000 ? "gang" : "digital_batch";
}

/** The juggler builds runs at 10:00 and 15:00 on business days. */
export function nextSlot(t: number): number {
  let date = localDate(t);
  for (;;) {
    if (isBusinessDay(date)) {
      for (const hour of [10, 15]) {
        const slot = atLocal(date, hour);
        if (slot >= t) return slot;
      }
    }
    date = localDate(atLocal(date, 12) + DAY);
  }
}

function routePick(shop: Shop): { routes: string[]; pieces: number } {
  const { random } = shop;
  const all = shop.routes;
  if (all.length === 0) return { routes: [], pieces: 0 };
  const zips = [...new Set(all.map((r) => String(r.zip5)))];
  const zip = random.pick(zips);
  const inZip = all.filter((r) => r.zip5 === zip);
  const picked = random.sample(inZip, Math.max(1, Math.min(inZip.length, random.int(2, 6))));
  return {
    routes: picked.map((r) => String(r.$key ?? r.carrier_route)),
    pieces: picked.reduce((n, r) => n + Number(r.total_count ?? 0), 0),
  };
}

export interface PlannedOrders {
  orders: OrderPlan[];
  /** EDDM routes of the items that mail to routes. */
  routesOf: Map<ItemPlan, string[]>;
}

export function planOrders(shop: Shop, count: number): PlannedOrders {
  const { random, staff } = shop;
  const active = shop.customers.filter((c) => c.status !== "prospect");
  const all = active.length > 0 ? active : shop.customers;
  const portalSite = shop.sites.find((s) => s.includes("Portal"));
  const pools: Pools = {
    all: pool(all),
    retail: pool(all.filter((c) => c.type === "retail" && c.key !== "ACME")),
    business: pool(all.filter((c) => c.type !== "retail" && c.key !== "ACME")),
    trade: pool(all.filter((c) => c.type === "trade")),
    portal: portalSite ? all.find((c) => c.site === portalSite) : undefined,
  };
  // What a customer can buy, by site, channel and whether it mails: products and their odds.
  const catalogues = new Map<string, { products: Product[]; pick: (random: Random) => Product }>();
  const bySite = new Map<string | null, Product[]>();
  for (const p of shop.products) bySite.set(p.site, [...(bySite.get(p.site) ?? []), p]);
  const storefront = shop.sites[0] ?? null;
  const prefix = shop.full ? "ORD-" : "OP-";
  const first = shop.full ? 100_001 : 2_001;
  const routesOf = new Map<ItemPlan, string[]>();

  const orders = orderInstants(shop, count).map((orderedAt, i): OrderPlan => {
    const channel = pickChannel(random);
    const portal = pools.portal && channel === "storefront" && random.chance(0.07);
    const customer = portal && pools.portal ? pools.portal : pickCustomer(shop, channel, orderedAt, pools);
    const site = portal ? (portalSite ?? null) : (customer.site ?? storefront);
    const csrChannel = channel === "csr";
    const mailer = customer.lists.length > 0;
    const catalogueKey = `${site}|${csrChannel}|${mailer}`;
    let catalogue = catalogues.get(catalogueKey);
    if (!catalogue) {
      const own = [
        ...(bySite.get(site) ?? []),
        ...(csrChannel && site !== storefront ? (bySite.get(storefront) ?? []) : []),
      ];
      const products = (own.length > 0 ? own : shop.products).filter((p) => p.type !== "Letter" || mailer);
      const weights = csrChannel ? CSR_TYPES : WEB_TYPES;
      catalogue = {
        products,
        pick: picker(
          products.map((p): [Product, number] => [
            p,
            (weights[p.type] ?? 0.3) * p.popularity * (p.mail && mailer ? 1.5 : 1),
          ]),
        ),
      };
      catalogues.set(catalogueKey, catalogue);
    }
    const itemCount = pickItemCount(random);
    const turnaround = pickTurnaround(random);
    const order: OrderPlan = {
      key: `${prefix}${first + i}`,
      customer,
      site,
      channel,
      orderedAt,
      approvedAt: null,
      turnaround,
      shipMethod: "ground",
      wantedBy: "",
      items: [],
      cancelledAt: null,
      held: false,
      packedAt: null,
      shippedAt: null,
      deliveredAt: null,
      drops: [],
      instructions: null,
      blindShip: false,
      csr: csrChannel ? (random.chance(0.75) ? staff.csr : staff.admin) : customer.csr,
      costCenter: null,
      subtotal: 0,
      discount: 0,
      shipping: 0,
      tax: 0,
      total: 0,
      captured: 0,
      paymentStatus: "unpaid",
    };
    const used = new Set<Product>();
    for (let index = 0; index < itemCount && used.size < catalogue.products.length; index++) {
      let product = catalogue.pick(random);
      for (let retry = 0; used.has(product) && retry < 8; retry++) product = catalogue.pick(random);
      if (used.has(product)) break;
      used.add(product);
      let { quantity, price } = quantityOf(shop, product, csrChannel);
      let mailing: ItemPlan["mailing"] = null;
      if (product.name.includes("EDDM")) {
        mailing = shop.routes.length > 0 ? "eddm" : null;
      } else if (product.mail && mailer) {
        const share = product.type === "Letter" || product.name.startsWith("Mailing") ? 0.9 : 0.3;
        mailing = random.chance(share) ? "list" : null;
      }
      const variant = product.variants.length > 0 ? random.pick(product.variants) : null;
      const cheapest = Math.min(...product.variants.map((v) => v.price));
      const factor = variant && cheapest > 0 ? variant.price / cheapest : 1;
      const item: ItemPlan = {
        order,
        index,
        product,
        quantity,
        price: 0,
        options: { ...(variant?.values ?? {}) },
        template: product.templates.length > 0 && random.chance(0.55) ? random.pick(product.templates) : null,
        coating:
          product.stock && COATABLE.test(product.stock) && product.type !== "Letter"
            ? pickCoating(random)
            : product.type === "Brochure" && random.chance(0.2)
              ? "matte"
              : "none",
        process: "gang",
        mailing,
        slot: null,
        run: null,
        events: [],
        status: "received",
        stoppedAt: null,
        dueAt: 0,
      };
      if (mailing === "eddm") {
        const { routes, pieces } = routePick(shop);
        if (pieces > 0) {
          quantity = pieces;
          price = priceOf(product, pieces);
          routesOf.set(item, routes);
        } else item.mailing = null;
      }
      if (mailing === "list") quantity = Math.max(quantity, 1_000);
      if (mailing === "list" && quantity !== product.tiers.find((t) => t.quantity === quantity)?.quantity) {
        price = priceOf(product, quantity);
      }
      item.quantity = quantity;
      const rush = turnaround === "rush" ? 1.25 : turnaround === "next_day" ? 1.5 : 1;
      item.price = round2(price * factor * rush);
      if (turnaround !== "standard") item.options.turnaround = turnaround;
      if (item.coating !== "none") item.options.coating = item.coating;
      item.process = processOf(product, quantity);
      order.items.push(item);
    }
    // Mail-only orders go by mail; the rest by how much they weigh and how soon they are due.
    const shipped = order.items.filter((it) => !it.mailing);
    const weight = shipped.reduce((w, it) => w + it.quantity * it.product.weight, 0);
    order.shipMethod =
      shipped.length === 0
        ? "mail"
        : weight > 400
          ? "freight"
          : turnaround === "next_day"
            ? "overnight"
            : turnaround === "rush"
              ? pickRushShipping(random)
              : pickShipping(random);
    if (portal) {
      const codes = shop.costCenters.filter((c) => c.kind === "charge_code" && c.active !== false);
      order.costCenter = codes.length > 0 ? String(random.pick(codes).$key ?? random.pick(codes).code) : null;
    }
    order.instructions = random.chance(0.08) ? random.pick(INSTRUCTIONS) : null;
    order.blindShip = customer.type === "trade" && customer.returnAddress !== null && random.chance(0.5);
    planApproval(shop, order);
    return order;
  });
  return { orders, routesOf };
}

/** Preflight, proof and the customer's approval; the due date counts from the approval. */
function planApproval(shop: Shop, order: OrderPlan): void {
  const { random } = shop;
  const t0 = order.orderedAt;
  const preflight = addWorkHours(t0, between(random, 0.2, 2));
  const skip = order.channel === "reorder" || (order.channel === "api" && random.chance(0.5));
  const proof = skip ? preflight + 0.1 * HOUR : addWorkHours(preflight, between(random, 0.5, 4));
  const [least, most] = pickWait(random);
  const wait = skip ? 0.05 : between(random, least, most);
  const approved = proof + wait * HOUR;
  order.approvedAt = approved;
  const days =
    order.turnaround === "next_day"
      ? 1
      : order.turnaround === "rush"
        ? 2
        : Math.max(...order.items.map((it) => it.product.days + (it.mailing ? 1 : 0)), 3);
  const from = localHour(approved) >= 14 ? localDate(approved + DAY) : localDate(approved);
  order.wantedBy = addBusinessDays(from, days);
  for (const item of order.items) {
    item.dueAt = atLocal(order.wantedBy, 17);
    item.events = [
      ["received", t0],
      ["preflight", preflight],
      ["awaiting_proof", proof],
      ["approved", approved],
    ];
    if (item.process !== "outsourced") item.slot = nextSlot(approved + 0.5 * HOUR);
  }
}
