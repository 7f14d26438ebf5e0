import { and, eq, ne } from "drizzle-orm";
import type { Database } from "../../db/open";
import { HttpError } from "../../http/errors";
import { checkStartValues } from "../enum-starts";
import { defineHooks, type FieldBound, type Row } from "../hooks";
import { recordLabel } from "../status-rules";
import { lockRecord, modelOf, toCents, updateAsServer } from "./derived-writes";
import { COUNTING, dollars, isCancelled, orderMoney, settledMoney } from "./order-money";

// Payments (issue 16, class 1), checked in the write's transaction after the order is locked, so
// two payments on one order queue up:
// - The payment's customer is its order's (declared: dependsOn on order_id, 400).
// - A new payment is authorized, captured or declined (declared `initial`, enum-starts.ts: 400 on
//   status); later moves follow the declared transitions (workflow.ts, 409); partially_refunded and refunded are the server's,
//   set from the payment's processed refunds (refund-approvals.ts) and never accepted in a body.
// - No payment is taken on (created for, moved to, or captured on) a cancelled order (409).
// - What counts (authorized and captured payments, net of processed money refunds) never exceeds
//   the order's total: "Payment of $X is more than the $Y due on order ORD-1" (409).
// - A payment with refund requests (any not rejected) keeps its amount, order and customer, and
//   is not voided (409).
// - Every write settles the amount due and payment state of each order involved (order-money.ts).

const conflict = (message: string, field: string): HttpError =>
  new HttpError(409, message, [{ field, message }]);

/** The refund requests on a payment that are not rejected. */
export async function liveRefunds(tx: Database, tenantId: number, paymentId: number): Promise<Row[]> {
  const r = (await modelOf("RefundApproval")).table.table;
  return tx
    .select()
    .from(r)
    .where(and(eq(r.tenant_id, tenantId), eq(r.payment_id, paymentId), ne(r.status, "rejected")));
}

const changed = (record: Row, previous: Row | null, name: string) =>
  previous !== null && toCents(record[name]) !== toCents(previous[name]);

/** The order's room for more payments, in cents: total − (what counts, this payment left out). */
async function roomOn(tx: Database, tenantId: number, order: Row, payment: Row): Promise<bigint> {
  const m = await orderMoney(tx, tenantId, order);
  const mine = COUNTING.includes(String(payment.status)) ? toCents(payment.amount) : 0n;
  return m.total - (m.captured + m.authorized - m.refunded - mine);
}

export default defineHooks({
  async afterWrite({ tx, model, tenantId, userId, action, record, previous }) {
    const orders = await modelOf("Order");
    // The orders involved, locked in id order (two writers of one order queue up here).
    const ids = [previous?.order_id, record?.order_id].filter((id): id is number => typeof id === "number");
    const locked = new Map<number, Row>();
    for (const id of [...new Set(ids)].sort((a, b) => a - b)) {
      const order = await lockRecord(tx, orders, tenantId, id);
      if (order) locked.set(id, order);
    }
    if (record) {
      const label = recordLabel(model, record);
      if (action === "create") checkStartValues(model.singular, model.fields, record);
      if (previous) {
        const moved =
          changed(record, previous, "amount") ||
          record.order_id !== previous.order_id ||
          record.customer_id !== previous.customer_id;
        const voided = record.status === "voided" && previous.status !== "voided";
        if ((moved || voided) && (await liveRefunds(tx, tenantId, record.id as number)).length > 0) {
          throw conflict(
            voided
              ? `Payment ${label} has refund requests: it cannot be voided`
              : `Payment ${label} has refund requests: its amount, order and customer stay as they are`,
            voided ? "status" : "amount",
          );
        }
      }
      const order = typeof record.order_id === "number" ? locked.get(record.order_id) : undefined;
      const counts = COUNTING.includes(String(record.status));
      // A write that takes (more) money on the order: a new payment, another order, a larger
      // amount, or a move into a counting status.
      const takes =
        !previous ||
        record.order_id !== previous.order_id ||
        toCents(record.amount) > toCents(previous.amount) ||
        (counts && !COUNTING.includes(String(previous.status))) ||
        (record.status === "captured" && previous.status === "authorized");
      if (order && takes) {
        const orderLabel = recordLabel(orders, order);
        if (await isCancelled(tx, tenantId, order)) {
          throw conflict(`Order ${orderLabel} is cancelled: it takes no payments`, "order_id");
        }
        if (counts) {
          const room = await roomOn(tx, tenantId, order, record);
          if (toCents(record.amount) > room) {
            throw conflict(
              `Payment of ${dollars(toCents(record.amount))} is more than the ${dollars(room > 0n ? room : 0n)} due on order ${orderLabel}`,
              "amount",
            );
          }
        }
      }
    }
    for (const order of locked.values()) {
      await updateAsServer(tx, orders, { tenantId, userId }, order, await settledMoney(tx, tenantId, order));
    }
  },

  // The most a payment may take: what its order still has due (authorizations held included).
  async bounds({ tx, tenantId, values, id }) {
    const bounds: Record<string, FieldBound> = {};
    if (typeof values.order_id !== "number") return bounds;
    const orders = await modelOf("Order");
    const [order] = await tx
      .select()
      .from(orders.table.table)
      .where(and(eq(orders.table.table.tenant_id, tenantId), eq(orders.table.table.id, values.order_id)));
    if (!order) return bounds;
    const label = recordLabel(orders, order);
    let stored: Row = { status: null, amount: 0 };
    if (id !== null) {
      const p = (await modelOf("UserPayment")).table.table;
      const [row] = await tx
        .select()
        .from(p)
        .where(and(eq(p.tenant_id, tenantId), eq(p.id, id)));
      // Only this order's counting payment frees its own amount for the edit.
      if (row && row.order_id === order.id) stored = row;
    }
    const room = await roomOn(tx, tenantId, order, stored);
    const max = room > 0n ? room : 0n;
    bounds.amount = {
      max: Number(max) / 100,
      message:
        max > 0n
          ? `At most ${dollars(max)}: what is due on order ${label}`
          : `Nothing is due on order ${label}`,
    };
    return bounds;
  },
});
