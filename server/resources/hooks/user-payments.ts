import { defineHooks } from "../hooks";
import { lockRecord, modelOf, updateAsServer } from "./derived-writes";
import { settleAmountDue } from "./orders";

// Payments: an order's amount_due is its total less its captured payments, so a write that
// adds, changes or removes a captured payment (or moves one between orders) settles the amount
// due of each order involved, as the server's update of that order (new version, change log).

export default defineHooks({
  async afterWrite({ tx, tenantId, userId, record, previous }) {
    const involved = new Set<number>();
    for (const payment of [previous, record]) {
      if (payment?.status === "captured" && typeof payment.order_id === "number")
        involved.add(payment.order_id);
    }
    if (involved.size === 0) return;
    const orders = await modelOf("Order");
    for (const orderId of [...involved].sort((a, b) => a - b)) {
      const order = await lockRecord(tx, orders, tenantId, orderId);
      if (!order) continue;
      const amountDue = await settleAmountDue(tx, tenantId, order);
      await updateAsServer(tx, orders, { tenantId, userId }, order, { amount_due: amountDue });
    }
  },
});
