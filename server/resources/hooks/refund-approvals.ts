import { and, eq, ne, sql } from "drizzle-orm";
import type { Database } from "../../db/open";
import { HttpError } from "../../http/errors";
import { checkStartValues } from "../enum-starts";
import { defineHooks, type FieldBound, type Row } from "../hooks";
import { recordLabel } from "../status-rules";
import { completeWrite, lockRecord, modelOf, toCents, updateAsServer } from "./derived-writes";
import { CAPTURED, dollars, orderMoney, settledMoney } from "./order-money";

// Refund requests (issue 16, class 1), checked in the write's transaction with the order (and the
// payment) locked, so two requests on one order queue up:
// - The payment named is one of the order's (declared: dependsOn on payment_id, 400).
// - A new request is Requested (declared `initial`, enum-starts.ts: 400 on status); it then moves only along the declared
//   transitions (workflow.ts, 409): requested → under_review → approved | rejected, approved →
//   processed. approver_id and decided_at are the server's: set when it is approved or rejected.
// - Only captured money is refunded: a payment that is authorized, declined or voided is no
//   payment to refund (409 on payment_id).
// - A money refund (remedy "refund") that is not rejected takes at most what is left: of its
//   payment, its amount less its other such refunds (so one payment is never refunded twice in
//   full); of its order, the captured money less the order's other such refunds (with or without
//   a payment). 409 "Refund of $X is more than the $Y left to refund on payment TX-1". A reprint or
//   a credit gives no money back and is not bounded by payments.
// - A processed request keeps its amount, order, payment and remedy, and is not deleted (409).
// - When money goes back (processed), its payment becomes partially_refunded or refunded, and the
//   order's amount due and payment state follow (order-money.ts); every write settles the order.

const TERMS = ["amount", "order_id", "payment_id", "remedy"] as const;

const conflict = (message: string, field: string): HttpError =>
  new HttpError(409, message, [{ field, message }]);

const isMoney = (r: Row) => r.remedy === "refund" && r.status !== "rejected";

/**
 * Σ the money refunds of an order or a payment: those not rejected (what they take), leaving out
 * refund `except`, or the processed ones (what went back).
 */
async function refundCents(
  tx: Database,
  tenantId: number,
  by: "order_id" | "payment_id",
  id: number,
  which: { except: number } | "processed",
): Promise<bigint> {
  const r = (await modelOf("RefundApproval")).table.table;
  const [{ sum }] = await tx
    .select({ sum: sql<string>`coalesce(sum(${r.amount}), 0)` })
    .from(r)
    .where(
      and(
        eq(r.tenant_id, tenantId),
        eq(r[by], id),
        eq(r.remedy, "refund"),
        ...(which === "processed"
          ? [eq(r.status, "processed")]
          : [ne(r.status, "rejected"), ne(r.id, which.except)]),
      ),
    );
  return toCents(String(sum));
}

interface Refundable {
  max: bigint;
  /** "payment TX-1" or "order ORD-1": whose money is the bound. */
  of: string;
}

/** The most refund `id` (0 for a new one) may give back, from the payment or else the order. */
async function refundable(
  tx: Database,
  tenantId: number,
  order: Row,
  payment: Row | undefined,
  id: number,
): Promise<Refundable> {
  const orderLabel = `order ${recordLabel(await modelOf("Order"), order)}`;
  const m = await orderMoney(tx, tenantId, order);
  const orderLeft =
    m.captured - (await refundCents(tx, tenantId, "order_id", order.id as number, { except: id }));
  if (!payment) return { max: orderLeft, of: orderLabel };
  const label = `payment ${recordLabel(await modelOf("UserPayment"), payment)}`;
  const paymentLeft =
    toCents(payment.amount) -
    (await refundCents(tx, tenantId, "payment_id", payment.id as number, { except: id }));
  return paymentLeft <= orderLeft ? { max: paymentLeft, of: label } : { max: orderLeft, of: orderLabel };
}

const positive = (c: bigint) => (c > 0n ? c : 0n);

/** The payment's status from its processed money refunds (captured when none). */
async function refundState(tx: Database, tenantId: number, payment: Row): Promise<string> {
  const back = await refundCents(tx, tenantId, "payment_id", payment.id as number, "processed");
  if (back <= 0n) return "captured";
  return back >= toCents(payment.amount) ? "refunded" : "partially_refunded";
}

