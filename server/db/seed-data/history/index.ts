import { balanceUps } from "../../../../src/custom/production/juggler-logic";
import { childRef, type SeedContext, type SeedRow, seededRandom } from "../define";
import { mailOrderRows } from "./mail";
import {
  FLOW,
  type ItemPlan,
  type OrderPlan,
  type RunPlan,
  rankOf,
  round2,
  type Shop,
  shopOf,
  statusKey,
} from "./model";
import {
  type PaymentPlan,
  planPayments,
  planRefunds,
  priceOrder,
  type RefundPlan,
  settlePayments,
} from "./money";
import { planOrders } from "./orders";
import { planProduction, runCapacity, runPaper, runSheet } from "./production";
import { purchaseOrderRows } from "./purchasing";
import { packingSlipRows } from "./shipping";
import { addBusinessDays, addWorkHours, DAY, localDate } from "./time";

// The demo shop's last 60 days, generated once per tenant and handed out kind by kind (orders.ts,
// runs.ts, mail-orders.ts, packing-slips.ts, user-payments.ts, refund-approvals.ts,
// purchase-orders.ts): orders and their items in every status of the item flow, the runs holding
// them, mail orders with their drops, packing slips, payments and refunds, paper bought. It uses
// its own fixed random sequence, so it does not depend on which of those kinds is seeded first.

export interface History {
  orders: SeedRow[];
  runs: SeedRow[];
  mailOrders: SeedRow[];
  packingSlips: SeedRow[];
  payments: SeedRow[];
  refunds: SeedRow[];
  purchaseOrders: SeedRow[];
}

const ITEM_SPECIALS = ["on_hold", "reprint", "cancelled"];
const ORDER_FLOW = [
  "received",
  "in_prepress",
  "in_production",
  "ready_to_ship",
  "shipped",
  "invoiced",
  "closed",
];
const RUN_FLOW = [
  "filling",
  "ready_to_impose",
  "imposed",
  "plated",
  "sent_to_rip",
  "printing",
  "printed",
  "coated",
  "cut",
  "finishing",
  "staged",
  "shipping",
  "closed",
];

const memo = new WeakMap<SeedContext, History>();

/** The tenant's history, made on first use. */
export function historyOf(ctx: SeedContext): History {
  let history = memo.get(ctx);
  if (!history) {
    history = makeHistory(ctx);
    memo.set(ctx, history);
  }
  return history;
}

const statusRef = (shop: Shop, key: string | null) => (key ? shop.ref("Status", key) : null);

/** The Status of an item now; a tenant without the exact status gets its nearest. */
function itemStatus(shop: Shop, item: ItemPlan): string | null {
  let code = item.status;
  if (!shop.statuses.has(`order_item:${code}`) && ITEM_SPECIALS.includes(code)) {
    code =
      code === "reprint" ? "printing" : code === "on_hold" ? (item.events.at(-1)?.[0] ?? "received") : code;
  }
  return statusKey(shop, "order_item", code, FLOW);
}

/** An order's status follows its least advanced item; shipped work is then invoiced and closed. */
function orderStatus(shop: Shop, order: OrderPlan): string {
  const live = order.items.filter((it) => it.status !== "cancelled");
  if (live.length === 0) return "cancelled";
  if (live.some((it) => it.status === "on_hold")) return "on_hold";
  const least = Math.min(...live.map((it) => rankOf(it.status)));
  if (least <= FLOW.indexOf("received")) return "received";
  if (least <= FLOW.indexOf("approved")) return "in_prepress";
  if (least <= FLOW.indexOf("finishing") || order.unreleased) return "in_production";
  if (least <= FLOW.indexOf("packed")) return "ready_to_ship";
  const settled = order.deliveredAt !== null && order.deliveredAt < shop.now - 7 * DAY;
  if (order.paymentStatus === "paid" && settled) return "closed";
  if (order.customer.terms.startsWith("net") || order.costCenter !== null) return "invoiced";
  return "shipped";
}

