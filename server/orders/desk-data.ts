import { and, eq, inArray } from "drizzle-orm";
import type {
  DeskAnswer,
  DeskItemView,
  MailOrderSummary,
  RefundSummary,
  SlipSummary,
} from "../../src/custom/orders/desk-answer";
import type { DeskStatus } from "../../src/custom/orders/desk-rules";
import { optionNames } from "../../src/custom/orders/option-names";
import { itemTimelines } from "../../src/custom/orders/status-history";
import type { Config } from "../config";
import type { Database } from "../db/open";
import type { Row } from "../resources/hooks";
import { childOf } from "../resources/hooks/derived-writes";
import type { ResourceRegistry } from "../resources/model";
import { toRecord } from "../resources/records";
import { cardPayments } from "./card-payments";
import { jobTicketPrints } from "./job-ticket";
import { modelIn, orderLog, orderState } from "./order-state";
import { addressLine, rowsByIds, rowsWhere, titlesOf, userNames } from "./related-rows";

// GET /orders/{id}/desk: what the order page shows, in one answer (see desk-answer.ts). The related
// records come only for kinds the caller may read (`reads`); names of what the order references are
// answered as a look-up would answer them, whoever reads the order.

const iso = (v: unknown): string | null =>
  v instanceof Date ? v.toISOString() : typeof v === "string" ? v : null;
const num = (v: unknown): number => (typeof v === "number" ? v : Number(v) || 0);

export interface Reads {
  payments: boolean;
  refunds: boolean;
  slips: boolean;
  mailOrders: boolean;
}

export async function deskData(
  db: Database,
  registry: ResourceRegistry,
  tenantId: number,
  orderId: number,
  reads: Reads,
  config?: Config,
): Promise<DeskAnswer> {
  // PGlite answers one query at a time: the fewer, the sooner (the statuses in one, the runs with the order's).
  const state = await orderState(
    db,
    registry,
    tenantId,
    orderId,
    false,
    reads.mailOrders ? ["mail_order"] : [],
  );
  const { model, order, items } = state;
  const m = (kind: string) => modelIn(registry, kind);
  const [log, products, attributes, customers, sites, addresses, costCenters, people] = await Promise.all([
    orderLog(db, model, tenantId, orderId),
    rowsByIds(
      db,
      m("Product"),
      tenantId,
      items.map((i) => i.product_id),
    ),
    db
      .select()
      .from(m("Attribute").table.table)
      .where(eq(m("Attribute").table.table.tenant_id, tenantId))
      .limit(500),
    titlesOf(db, m("Customer"), tenantId, [order.customer_id]),
    titlesOf(db, m("Site"), tenantId, [order.site_id]),
    rowsByIds(db, m("CustomerAddress"), tenantId, [order.bill_to_id, order.ship_to_id]),
    titlesOf(db, m("CostCenter"), tenantId, [order.cost_center_id]),
    userNames(db, [order.sales_rep_id, order.csr_id]),
  ]);
  const [slips, refunds, payments, mailOrders] = await Promise.all([
    reads.slips ? rowsWhere(db, m("PackingSlip"), tenantId, "order_id", orderId) : null,
    reads.refunds ? rowsWhere(db, m("RefundApproval"), tenantId, "order_id", orderId) : null,
    reads.payments ? rowsWhere(db, m("UserPayment"), tenantId, "order_id", orderId) : null,
    reads.mailOrders ? rowsWhere(db, m("MailOrder"), tenantId, "order_id", orderId) : null,
  ]);
  const slipLines = await linesOf(
    db,
    registry,
    tenantId,
    (slips ?? []).map((s) => s.id as number),
  );
  const timelines = itemTimelines(
    log,
    items.map((i) => ({ id: i.id as number, item_status_id: (i.item_status_id as number | null) ?? null })),
    iso(order.ordered_at) ?? "",
  );
  const shippedOf = (itemId: number) =>
    slipLines.filter((l) => l.order_item_id === itemId).reduce((sum, l) => sum + num(l.quantity_shipped), 0);
  const address = (id: unknown) => addressLine(addresses.find((a) => a.id === id));
  const itemViews: DeskItemView[] = state.deskItems.map((desk, index) => {
    const item = items[index];
    const product = products.find((p) => p.id === item.product_id);
    const run = desk.run ? state.runs.get(desk.run.id) : undefined;
    return {
      id: desk.id,
      number: desk.number,
      product: product
        ? {
            id: product.id as number,
            name: String(product.name),
            sku: (product.sku as string | null) ?? null,
          }
        : null,
      options: optionNames(item.options, attributes),
      run: run ? { id: run.id, number: run.number, status: run.status, open: run.open } : null,
      timeline: timelines.get(desk.id) ?? [],
      shipped: shippedOf(desk.id),
    };
  });
  return {
    order: toRecord(model, order, { children: { items } }) as DeskAnswer["order"],
    statuses: { order: state.orderStatuses, order_item: state.itemStatuses },
    names: {
      customer: customers.get(order.customer_id as number) ?? null,
      site: sites.get(order.site_id as number) ?? null,
      bill_to: address(order.bill_to_id),
      ship_to: address(order.ship_to_id),
      cost_center: costCenters.get(order.cost_center_id as number) ?? null,
      sales_rep: people.get(order.sales_rep_id as number) ?? null,
      csr: people.get(order.csr_id as number) ?? null,
    },
    items: itemViews,
    payments: payments ? payments.map((p) => toRecord(m("UserPayment"), p) as DeskAnswer["order"]) : null,
    refunds: refunds ? await refundSummaries(db, registry, tenantId, refunds) : null,
    packing_slips: slips ? slips.map((s) => slipSummary(s, slipLines)) : null,
    mail_orders: mailOrders
      ? await mailOrderSummaries(db, registry, tenantId, mailOrders, state.statuses.get("mail_order") ?? [])
      : null,
    job_ticket_prints: jobTicketPrints(log),
    card: cardPayments(config),
  };
}

