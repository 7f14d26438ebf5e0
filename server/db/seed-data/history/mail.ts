import type { SeedRow } from "../define";
import { between, type ItemPlan, type OrderPlan, round2, type Shop, statusKey } from "./model";
import { addBusinessDays, atLocal, DAY, HOUR, localDate } from "./time";

// A mail order for each item that mails: to the customer's lists (CASS, NCOA, presort, inkjet
// addressing) or to EDDM carrier routes (no addresses), in one or more drops of equal quantity on
// business days. Its status follows the item's production; its piece count is its drops' sum.

const MAIL_FLOW = [
  "draft",
  "list_received",
  "list_processing",
  "awaiting_approval",
  "postage_due",
  "postage_funded",
  "printing",
  "inkjet_addressing",
  "tabbing",
  "trayed",
  "mailed",
  "complete",
];

// Postage per piece (presorted commercial prices, near enough).
const RATES: Record<string, Record<string, number>> = {
  first_class: { card: 0.368, letter: 0.553, flat: 1.18 },
  marketing: { card: 0.31, letter: 0.305, flat: 0.62 },
  nonprofit_marketing: { card: 0.17, letter: 0.168, flat: 0.41 },
  eddm_retail: { card: 0.247, letter: 0.247, flat: 0.247 },
  eddm_bmeu: { card: 0.2, letter: 0.2, flat: 0.2 },
};

/** Where the item stands for its mailing: the status code of the mail order. */
function mailStatus(item: ItemPlan, paid: boolean, drops: number[], now: number): string {
  const code =
    item.status === "on_hold" || item.status === "cancelled"
      ? item.status === "cancelled"
        ? "cancelled"
        : (item.events.at(-1)?.[0] ?? "received")
      : item.status === "reprint"
        ? "printing"
        : item.status;
  const eddm = item.mailing === "eddm";
  switch (code) {
    case "cancelled":
      return "cancelled";
    case "received":
      return eddm ? "draft" : "list_received";
    case "preflight":
      return eddm ? "draft" : "list_processing";
    case "awaiting_proof":
      return "awaiting_approval";
    case "approved":
      return paid ? "postage_funded" : "postage_due";
    case "batched":
      return "postage_funded";
    case "printing":
      return "printing";
    case "printed":
    case "coated":
      return eddm ? "printing" : "inkjet_addressing";
    case "cut":
    case "finishing":
      return item.product.mail === "letter" ? "inkjet_addressing" : "tabbing";
    case "staged":
    case "packed":
      return "trayed";
    default:
      return drops.every((d) => d <= now) ? "complete" : "mailed";
  }
}

/** The drops' dates: as planned when the order was packed, else from the due date. */
function dropDates(shop: Shop, order: OrderPlan, quantity: number): string[] {
  if (order.drops.length > 0) return order.drops;
  const { random, now } = shop;
  const today = localDate(now);
  // Late work mails on the next business day.
  const first = order.wantedBy > today ? order.wantedBy : addBusinessDays(localDate(now + DAY), 0);
  const count = quantity < 2_000 ? 1 : random.chance(0.25) ? random.int(2, 3) : 1;
  const gap = random.pick([7, 14]);
  return Array.from({ length: count }, (_, d) =>
    addBusinessDays(localDate(atLocal(first, 12) + d * gap * DAY), 0),
  );
}

