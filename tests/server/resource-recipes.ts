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

export const RECIPES: Partial<Record<ResourceKind, Recipe>> = {
  // A status leads only to statuses of its own entity (hooks/statuses.ts); the generated one
  // points at whichever status came first, so it leads nowhere.
  Status: {
    async body(body) {
      body.next_status_ids = [];
    },
  },
  // Receipts move a purchase order's status and stock: a new line has received nothing yet.
  PurchaseOrder: {
    async row(child, row) {
      if (child === "lines") row.quantity_received = 0;
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
