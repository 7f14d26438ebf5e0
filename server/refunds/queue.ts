import { and, asc, desc, eq, ilike, inArray } from "drizzle-orm";
import { isCardRefund, type QueueEntry, type QueueFilter } from "../../src/custom/orders/refund-queue-data";
import type { Config } from "../config";
import type { Database } from "../db/open";
import { cardPayments } from "../orders/card-payments";
import { modelIn } from "../orders/order-state";
import { rowsByIds, titlesOf, userNames } from "../orders/related-rows";
import type { ResourceRegistry } from "../resources/model";

// GET /refund-approvals/queue?status=open|approved|rejected|processed&order=…: the requests a manager
// works through (oldest first while open, newest decided first otherwise), with their order,
// customer, payment and who asked; `order` narrows to order numbers containing it; at most 200.

const STATUSES: Record<QueueFilter, string[]> = {
  open: ["requested", "under_review"],
  approved: ["approved"],
  rejected: ["rejected"],
  processed: ["processed"],
};

/** An approved card refund waits for card payments to be configured, or (configured) to be sent again. */
const cardWaits = (approvedCard: boolean, cardReady: boolean) => ({
  awaiting_card_processor: approvedCard && !cardReady,
  card_resend: approvedCard && cardReady,
});

const iso = (v: unknown): string | null =>
  v instanceof Date ? v.toISOString() : typeof v === "string" ? v : null;

export async function refundQueue(
  db: Database,
  registry: ResourceRegistry,
  tenantId: number,
  filter: QueueFilter,
  orderNumber: string | undefined,
  config?: Config,
): Promise<QueueEntry[]> {
  const model = modelIn(registry, "RefundApproval");
  const t = model.table.table;
  const o = modelIn(registry, "Order").table.table;
  const like = orderNumber ? `%${orderNumber.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  const ofOrders = like
    ? inArray(
        t.order_id,
        db
          .select({ id: o.id })
          .from(o)
          .where(and(eq(o.tenant_id, tenantId), ilike(o.order_number, like))),
      )
    : undefined;
  const rows = await db
    .select()
    .from(t)
    .where(and(eq(t.tenant_id, tenantId), inArray(t.status, STATUSES[filter]), ofOrders))
    .orderBy(filter === "open" ? asc(t.created_at) : desc(t.decided_at), asc(t.id))
    .limit(200);
  const orders = await rowsByIds(
    db,
    modelIn(registry, "Order"),
    tenantId,
    rows.map((r) => r.order_id),
  );
  const [payments, customers, people] = await Promise.all([
    rowsByIds(
      db,
      modelIn(registry, "UserPayment"),
      tenantId,
      rows.map((r) => r.payment_id),
    ),
    titlesOf(
      db,
      modelIn(registry, "Customer"),
      tenantId,
      orders.map((o) => o.customer_id),
    ),
    userNames(
      db,
      rows.flatMap((r) => [r.requested_by_id, r.approver_id]),
    ),
  ]);
  const cardReady = cardPayments(config).configured;
  return rows.map((r) => {
    const order = orders.find((o) => o.id === r.order_id);
    const payment = payments.find((p) => p.id === r.payment_id);
    return {
      id: r.id as number,
      version: r.version as number,
      status: String(r.status),
      amount: Number(r.amount),
      reason: String(r.reason),
      remedy: String(r.remedy),
      notes: (r.notes as string | null) ?? null,
      order: {
        id: r.order_id as number,
        number: order ? String(order.order_number) : `#${String(r.order_id)}`,
        customer: order ? (customers.get(order.customer_id as number) ?? null) : null,
      },
      payment: payment
        ? {
            id: payment.id as number,
            label: String(payment.transaction_id ?? `#${String(payment.id)}`),
            method: String(payment.method),
            amount: Number(payment.amount),
          }
        : null,
      requested_by: people.get(r.requested_by_id as number) ?? null,
      approver: people.get(r.approver_id as number) ?? null,
      created_at: iso(r.created_at) ?? "",
      decided_at: iso(r.decided_at),
      ...cardWaits(
        r.status === "approved" && isCardRefund(String(r.remedy), payment?.method as string),
        cardReady,
      ),
    };
  });
}