export function mailOrderRows(shop: Shop, orders: OrderPlan[], routesOf: Map<ItemPlan, string[]>): SeedRow[] {
  const { random, now, full } = shop;
  const rows: SeedRow[] = [];
  const prefix = full ? "MO-" : "OM-";
  const base = full ? 30_001 : 301;
  const facility = shop.facilities[0];
  const nonprofit = new Set(["nonprofit"]);
  const listRecords = new Map(shop.lists.map((l) => [String(l.$key ?? l.name), Number(l.record_count ?? 0)]));
  for (const order of orders) {
    for (const item of order.items) {
      if (!item.mailing) continue;
      const eddm = item.mailing === "eddm";
      const shape = item.product.mail ?? "card";
      const pieces = item.quantity;
      const mailClass = eddm
        ? pieces > 5_000
          ? "eddm_bmeu"
          : "eddm_retail"
        : nonprofit.has(order.customer.type)
          ? "nonprofit_marketing"
          : pieces < 500 || random.chance(0.2)
            ? "first_class"
            : "marketing";
      const postage = eddm
        ? "permit_imprint"
        : random.chance(0.8)
          ? "permit_imprint"
          : random.chance(0.75)
            ? "meter"
            : "stamp";
      const dates = dropDates(shop, order, pieces);
      const drops = dates.map((d) => atLocal(d, 14));
      const paid = order.paymentStatus === "paid" || order.paymentStatus === "on_account";
      const code = mailStatus(item, paid, drops, now);
      const cancelled = code === "cancelled";
      const mailedEvent = item.events.find(([c]) => c === "mailed")?.[1];
      // Equal drops: the remainder adds one piece to each of the first drops.
      const each = Math.floor(pieces / dates.length);
      const extra = pieces - each * dates.length;
      const dropRows = dates.map((date, i) => {
        // A drop goes to the post office at 14:00 of its date; one the demo re-timed to earlier on its
        // date went then (floor-figures.ts: mail dropped today, whatever the hour).
        const at =
          i === 0 && mailedEvent !== undefined && localDate(mailedEvent) === date
            ? Math.min(drops[i], mailedEvent)
            : drops[i];
        const mailed = !cancelled && mailedEvent !== undefined && mailedEvent <= now && at <= now;
        const inProduction =
          !cancelled &&
          !mailed &&
          i === 0 &&
          ["printing", "inkjet_addressing", "tabbing", "trayed", "postage_funded"].includes(code);
        return {
          drop_no: i + 1,
          scheduled_date: date,
          quantity: each + (i < extra ? 1 : 0),
          list_segment:
            dates.length > 1 ? `Segment ${String.fromCharCode(65 + i)}` : eddm ? "Saturation" : "All records",
          status: cancelled ? "cancelled" : mailed ? "mailed" : inProduction ? "in_production" : "scheduled",
          mailed_at: mailed ? new Date(at) : null,
          postage_statement_no: mailed ? `3602-${random.int(100_000, 999_999)}` : null,
        };
      });
      const processed = !eddm && MAIL_FLOW.indexOf(code) >= MAIL_FLOW.indexOf("awaiting_approval");
      const processedAt = item.events.find(([c]) => c === "preflight")?.[1] ?? order.orderedAt;
      const rate = RATES[mailClass][shape] ?? 0.3;
      const estimate = round2(pieces * rate);
      const carrierRoute = eddm ? pieces : Math.round(pieces * between(random, 0.3, 0.42));
      const fiveDigit = eddm ? 0 : Math.round(pieces * between(random, 0.33, 0.42));
      const threeDigit = eddm ? 0 : Math.round(pieces * between(random, 0.12, 0.18));
      const aadc = eddm ? 0 : Math.round(pieces * between(random, 0.04, 0.08));
      const lists = eddm
        ? []
        : random.sample(order.customer.lists, random.int(1, Math.min(2, order.customer.lists.length)));
      // The drops mail no more than the lists hold (issue 16, class 8): more of the customer's
      // lists when the picked ones are short, and at most all their records.
      const records = (keys: string[]) => keys.reduce((n, k) => n + (listRecords.get(k) ?? 0), 0);
      for (const key of order.customer.lists) {
        if (eddm || records(lists) >= pieces) break;
        if (!lists.includes(key)) lists.push(key);
      }
      const mailed = eddm ? pieces : Math.min(pieces, records(lists));
      if (mailed < pieces) {
        const share = Math.floor(mailed / dropRows.length);
        const rest = mailed - share * dropRows.length;
        dropRows.forEach((d, i) => {
          d.quantity = share + (i < rest ? 1 : 0);
        });
      }
      // The presort levels share the pieces mailed (none when every drop is cancelled): each at
      // most what the levels before it leave.
      let unsorted = cancelled ? 0 : mailed;
      const sorted = (n: number) => {
        const taken = Math.min(unsorted, Math.round((n * mailed) / pieces));
        unsorted -= taken;
        return taken;
      };
      const presort = [sorted(carrierRoute), sorted(fiveDigit), sorted(threeDigit), sorted(aadc)];
      const number = `${prefix}${base + rows.length}`;
      const createdAt = Math.min(now, order.orderedAt + 5 * 60_000);
      let updatedAt = createdAt;
      for (const [, t] of item.events) if (t <= now && t > updatedAt) updatedAt = t;
      rows.push({
        $key: number,
        mail_order_number: number,
        order_id: shop.ref("Order", order.key),
        customer_id: shop.ref("Customer", order.customer.key),
        product_id: shop.ref("Product", item.product.key),
        template_id: item.template ? shop.ref("Template", item.template) : null,
        list_ids: lists.map((l) => shop.ref("List", l)),
        route_ids: (routesOf.get(item) ?? []).map((r) => shop.ref("Route", r)),
        mail_class: mailClass,
        shape,
        postage_payment: postage,
        permit_no: postage === "permit_imprint" ? "1234" : postage === "meter" ? "M-5521" : null,
        entry_facility_id: facility ? shop.ref("Location", facility) : null,
        addressing: eddm
          ? null
          : item.template && item.product.type === "Letter"
            ? "variable_data"
            : "inkjet",
        piece_count: dropRows.reduce((n, d) => n + d.quantity, 0),
        presort_carrier_route: presort[0],
        presort_5_digit: presort[1],
        presort_3_digit: presort[2],
        presort_aadc: presort[3],
        presort_mixed_aadc: eddm ? 0 : unsorted,
        cass_at: processed ? new Date(Math.min(now, processedAt + HOUR)) : null,
        ncoa_at: processed ? new Date(Math.min(now, processedAt + 2 * HOUR)) : null,
        postage_estimate: estimate,
        postage_actual:
          code === "mailed" || code === "complete" ? round2(estimate * between(random, 0.97, 1.01)) : null,
        status_id: (() => {
          const key = statusKey(shop, "mail_order", code, code === "cancelled" ? ["cancelled"] : MAIL_FLOW);
          return key ? shop.ref("Status", key) : null;
        })(),
        drops: dropRows,
        $createdAt: new Date(createdAt),
        $updatedAt: new Date(updatedAt),
      });
    }
  }
  return rows;
}