async function linesOf(
  db: Database,
  registry: ResourceRegistry,
  tenantId: number,
  slipIds: number[],
): Promise<Row[]> {
  if (slipIds.length === 0) return [];
  const t = childOf(modelIn(registry, "PackingSlip"), "lines").table.table;
  return db
    .select()
    .from(t)
    .where(and(eq(t.tenant_id, tenantId), inArray(t.parent_id, slipIds)));
}

function slipSummary(slip: Row, lines: Row[]): SlipSummary {
  return {
    id: slip.id as number,
    slip_number: String(slip.slip_number),
    status: String(slip.status),
    carrier: (slip.carrier as string | null) ?? null,
    tracking_number: (slip.tracking_number as string | null) ?? null,
    packed_at: iso(slip.packed_at),
    print_count: num(slip.print_count),
    shipped: lines
      .filter((l) => l.parent_id === slip.id)
      .reduce((sum, l) => sum + num(l.quantity_shipped), 0),
  };
}

async function refundSummaries(
  db: Database,
  registry: ResourceRegistry,
  tenantId: number,
  refunds: Row[],
): Promise<RefundSummary[]> {
  const [names, payments] = await Promise.all([
    userNames(
      db,
      refunds.flatMap((r) => [r.requested_by_id, r.approver_id]),
    ),
    titlesOf(
      db,
      modelIn(registry, "UserPayment"),
      tenantId,
      refunds.map((r) => r.payment_id),
    ),
  ]);
  return refunds.map((r) => ({
    id: r.id as number,
    version: r.version as number,
    amount: num(r.amount),
    reason: String(r.reason),
    remedy: String(r.remedy),
    status: String(r.status),
    requested_by: names.get(r.requested_by_id as number) ?? null,
    approver: names.get(r.approver_id as number) ?? null,
    created_at: iso(r.created_at) ?? "",
    decided_at: iso(r.decided_at),
    payment: payments.get(r.payment_id as number) ?? null,
  }));
}

async function mailOrderSummaries(
  db: Database,
  registry: ResourceRegistry,
  tenantId: number,
  rows: Row[],
  statuses: DeskStatus[],
): Promise<MailOrderSummary[]> {
  const drops = childOf(modelIn(registry, "MailOrder"), "drops").table.table;
  const ids = rows.map((r) => r.id as number);
  const dropRows = ids.length
    ? await db
        .select({ parent_id: drops.parent_id })
        .from(drops)
        .where(and(eq(drops.tenant_id, tenantId), inArray(drops.parent_id, ids)))
    : [];
  return rows.map((r) => ({
    id: r.id as number,
    mail_order_number: String(r.mail_order_number),
    mail_class: (r.mail_class as string | null) ?? null,
    piece_count: (r.piece_count as number | null) ?? null,
    status: statuses.find((s) => s.id === r.status_id)?.name ?? null,
    drops: dropRows.filter((d) => d.parent_id === r.id).length,
  }));
}