export default defineHooks({
  async afterWrite({ tx, model, tenantId, userId, action, record, previous }) {
    const orders = await modelOf("Order");
    const payments = await modelOf("UserPayment");
    const orderIds = [previous?.order_id, record?.order_id].filter((v): v is number => typeof v === "number");
    const lockedOrders = new Map<number, Row>();
    for (const id of [...new Set(orderIds)].sort((a, b) => a - b)) {
      const row = await lockRecord(tx, orders, tenantId, id);
      if (row) lockedOrders.set(id, row);
    }
    const paymentIds = [previous?.payment_id, record?.payment_id].filter(
      (v): v is number => typeof v === "number",
    );
    const lockedPayments = new Map<number, Row>();
    for (const id of [...new Set(paymentIds)].sort((a, b) => a - b)) {
      const row = await lockRecord(tx, payments, tenantId, id);
      if (row) lockedPayments.set(id, row);
    }
    if (record) {
      const label = recordLabel(model, record);
      if (action === "create") checkStartValues(model.singular, model.fields, record);
      if (previous?.status === "processed") {
        const moved = TERMS.find((name) =>
          name === "amount"
            ? toCents(record.amount) !== toCents(previous.amount)
            : record[name] !== previous[name],
        );
        if (moved) {
          throw conflict(
            `Refund ${label} is processed: its amount, order, payment and remedy stay as they are`,
            moved,
          );
        }
      }
      const payment =
        typeof record.payment_id === "number" ? lockedPayments.get(record.payment_id) : undefined;
      const order = typeof record.order_id === "number" ? lockedOrders.get(record.order_id) : undefined;
      if (payment && (!previous || previous.payment_id !== record.payment_id)) {
        if (!CAPTURED.includes(String(payment.status))) {
          const status = payments.fields.status;
          const words =
            status.type === "enum"
              ? (status.values.find((v) => v.value === payment.status)?.label ?? String(payment.status))
              : String(payment.status);
          throw conflict(
            `Payment ${recordLabel(payments, payment)} is ${words}: only captured money can be refunded`,
            "payment_id",
          );
        }
      }
      const reconsidered =
        !previous ||
        TERMS.some((name) => String(record[name]) !== String(previous[name])) ||
        record.status !== previous.status;
      if (order && isMoney(record) && reconsidered) {
        const left = await refundable(tx, tenantId, order, payment, record.id as number);
        if (toCents(record.amount) > left.max) {
          throw conflict(
            `Refund of ${dollars(toCents(record.amount))} is more than the ${dollars(positive(left.max))} left to refund on ${left.of}`,
            "amount",
          );
        }
      }
      // The decision's who and when, the server's (readOnly fields).
      if (
        record.status !== previous?.status &&
        (record.status === "approved" || record.status === "rejected")
      ) {
        await completeWrite(
          tx,
          model,
          { tenantId, userId, action: action === "create" ? "create" : "update" },
          record,
          { approver_id: userId, decided_at: new Date() },
        );
      }
    }
    // The payments' refund state, then the orders' money.
    for (const payment of lockedPayments.values()) {
      if (!CAPTURED.includes(String(payment.status))) continue;
      const status = await refundState(tx, tenantId, payment);
      await updateAsServer(tx, payments, { tenantId, userId }, payment, { status });
    }
    for (const order of lockedOrders.values()) {
      await updateAsServer(tx, orders, { tenantId, userId }, order, await settledMoney(tx, tenantId, order));
    }
  },

  // Money went back: a processed request stays, as its payment's and order's figures do.
  async beforeDelete({ model, record }) {
    if (record.status === "processed") {
      throw conflict(`Refund ${recordLabel(model, record)} is processed: it cannot be deleted`, "status");
    }
  },

  // The most a money refund may take: what is left of its payment, or of its order's payments.
  async bounds({ tx, tenantId, values, id }) {
    const bounds: Record<string, FieldBound> = {};
    if (typeof values.order_id !== "number" || (values.remedy ?? "refund") !== "refund") return bounds;
    const orders = await modelOf("Order");
    const o = orders.table.table;
    const [order] = await tx
      .select()
      .from(o)
      .where(and(eq(o.tenant_id, tenantId), eq(o.id, values.order_id)));
    if (!order) return bounds;
    let payment: Row | undefined;
    if (typeof values.payment_id === "number") {
      const p = (await modelOf("UserPayment")).table.table;
      [payment] = await tx
        .select()
        .from(p)
        .where(and(eq(p.tenant_id, tenantId), eq(p.id, values.payment_id), eq(p.order_id, values.order_id)));
    }
    const left = await refundable(tx, tenantId, order, payment, id ?? 0);
    const max = positive(left.max);
    bounds.amount = {
      max: Number(max) / 100,
      message:
        max > 0n
          ? `At most ${dollars(max)}: what is left to refund on ${left.of}`
          : `Nothing is left to refund on ${left.of}`,
    };
    return bounds;
  },
});