/** Where a run stands now: its own steps up to cutting, then its least advanced item's. */
function runStatus(shop: Shop, run: RunPlan): string {
  const { now } = shop;
  if (run.held) return "held";
  if (now < run.readyAt) return "filling";
  if (now < run.imposedAt) return "ready_to_impose";
  if (now < run.platedAt) return "imposed";
  if (now < run.printAt)
    return run.process === "gang" || run.process === "dedicated" ? "plated" : "sent_to_rip";
  if (now < run.printedAt) return "printing";
  if (run.coatedAt !== null && now < run.coatedAt) return "printed";
  if (now < run.cutAt) return run.coatedAt !== null ? "coated" : "printed";
  const steady = run.items.filter((it) => it.status !== "reprint");
  if (steady.length === 0) return "reprint";
  const least = Math.min(...steady.map((it) => rankOf(it.status)));
  if (least <= FLOW.indexOf("cut")) return "cut";
  if (least <= FLOW.indexOf("finishing")) return "finishing";
  if (least <= FLOW.indexOf("staged")) return "staged";
  if (least <= FLOW.indexOf("packed")) return "shipping";
  return "closed";
}

const colourCount = (spec: string) =>
  spec
    .split("/")
    .map(Number)
    .reduce((a, b) => a + b, 0);

// Where a run waits now, so that every station dashboard has work (issue 18): past the press at
// its finishing station (coating, then cutting, then bindery), and one offset form in five on the
// specialty press and one in five on the letterpress, while plated or printing.
const FINISHING: Record<string, string[]> = {
  coating: ["UV coating"],
  cutting: ["Cutting", "Cutting 2"],
  bindery: ["Folding", "Stitching"],
};

// The how-manieth run of a kind this shop's history has placed (counted in run order, so a
// handful of today's runs always reaches each station whatever the hour).
const placed = new WeakMap<Shop, Map<string, number>>();
function nth(shop: Shop, group: string): number {
  const counts = placed.get(shop) ?? new Map<string, number>();
  placed.set(shop, counts);
  const n = counts.get(group) ?? 0;
  counts.set(group, n + 1);
  return n;
}

function stationNow(shop: Shop, run: RunPlan, status: string): unknown {
  const pick = (names: string[], n: number) => {
    const here = names.filter((name) => shop.stations.has(name));
    return here.length > 0 ? here[n % here.length] : undefined;
  };
  let name: string | null | undefined = run.station;
  if (run.place) name = run.place;
  // A large-format nest is trimmed and finished at its own printer's station.
  else if (run.process === "large_format_nest") name = run.station;
  else if (status === "printed") {
    const n = nth(shop, "printed");
    const coating = run.coatedAt !== null || n % 3 === 0;
    name = pick(coating ? FINISHING.coating : FINISHING.cutting, n) ?? name;
  } else if (status === "coated") name = pick(FINISHING.cutting, nth(shop, "coated")) ?? name;
  else if (status === "cut" || status === "finishing")
    name = pick(FINISHING.bindery, nth(shop, "cut")) ?? name;
  else if (
    (status === "plated" || status === "printing") &&
    (run.process === "gang" || run.process === "dedicated")
  ) {
    const n = nth(shop, "press");
    if (n % 5 === 0) name = pick(["Spot UV and foil"], n) ?? name;
    else if (n % 5 === 1) name = pick(["Letterpress"], n) ?? name;
  }
  return name ? shop.ref("ProductionStation", name) : null;
}

/** 1 % to 6 % spoiled, by run number (the history's random sequence is left as it is). */
function wasteShare(key: string): number {
  const n = Number(key.replace(/\D/g, "")) || 0;
  return (10 + ((n * 37) % 51)) / 1000;
}

