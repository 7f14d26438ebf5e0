import { and, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../../db/open";
import { HttpError } from "../../http/errors";
import type { Row } from "../hooks";
import { recordLabel } from "../status-rules";
import { fromCents, modelOf, toCents } from "./derived-writes";

// An order's money (issue 16, classes 1 and 2), derived from its payments and refunds, never
// written by a body:
// - A payment counts while authorized or captured; a captured one stays captured money when
//   refunds come back on it (partially_refunded, refunded). Declined and voided count for nothing.
// - Money refunds are the processed refund requests with remedy "refund" (a reprint or a credit
//   gives no money back, so it leaves the amount due alone).
// - amount_due = total − (captured money − money refunded), exact cents.
// - payment_status: refunded when money was captured and all of it went back; paid when what is
//   kept covers the total (and is above 0); partially_paid when some is kept; authorized when only
//   authorizations are held; on_account when nothing is paid and the order is billed to an account
//   (its customer is on net terms, or it has a cost centre); else unpaid.
// - Payments that count, net of money refunds, never exceed the total (amount due ≥ 0 once they
//   are captured): checked by the payments' hook and on an order whose total falls.

/** "$1,234.50" from whole cents (amounts are bounded far below 2^53 cents). */
export const dollars = (c: bigint): string =>
  fromCents(c).toLocaleString("en-US", { style: "currency", currency: "USD" });

/** Statuses whose money was taken (refunds come back out of it). */
export const CAPTURED = ["captured", "partially_refunded", "refunded"];
/** Statuses that count towards what an order is paid (held or taken). */
export const COUNTING = ["authorized", ...CAPTURED];

export interface OrderMoney {
  total: bigint;
  /** Σ captured money (CAPTURED statuses). */
  captured: bigint;
  /** Σ authorizations not captured yet. */
  authorized: bigint;
  /** Σ processed money refunds. */
  refunded: bigint;
}

/** The payments and money refunds of an order as they are in the transaction. */
export async function orderMoney(tx: Database, tenantId: number, order: Row): Promise<OrderMoney> {
  const p = (await modelOf("UserPayment")).table.table;
  const r = (await modelOf("RefundApproval")).table.table;
  const orderId = order.id as number;
  const [pay] = await tx
    .select({
      captured: sql<string>`coalesce(sum(${p.amount}) filter (where ${inArray(p.status, CAPTURED)}), 0)`,
      authorized: sql<string>`coalesce(sum(${p.amount}) filter (where ${eq(p.status, "authorized")}), 0)`,
    })
    .from(p)
    .where(and(eq(p.tenant_id, tenantId), eq(p.order_id, orderId)));
  const [back] = await tx
    .select({ refunded: sql<string>`coalesce(sum(${r.amount}), 0)` })
    .from(r)
    .where(
      and(
        eq(r.tenant_id, tenantId),
        eq(r.order_id, orderId),
        eq(r.status, "processed"),
        eq(r.remedy, "refund"),
      ),
    );
  return {
    total: toCents(order.total),
    captured: toCents(String(pay.captured)),
    authorized: toCents(String(pay.authorized)),
    refunded: toCents(String(back.refunded)),
  };
}

/** What the order still owes, in cents. */
export const dueCents = (m: OrderMoney): bigint => m.total - (m.captured - m.refunded);

/** The order's payment state from its money (see above); `onAccount`: billed to an account. */
export function paymentState(m: OrderMoney, onAccount: boolean): string {
  const kept = m.captured - m.refunded;
  if (m.captured > 0n && m.refunded > 0n && kept <= 0n) return "refunded";
  if (kept > 0n && kept >= m.total) return "paid";
  if (kept > 0n) return "partially_paid";
  if (m.authorized > 0n) return "authorized";
  return onAccount ? "on_account" : "unpaid";
}

/** Billed to an account: the customer pays on net terms, or the order names a cost centre. */
async function billedToAccount(tx: Database, tenantId: number, order: Row): Promise<boolean> {
  if (order.cost_center_id !== null && order.cost_center_id !== undefined) return true;
  const c = (await modelOf("Customer")).table.table;
  const [customer] = await tx
    .select({ terms: c.terms })
    .from(c)
    .where(and(eq(c.tenant_id, tenantId), eq(c.id, order.customer_id as number)));
  return typeof customer?.terms === "string" && customer.terms.startsWith("net");
}

/**
 * The order's amount_due and payment_status as its payments and refunds make them; 409 when what
 * counts exceeds its total (a total lowered below what was paid).
 */
export async function settledMoney(tx: Database, tenantId: number, order: Row): Promise<Row> {
  const m = await orderMoney(tx, tenantId, order);
  const held = m.captured + m.authorized - m.refunded;
  if (held > m.total) {
    const label = recordLabel(await modelOf("Order"), order);
    const message = `The total of ${dollars(m.total)} is less than the ${dollars(held)} paid on order ${label}; refund the difference first`;
    throw new HttpError(409, message, [{ field: "total", message }]);
  }
  return {
    amount_due: fromCents(dueCents(m)),
    payment_status: paymentState(m, await billedToAccount(tx, tenantId, order)),
  };
}

/** Whether the order's status is in the cancelled category. */
export async function isCancelled(tx: Database, tenantId: number, order: Row): Promise<boolean> {
  if (typeof order.status_id !== "number") return false;
  const s = (await modelOf("Status")).table.table;
  const [status] = await tx
    .select({ category: s.category })
    .from(s)
    .where(and(eq(s.tenant_id, tenantId), eq(s.id, order.status_id)));
  return status?.category === "cancelled";
}
