import { between, type OrderPlan, round2, type Shop, weighted } from "./model";
import { DAY, HOUR } from "./time";

// What each order costs and how it is paid: card at checkout for retail web orders (some only
// authorised until they ship), checks and ACH against invoices for accounts on terms, a declined
// card now and then; and refund requests in every state of their approval. Totals follow the
// server's rules: subtotal = the items' prices, total = subtotal − discount + shipping + tax,
// amount due = total − captured payments.

export interface PaymentPlan {
  key: string;
  order: OrderPlan;
  amount: number;
  method: "card" | "ach" | "check" | "on_account" | "store_credit";
  processor: "stripe" | "authorize_net" | "paypal" | "manual" | null;
  status: "authorized" | "captured" | "declined" | "voided" | "refunded" | "partially_refunded";
  paidAt: number;
  transactionId: string | null;
  last4: string | null;
  checkNumber: string | null;
  notes: string | null;
}

export interface RefundPlan {
  order: OrderPlan;
  payment: PaymentPlan | null;
  amount: number;
  reason: string;
  remedy: "refund" | "reprint" | "credit";
  status: "requested" | "under_review" | "approved" | "rejected" | "processed";
  requestedAt: number;
  decidedAt: number | null;
  notes: string | null;
}

/** The Chicago sales tax the demo retail orders carry (also the demo tenant's settings). */
export const TAX_RATE = 0.1025;
const HEX = "0123456789abcdef";
const ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

function token(shop: Shop, alphabet: string, n: number): string {
  let s = "";
  for (let i = 0; i < n; i++) s += alphabet[Math.floor(shop.random.next() * alphabet.length)];
  return s;
}

/** Discount, shipping and tax; the totals. */
export function priceOrder(shop: Shop, order: OrderPlan): void {
  const { random } = shop;
  const subtotal = round2(order.items.reduce((s, it) => s + it.price, 0));
  const discount =
    random.chance(0.08) && subtotal > 40 ? (random.chance(0.5) ? round2(subtotal * 0.1) : 10) : 0;
  const weight = order.items
    .filter((it) => !it.mailing)
    .reduce((w, it) => w + it.quantity * it.product.weight, 0);
  const ground = 9.95 + weight * 0.45;
  const shipping: Record<string, number> = {
    pickup: 0,
    mail: 0,
    local_delivery: 15,
    ground,
    two_day: ground * 2.2,
    overnight: ground * 3.5,
    freight: 125 + weight * 0.12,
  };
  order.subtotal = subtotal;
  order.discount = discount;
  order.shipping = round2(shipping[order.shipMethod] ?? ground);
  const taxable = order.customer.taxExempt || order.customer.type === "trade" ? 0 : subtotal - discount;
  order.tax = round2(Math.max(0, taxable) * TAX_RATE);
  order.total = round2(subtotal - discount + order.shipping + order.tax);
}

const onTerms = (order: OrderPlan) => order.customer.terms.startsWith("net");