function runRow(shop: Shop, run: RunPlan): SeedRow {
  const { now, random, staff } = shop;
  const sheet = runPaper(shop, run.stock);
  const [sw, sh] = runSheet(shop, run.process, run.stock);
  const nest = run.process === "large_format_nest";
  const totalQty = run.items.reduce((n, it) => n + it.quantity, 0);
  // The slots as the jugglers count and share them, so a seeded run is never shown over-full.
  const capacity = runCapacity(shop, run.process, run.stock, run.items);
  const ups = nest
    ? run.items.map(() => 1)
    : balanceUps(
        capacity,
        run.items.map((it) => it.quantity),
      );
  const perBooklet = (it: ItemPlan) => (it.product.type === "Booklet" ? 4 : 1);
  const sheets = nest
    ? totalQty
    : Math.max(...run.items.map((it, i) => Math.ceil(it.quantity / ups[i]) * perBooklet(it)));
  const offset = run.process === "gang" || run.process === "dedicated";
  const printed = now >= run.printedAt && !run.held;
  const status = runStatus(shop, run);
  const produced = run.items.map((it, i) =>
    printed ? (nest ? it.quantity : ups[i] * Math.floor(sheets / perBooklet(it))) : 0,
  );
  const good = produced.reduce((n, q) => n + q, 0);
  return {
    $key: run.key,
    run_number: run.key,
    run_type: run.process,
    status_id: statusRef(
      shop,
      statusKey(shop, "run", status, status === "held" || status === "reprint" ? [status] : RUN_FLOW),
    ),
    equipment_id: run.equipment ? shop.ref("Equipment", run.equipment) : null,
    station_id: stationNow(shop, run, status),
    stock_id: sheet ? shop.ref("Inventory", sheet.key) : null,
    sheet_width: sw,
    sheet_height: sh,
    color_spec: run.colors,
    coating: run.coating,
    sheets,
    overs: nest ? 1 : offset ? Math.ceil(sheets * 0.03) + 150 : Math.ceil(sheets * 0.02) + 10,
    plates: offset ? colourCount(run.colors) : 0,
    imposition_file:
      now >= run.imposedAt ? `https://files.pressroom.test/runs/${run.key}/imposition.pdf` : null,
    due_at: new Date(Math.min(...run.items.map((it) => it.dueAt))),
    operator_id: now >= run.printAt && !run.held && staff.press ? shop.ref("User", staff.press) : null,
    printed_at: printed ? new Date(run.printedAt) : null,
    // What the operator entered on completing it (the production manager's waste %).
    good_quantity: printed ? good : null,
    waste_quantity: printed ? Math.round(good * wasteShare(run.key)) : null,
    notes: run.held
      ? "Waiting on a plate remake"
      : random.chance(0.05)
        ? random.pick([
            "Pull colour to the approved proof",
            "Rush item in slot 1",
            "Check register on the back",
          ])
        : null,
    items: run.items.map((it, i) => ({
      order_id: shop.ref("Order", it.order.key),
      order_item_id: childRef("Order", it.order.key, "items", it.index),
      slot: i + 1,
      number_up: ups[i],
      quantity_required: it.quantity,
      quantity_produced: produced[i],
      due_at: new Date(it.dueAt),
    })),
    $createdAt: new Date(run.slot),
    $updatedAt: new Date(
      Math.max(
        run.slot,
        ...[run.readyAt, run.imposedAt, run.platedAt, run.printAt, run.printedAt, run.cutAt].filter(
          (t) => t <= now,
        ),
      ),
    ),
  };
}

function itemRow(shop: Shop, item: ItemPlan): SeedRow {
  const { random } = shop;
  const p = item.product;
  const proofed = item.events.some(([c, t]) => c === "awaiting_proof" && t <= shop.now);
  const files = `https://files.pressroom.test/orders/${item.order.key}/${item.index + 1}`;
  return {
    product_id: shop.ref("Product", p.key),
    template_id: item.template ? shop.ref("Template", item.template) : null,
    description: `${p.name}${item.mailing ? (item.mailing === "eddm" ? " – EDDM mailing" : " – mailed to list") : ""}`,
    quantity: item.quantity,
    options: item.options,
    artwork: [
      { name: "front.pdf", url: `${files}/front.pdf`, side: "front" },
      ...(p.colors.endsWith("/0") ? [] : [{ name: "back.pdf", url: `${files}/back.pdf`, side: "back" }]),
    ],
    proof_version: proofed ? (random.chance(0.15) ? (random.chance(0.2) ? 3 : 2) : 1) : 0,
    price: item.price,
    item_status_id: statusRef(shop, itemStatus(shop, item)),
    run_id: item.run ? shop.ref("Run", item.run.key) : null,
    outsource_vendor_id: p.vendor ? shop.ref("Vendor", p.vendor) : null,
    // Ganged items are on the run's sheet (the gang rule); the others on the product's stock.
    stock_id: item.run?.stock
      ? shop.ref("Inventory", item.run.stock.key)
      : p.stock
        ? shop.ref("Inventory", p.stock)
        : null,
    color_spec: p.colors,
    coating: item.coating,
    ...productionPlan(shop, item),
    ...designRequest(shop, item),
  };
}

