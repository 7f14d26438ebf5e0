import { uspsHoliday } from "../../server/resources/hooks/usps-holidays";
import type { ResourceKind } from "../../src/access/kinds";
import type { RecordFactory } from "./resource-factory";

// What a kind's hooks (server/resources/hooks/*) ask of a valid record beyond its declaration,
// for the factory's bodies: a declaration says a run's items name order items, its hooks say
// which ones fit. Each recipe adjusts a generated body, or a generated child row given its
// parent's values; kinds without a recipe need none.

type Json = Record<string, unknown>;

export interface Recipe {
  /** Adjusts a new record's body (its rows already adjusted by `row`). */
  body?(body: Json, factory: RecordFactory): Promise<void>;
  /** Adjusts a new row of collection `child`, sent with (or added to) a record of `parent`'s values. */
  row?(child: string, row: Json, parent: Json, factory: RecordFactory): Promise<void>;
}

/** The order item a packing slip's lines ship, by the slip's order. */
const slipItems = new Map<number, number>();
let dropSerial = 0;

/** A business day (no weekend, no USPS holiday) three weeks out: within a mail drop's window. */
function dropDate(): string {
  let at = Date.now() + 21 * 86_400_000;
  const iso = () => new Date(at).toISOString().slice(0, 10);
  while ([0, 6].includes(new Date(at).getUTCDay()) || uspsHoliday(iso())) at += 86_400_000;
  return iso();
}

export const RECIPES: Partial<Record<ResourceKind, Recipe>> = {
  // A status leads only to statuses of its own entity (hooks/statuses.ts); the generated one
  // points at whichever status came first, so it leads nowhere. It is open: an order whose items
  // are in production or done cannot be deleted (hooks/order-policy.ts).
  Status: {
    async body(body) {
      body.next_status_ids = [];
      body.category = "open";
    },
  },
  // An item's production plan is checked against its press (hooks/order-item-plans.ts): a generated item has
  // none, rather than a press of any size and colours that its sheet and colours may not fit. It is a production
  // item, not a Service line (hooks/order-service-lines.ts: those take no status, stock or trade printer).
  Order: {
    async row(child, row) {
      if (child !== "items") return;
      row.plan_equipment_id = null;
      row.plan_station_ids = [];
      row.service_id = null;
    },
  },
  // Orders take only active products and customers within their credit (hooks/order-policy.ts).
  // A variant names only options the product offers (hooks/products.ts): a generated one names none.
  Product: {
    async body(body) {
      body.active = true;
    },
    async row(child, row) {
      if (child === "variants") row.attribute_values = {};
    },
  },
  Customer: {
    async body(body) {
      body.status = "active";
      body.credit_limit = 100_000;
    },
  },
  // Receipts move a purchase order's status and stock: a new line has received nothing yet.
  PurchaseOrder: {
    async row(child, row) {
      if (child === "lines") row.quantity_received = 0;
    },
  },
  // A packing slip is created as a draft, each line shipping some of an item of its own order
  // (hooks/packing-slips.ts): the slip gets an order of its own with items enough.
  PackingSlip: {
    async body(body, factory) {
      body.status = "draft";
      const order = await factory.createKind("Order", undefined, { items: { quantity: 1000 } });
      body.order_id = order.id;
      // A slip of the order's own items, not a mail order's drop slip (that needs a mail order of this order).
      body.mail_order_id = null;
      slipItems.set(order.id, ((order.items as Json[])[0] as Json).id as number);
    },
    async row(child, row, parent, factory) {
      if (child !== "lines") return;
      if (!slipItems.has(parent.order_id as number)) await RECIPES.PackingSlip?.body?.(parent, factory);
      row.order_item_id = slipItems.get(parent.order_id as number);
      row.quantity_ordered = 1000;
    },
  },
  // A mail order's drops (hooks/mail-orders.ts): unique numbers, dates from today to a year ahead
  // on business days, no more pieces than its list holds, presort counts within its pieces.
  MailOrder: {
    async body(body, factory) {
      const list = await factory.createKind("List", { customer_id: body.customer_id, record_count: 100_000 });
      body.list_ids = [list.id];
      // An order of its own: the order's other mail orders count against its pieces.
      const order = await factory.createKind(
        "Order",
        { customer_id: body.customer_id },
        { items: { quantity: 100_000 } },
      );
      body.order_id = order.id;
      body.route_ids = [];
      for (const name of [
        "presort_carrier_route",
        "presort_5_digit",
        "presort_3_digit",
        "presort_aadc",
        "presort_mixed_aadc",
      ]) {
        body[name] = 0;
      }
    },
    async row(child, row) {
      if (child !== "drops") return;
      dropSerial += 1;
      row.drop_no = (dropSerial % 52) + 1;
      row.scheduled_date = dropDate();
      row.quantity = 1;
      row.status = "scheduled";
      row.mailed_at = null;
    },
  },
  // A payment is its order's customer's, within what the order has due, and created authorized,
  // captured or declined (hooks/user-payments.ts): an order of its own, $100 of it captured.
  UserPayment: {
    async body(body, factory) {
      const order = await factory.createKind("Order", { discount: 0 }, { items: { price: 100 } });
      body.order_id = order.id;
      body.customer_id = order.customer_id;
      body.amount = 100;
      body.status = "captured";
    },
  },
  // A refund request is created requested, of its order's captured payment and within it
  // (hooks/refund-approvals.ts): a payment of its own, a dollar of it.
  RefundApproval: {
    async body(body, factory) {
      const payment = await factory.createKind("UserPayment");
      body.order_id = payment.order_id;
      body.payment_id = payment.id;
      body.amount = 1;
      body.remedy = "refund";
      body.status = "requested";
    },
  },
  Run: {
    // A run reserves sheets of its stock: give it stock enough.
    async body(body, factory) {
      const stock = await factory.createKind("Inventory", { on_hand: 100_000 });
      body.stock_id = stock.id;
      // Not printed yet: a printed run's paper is consumed and no longer reserved (hooks/runs.ts).
      body.printed_at = null;
    },
    // The gang rule: each item is an order item of its order printed on the run's stock, colours
    // and coating; a new order's, as an order item is on one run at a time, and the run prints at
    // least its quantity.
    async row(child, row, parent, factory) {
      if (child !== "items") return;
      if (parent.stock_id === undefined) await RECIPES.Run?.body?.(parent, factory);
      const order = await factory.createKind("Order", undefined, {
        items: { stock_id: parent.stock_id, color_spec: parent.color_spec, coating: parent.coating },
      });
      const item = (order.items as Json[])[0] as Json;
      row.order_id = order.id;
      row.order_item_id = item.id;
      row.quantity_required = Math.max(Number(row.quantity_required ?? 0), Number(item.quantity));
    },
  },
};