export function planPayments(shop: Shop, orders: OrderPlan[]): PaymentPlan[] {
  const { random, now } = shop;
  const payments: PaymentPlan[] = [];
  const counts = new Map<OrderPlan, number>();
  const add = (order: OrderPlan, p: Omit<PaymentPlan, "key" | "order">) => {
    const n = (counts.get(order) ?? 0) + 1;
    counts.set(order, n);
    const plan = { ...p, order, key: `${order.key}:${n}` };
    payments.push(plan);
    return plan;
  };
  const card = (order: OrderPlan, status: PaymentPlan["status"], at: number) =>
    add(order, {
      amount: order.total,
      method: "card",
      processor: "stripe",
      status,
      paidAt: at,
      transactionId: `ch_${token(shop, ALNUM, 24)}`,
      last4: String(random.int(0, 9999)).padStart(4, "0"),
      checkNumber: null,
      notes: null,
    });
  for (const order of orders) {
    if (order.total <= 0) continue;
    // Paid at checkout, a minute or so after ordering (but not after "now").
    const t0 = Math.min(now, order.orderedAt + between(random, 20, 180) * 1000);
    const business = onTerms(order) || order.costCenter !== null;
    if (!business) {
      const atCheckout = order.channel !== "csr" || order.customer.terms === "prepaid";
      if (!atCheckout) {
        // COD: a check when the goods arrive.
        if (order.deliveredAt !== null && order.deliveredAt <= now && order.cancelledAt === null) {
          add(order, {
            amount: order.total,
            method: "check",
            processor: "manual",
            status: "captured",
            paidAt: Math.min(now, order.deliveredAt + HOUR),
            transactionId: null,
            last4: null,
            checkNumber: String(random.int(1_001, 9_999)),
            notes: "Collected on delivery",
          });
        }
        continue;
      }
      if (shop.full && random.chance(0.03)) {
        const declined = card(order, "declined", t0 - 90_000);
        declined.notes = random.pick(["Insufficient funds", "Card expired", "Do not honor"]);
      }
      // API storefronts authorise at checkout and capture when the order ships.
      if (order.channel === "api" && random.chance(0.4)) {
        if (order.cancelledAt !== null) card(order, "voided", t0);
        else if (order.shippedAt !== null && order.shippedAt <= now) card(order, "captured", order.shippedAt);
        else card(order, "authorized", t0);
        continue;
      }
      card(order, "captured", t0);
      continue;
    }
    // Accounts on terms pay the invoice after shipping, by check or ACH.
    if (order.cancelledAt !== null || order.shippedAt === null) continue;
    const days = order.customer.terms === "net15" ? between(random, 10, 24) : between(random, 22, 45);
    const paidAt = order.shippedAt + days * DAY;
    if (paidAt > now) continue;
    const partial = random.chance(0.05);
    const ach = random.chance(0.4);
    add(order, {
      amount: partial ? round2(order.total / 2) : order.total,
      method: ach ? "ach" : "check",
      processor: ach ? "authorize_net" : "manual",
      status: "captured",
      paidAt,
      transactionId: ach ? `ACH-${token(shop, HEX, 10).toUpperCase()}` : null,
      last4: null,
      checkNumber: ach ? null : String(random.int(10_001, 99_999)),
      notes: partial ? "Partial payment; balance to follow" : null,
    });
  }
  return payments;
}