const BRIEFS = [
  "Design the front from our logo and the photos sent by email; back with the offer and a map.",
  "Refresh last year's layout: new prices, new photos, same colours.",
  "Set the names from the attached list in our usual template; check the spelling of each.",
  "Clean up the supplied file: add bleed, outline the fonts, convert to CMYK.",
];

/**
 * About half the items not yet approved ask for design work (/graphic-service-manager): what is asked,
 * and for some a designer and a due date two business days after the order. Drawn without the seed's
 * random numbers, so that the rest of the history stays as it was.
 */
function designRequest(shop: Shop, item: ItemPlan): SeedRow {
  const waiting = ["received", "preflight", "awaiting_proof"].includes(item.status);
  const n = item.order.key.length + item.index + Math.floor(item.order.orderedAt / 60_000);
  if (!waiting || n % 2 !== 0) return {};
  const pick = Math.floor(n / 2) % 3;
  const designer = pick === 0 ? null : pick === 1 ? shop.staff.csr : shop.staff.admin;
  return {
    design_request: BRIEFS[n % BRIEFS.length],
    designer_id: designer ? shop.ref("User", designer) : null,
    design_due: designer ? addBusinessDays(localDate(item.order.orderedAt), 2) : null,
  };
}

/**
 * The planner's plan of an item still to be printed on its run (/orders/{id}/edit-planning-sections):
 * its product's stations, and minutes from its quantity (setup and make-ready, then 100 pieces a
 * minute), so that the boards show time against a plan (board-query.ts). Drawn without the seed's
 * random numbers, so that the rest of the history stays as it was.
 */
function productionPlan(shop: Shop, item: ItemPlan): SeedRow {
  const route = item.product.route.filter((s) => shop.stations.has(s));
  if (!item.run || item.run.printedAt <= shop.now || route.length === 0) return {};
  return {
    plan_station_ids: route.map((s) => shop.ref("ProductionStation", s)),
    plan_minutes: 20 + Math.ceil(item.quantity / 100),
  };
}

const HEX = "0123456789abcdef";

function orderRow(shop: Shop, order: OrderPlan): SeedRow {
  const { random, now } = shop;
  const c = order.customer;
  const business = c.type !== "retail";
  const status = orderStatus(shop, order);
  const approved = order.approvedAt !== null && order.approvedAt <= now && order.cancelledAt === null;
  const outsourced = order.items.some((it) => it.product.vendor && approved);
  let updatedAt = order.orderedAt;
  for (const item of order.items) {
    for (const [, t] of item.events) if (t <= now && t > updatedAt) updatedAt = t;
  }
  return {
    $key: order.key,
    order_number: order.key,
    customer_id: shop.ref("Customer", c.key),
    site_id: order.site ? shop.ref("Site", order.site) : null,
    channel: order.channel,
    status_id: statusRef(
      shop,
      statusKey(
        shop,
        "order",
        status,
        status === "on_hold" || status === "cancelled" ? [status] : ORDER_FLOW,
      ),
    ),
    bill_to_id: c.billing ? shop.ref("CustomerAddress", c.billing) : null,
    ship_to_id: c.shipping && order.shipMethod !== "pickup" ? shop.ref("CustomerAddress", c.shipping) : null,
    customer_po:
      order.costCenter !== null
        ? `ACME-${random.int(40_000, 49_999)}`
        : business && random.chance(0.6)
          ? `PO ${random.int(1_000, 99_999)}`
          : null,
    cost_center_id: order.costCenter ? shop.ref("CostCenter", order.costCenter) : null,
    sales_rep_id: c.rep ? shop.ref("User", c.rep) : null,
    csr_id: order.csr ? shop.ref("User", order.csr) : null,
    ordered_at: new Date(order.orderedAt),
    proof_due_at: new Date(addWorkHours(order.orderedAt, 8)),
    wanted_by: order.wantedBy,
    firm_due_date: random.chance(0.1),
    turnaround: order.turnaround,
    ship_method: order.shipMethod,
    blind_ship: order.blindShip,
    subtotal: order.subtotal,
    discount: order.discount,
    shipping: order.shipping,
    tax: order.tax,
    total: order.total,
    amount_due: round2(order.total - order.captured),
    payment_status: order.paymentStatus,
    special_instructions: order.instructions,
    avanti_sales_order_no:
      business && approved && random.chance(0.7) ? `SO-${random.int(300_000, 399_999)}` : null,
    four_over_order_id: outsourced
      ? `4O-${Array.from({ length: 10 }, () => HEX[random.int(0, 15)]).join("")}`
      : null,
    owner_id: order.csr ? shop.ref("User", order.csr) : null,
    items: order.items.map((it) => itemRow(shop, it)),
    $createdAt: new Date(order.orderedAt),
    $updatedAt: new Date(updatedAt),
  };
}

function paymentRow(shop: Shop, p: PaymentPlan): SeedRow {
  return {
    $key: p.key,
    transaction_id: p.transactionId,
    order_id: shop.ref("Order", p.order.key),
    customer_id: shop.ref("Customer", p.order.customer.key),
    amount: p.amount,
    method: p.method,
    processor: p.processor,
    last4: p.last4,
    check_number: p.checkNumber,
    status: p.status,
    paid_at: new Date(p.paidAt),
    notes: p.notes,
    $createdAt: new Date(p.paidAt),
  };
}

function refundRow(shop: Shop, r: RefundPlan): SeedRow {
  const { staff } = shop;
  return {
    order_id: shop.ref("Order", r.order.key),
    payment_id: r.payment ? shop.ref("UserPayment", r.payment.key) : null,
    amount: r.amount,
    reason: r.reason,
    remedy: r.remedy,
    requested_by_id: staff.csr ? shop.ref("User", staff.csr) : null,
    approver_id: r.status !== "requested" && staff.admin ? shop.ref("User", staff.admin) : null,
    decided_at: r.decidedAt === null ? null : new Date(r.decidedAt),
    status: r.status,
    notes: r.notes,
    $createdAt: new Date(r.requestedAt),
    $updatedAt: new Date(r.decidedAt ?? r.requestedAt),
  };
}

/** A small shop's few orders still show a mailing: the oldest order with a mailable item mails it. */
function ensureMailing(shop: Shop, orders: OrderPlan[]): void {
  if (orders.some((o) => o.items.some((it) => it.mailing))) return;
  const mailer = shop.customers.find((c) => c.lists.length > 0);
  for (const order of orders) {
    const item = order.items.find((it) => it.product.mail);
    if (!item || !mailer) continue;
    order.customer = mailer;
    item.mailing = "list";
    item.quantity = Math.max(item.quantity, 1_000);
    const tier = [...item.product.tiers].reverse().find((t) => t.quantity <= item.quantity);
    if (tier) item.price = round2((tier.price / tier.quantity) * item.quantity);
    if (order.items.every((it) => it.mailing)) order.shipMethod = "mail";
    return;
  }
}

function makeHistory(ctx: SeedContext): History {
  const shop = shopOf(ctx, seededRandom(90_001 + ctx.tenantId));
  const { orders, routesOf } = planOrders(shop, ctx.orders);
  ensureMailing(shop, orders);
  const runs = planProduction(shop, orders);
  for (const order of orders) priceOrder(shop, order);
  const payments = planPayments(shop, orders);
  const refunds = planRefunds(shop, orders, payments);
  settlePayments(orders, payments);
  return {
    orders: orders.map((o) => orderRow(shop, o)),
    runs: runs.map((r) => runRow(shop, r)),
    mailOrders: mailOrderRows(shop, orders, routesOf),
    packingSlips: packingSlipRows(shop, orders),
    payments: payments.map((p) => paymentRow(shop, p)),
    refunds: refunds.map((r) => refundRow(shop, r)),
    purchaseOrders: purchaseOrderRows(shop, orders),
  };
}