/** The refund requests of the period, in every state; a processed refund refunds its payment. */
export function planRefunds(shop: Shop, orders: OrderPlan[], payments: PaymentPlan[]): RefundPlan[] {
  const { random, now, full } = shop;
  const refunds: RefundPlan[] = [];
  const captured = new Map<OrderPlan, PaymentPlan>();
  for (const p of payments) if (p.status === "captured" && p.method === "card") captured.set(p.order, p);
  // Each order's captured money, and what its money refunds (not rejected) give back.
  const paidOn = new Map<OrderPlan, number>();
  for (const p of payments) {
    if (p.status === "captured") paidOn.set(p.order, round2((paidOn.get(p.order) ?? 0) + p.amount));
  }
  const refundedOn = new Map<OrderPlan, number>();
  // Cancelled orders paid by card get their money back.
  for (const order of orders) {
    const payment = captured.get(order);
    if (order.cancelledAt === null || !payment) continue;
    const decidedAt = Math.min(now - HOUR, order.cancelledAt + between(random, 2, 30) * HOUR);
    payment.status = "refunded";
    refunds.push({
      order,
      payment,
      amount: payment.amount,
      reason: "cancellation",
      remedy: "refund",
      status: "processed",
      requestedAt: Math.min(order.cancelledAt, decidedAt),
      decidedAt,
      notes: "Cancelled before production",
    });
  }
  const target = full ? Math.max(5, Math.round(orders.length * 0.0025)) : 2;
  const delivered = orders.filter(
    (o) => o.deliveredAt !== null && o.deliveredAt < now - 6 * DAY && o.cancelledAt === null && o.total > 0,
  );
  const states: RefundPlan["status"][] = ["requested", "under_review", "approved", "rejected", "processed"];
  for (let i = 0; i < target && delivered.length > 0; i++) {
    const order = delivered[Math.floor(random.next() * delivered.length)];
    const status =
      i < states.length
        ? states[i]
        : weighted(random, [
            ["requested", 0.2],
            ["under_review", 0.2],
            ["approved", 0.15],
            ["rejected", 0.15],
            ["processed", 0.3],
          ] as [RefundPlan["status"], number][]);
    const requestedAt = Math.min(now - 3 * DAY, (order.deliveredAt as number) + between(random, 1, 5) * DAY);
    const decided = status === "approved" || status === "rejected" || status === "processed";
    const decidedAt = decided ? Math.min(now - HOUR, requestedAt + between(random, 4, 60) * HOUR) : null;
    const payment = captured.get(order) ?? null;
    // A duplicate charge is refunded in full; other processed requests reprint or credit, so the
    // order's payment stands.
    if (status === "processed" && payment && random.chance(0.4)) {
      const duplicate: PaymentPlan = {
        ...payment,
        key: `${order.key}:duplicate-${i}`,
        paidAt: payment.paidAt + between(random, 30, 600) * 1000,
        transactionId: `ch_${token(shop, ALNUM, 24)}`,
        status: "refunded",
        notes: "Charged twice by a checkout retry",
      };
      payments.push(duplicate);
      paidOn.set(order, round2((paidOn.get(order) ?? 0) + duplicate.amount));
      refundedOn.set(order, round2((refundedOn.get(order) ?? 0) + duplicate.amount));
      refunds.push({
        order,
        payment: duplicate,
        amount: duplicate.amount,
        reason: "duplicate_charge",
        remedy: "refund",
        status,
        requestedAt,
        decidedAt,
        notes: null,
      });
      continue;
    }
    const reason =
      status === "rejected"
        ? "customer_error"
        : weighted(random, [
            ["print_defect", 0.4],
            ["damaged", 0.25],
            ["late", 0.25],
            ["customer_error", 0.1],
          ]);
    const remedy: RefundPlan["remedy"] =
      status === "processed"
        ? reason === "late"
          ? "credit"
          : "reprint"
        : reason === "late"
          ? random.pick(["refund", "credit"] as const)
          : random.pick(["refund", "reprint", "credit"] as const);
    const share = reason === "late" ? 0.15 : reason === "damaged" ? 0.5 : random.pick([0.25, 0.5, 1]);
    // Money goes back only out of what the order's payments took and earlier requests left
    // (the server's rule, hooks/refund-approvals.ts): at most that, else a credit.
    let amount = round2(order.total * share);
    let money = remedy === "refund";
    if (money) {
      const left = round2((paidOn.get(order) ?? 0) - (refundedOn.get(order) ?? 0));
      amount = Math.min(amount, left);
      money = amount > 0;
      if (money && status !== "rejected")
        refundedOn.set(order, round2((refundedOn.get(order) ?? 0) + amount));
      if (!money) amount = round2(order.total * share);
    }
    refunds.push({
      order,
      payment: money ? payment : null,
      amount,
      reason,
      remedy: money || remedy !== "refund" ? remedy : "credit",
      status,
      requestedAt,
      decidedAt,
      notes:
        reason === "print_defect"
          ? "Colour shift on the second box"
          : reason === "damaged"
            ? "Carton crushed in transit; photos attached"
            : reason === "late"
              ? "Arrived after the event"
              : "Customer approved a proof with a typo",
    });
  }
  return refunds;
}

/** The order's payment state and what it still owes, from its payments. */
export function settlePayments(orders: OrderPlan[], payments: PaymentPlan[]): void {
  const byOrder = new Map<OrderPlan, PaymentPlan[]>();
  for (const p of payments) {
    const own = byOrder.get(p.order);
    if (own) own.push(p);
    else byOrder.set(p.order, [p]);
  }
  for (const order of orders) {
    const own = byOrder.get(order) ?? [];
    const captured = round2(own.filter((p) => p.status === "captured").reduce((s, p) => s + p.amount, 0));
    order.captured = captured;
    order.paymentStatus =
      captured > 0 && captured >= order.total
        ? "paid"
        : captured > 0
          ? "partially_paid"
          : own.some((p) => p.status === "refunded")
            ? "refunded"
            : own.some((p) => p.status === "authorized")
              ? "authorized"
              : onTerms(order) || order.costCenter !== null
                ? "on_account"
                : "unpaid";
  }
}
