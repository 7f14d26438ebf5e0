import { and, eq, inArray } from "drizzle-orm";
import type { JobTicket } from "../../src/custom/orders/job-ticket-data";
import { optionNames } from "../../src/custom/orders/option-names";
import type { LogEntry } from "../../src/custom/orders/status-history";
import type { Database } from "../db/open";
import { writeChangeLogs } from "../resources/change-logs";
import { childOf } from "../resources/hooks/derived-writes";
import { isServiceLine } from "../resources/hooks/order-service-lines";
import type { ResourceRegistry } from "../resources/model";
import { outputValue } from "../resources/records";
import { modelIn, orderLog, orderState } from "./order-state";
import { rowsByIds, titlesOf, userNames } from "./related-rows";

// The job ticket of an order (domain.md "Print-outs"), GET /orders/{id}/job-ticket: per item the
// product, quantity, options in words, sizes, stock, colours, coating and, once ganged, the run's
// press, sheets, overs and number up, and the product's production route; no prices. Each print
// is counted (POST /orders/{id}/job-ticket/prints): an entry in the order's change log
// (job_ticket_prints n → n + 1), which records who printed it and when without changing the order
// (its version stays, so nobody's open edit goes stale over a print).

const PRINTS = "job_ticket_prints";
const iso = (v: unknown): string | null =>
  v instanceof Date ? v.toISOString() : typeof v === "string" ? v : null;
const numOrNull = (v: unknown): number | null => {
  const n = typeof v === "string" ? Number(v) : v;
  return typeof n === "number" && Number.isFinite(n) ? n : null;
};
const size = (w: unknown, h: unknown): [number, number] | null => {
  const [a, b] = [numOrNull(w), numOrNull(h)];
  return a && b ? [a, b] : null;
};

/** How many times the ticket was printed, from the order's log. */
export function jobTicketPrints(log: LogEntry[]): number {
  let count = 0;
  for (const e of log) {
    const to = e.changes?.[PRINTS]?.to;
    if (typeof to === "number") count = to;
  }
  return count;
}

export async function recordJobTicketPrint(
  tx: Database,
  registry: ResourceRegistry,
  ctx: { tenantId: number; userId: number },
  orderId: number,
): Promise<number> {
  const { model } = await orderState(tx, registry, ctx.tenantId, orderId, true);
  const before = jobTicketPrints(await orderLog(tx, model, ctx.tenantId, orderId));
  await writeChangeLogs(tx, model, [
    {
      tenantId: ctx.tenantId,
      recordId: orderId,
      action: "update",
      userId: ctx.userId,
      changes: { [PRINTS]: { from: before, to: before + 1 } },
    },
  ]);
  return before + 1;
}

export async function jobTicket(
  db: Database,
  registry: ResourceRegistry,
  tenantId: number,
  orderId: number,
): Promise<JobTicket> {
  const { order, items, deskItems, itemStatuses, model } = await orderState(
    db,
    registry,
    tenantId,
    orderId,
    false,
  );
  const m = (kind: string) => modelIn(registry, kind);
  const products = await rowsByIds(
    db,
    m("Product"),
    tenantId,
    items.map((i) => i.product_id),
  );
  const runs = await rowsByIds(
    db,
    m("Run"),
    tenantId,
    items.map((i) => i.run_id),
  );
  const runItemsTable = childOf(m("Run"), "items").table.table;
  const itemIds = items.map((i) => i.id as number);
  const [log, attributes, stocks, presses, customers, people, runItems] = await Promise.all([
    orderLog(db, model, tenantId, orderId),
    db
      .select()
      .from(m("Attribute").table.table)
      .where(eq(m("Attribute").table.table.tenant_id, tenantId))
      .limit(500),
    titlesOf(db, m("Inventory"), tenantId, [
      ...items.map((i) => i.stock_id),
      ...products.map((p) => p.default_stock_id),
    ]),
    titlesOf(
      db,
      m("Equipment"),
      tenantId,
      runs.map((r) => r.equipment_id),
    ),
    titlesOf(db, m("Customer"), tenantId, [order.customer_id]),
    userNames(db, [order.sales_rep_id, order.csr_id]),
    itemIds.length
      ? db
          .select()
          .from(runItemsTable)
          .where(and(eq(runItemsTable.tenant_id, tenantId), inArray(runItemsTable.order_item_id, itemIds)))
      : Promise.resolve([]),
  ]);
  const stations = await titlesOf(
    db,
    m("ProductionStation"),
    tenantId,
    products.flatMap((p) => (Array.isArray(p.production_route) ? p.production_route : [])),
  );
  return {
    id: orderId,
    order_number: String(order.order_number),
    customer: customers.get(order.customer_id as number) ?? null,
    customer_po: (order.customer_po as string | null) ?? null,
    sales_rep: people.get(order.sales_rep_id as number) ?? null,
    csr: people.get(order.csr_id as number) ?? null,
    ordered_at: iso(outputValue(model, "ordered_at", order.ordered_at)),
    proof_due_at: iso(outputValue(model, "proof_due_at", order.proof_due_at)),
    wanted_by: iso(outputValue(model, "wanted_by", order.wanted_by)),
    firm_due_date: order.firm_due_date === true,
    turnaround: (order.turnaround as string | null) ?? null,
    ship_method: (order.ship_method as string | null) ?? null,
    blind_ship: order.blind_ship === true,
    special_instructions: (order.special_instructions as string | null) ?? null,
    print_count: jobTicketPrints(log),
    // The floor's work only: a Service line (billed design hours) is no item to produce.
    items: items.flatMap((item, index) => {
      if (isServiceLine(item)) return [];
      const product = products.find((p) => p.id === item.product_id);
      const run = runs.find((r) => r.id === item.run_id);
      const runItem = run
        ? runItems.find((ri) => ri.parent_id === run.id && ri.order_item_id === item.id)
        : undefined;
      const finished = size(product?.finished_width, product?.finished_height);
      const ticket: JobTicket["items"][number] = {
        id: item.id as number,
        number: index + 1,
        description: String(item.description ?? ""),
        product: product ? String(product.name) : null,
        sku: product ? ((product.sku as string | null) ?? null) : null,
        quantity: Number(item.quantity),
        options: optionNames(item.options, attributes),
        finished,
        flat: size(product?.flat_width, product?.flat_height) ?? finished,
        stock: stocks.get((item.stock_id ?? product?.default_stock_id) as number) ?? null,
        colours: ((item.color_spec ?? product?.color_spec) as string | null) ?? null,
        coating: (item.coating as string | null) ?? null,
        proof_version: Number(item.proof_version ?? 0),
        status: itemStatuses.find((s) => s.id === deskItems[index].item_status_id)?.name ?? null,
        run: run
          ? {
              number: String(run.run_number),
              press: presses.get(run.equipment_id as number) ?? null,
              sheets: numOrNull(run.sheets),
              overs: numOrNull(run.overs),
              number_up: numOrNull(runItem?.number_up),
              quantity_required: numOrNull(runItem?.quantity_required),
              due_at: iso(run.due_at),
            }
          : null,
        route: (Array.isArray(product?.production_route) ? (product.production_route as number[]) : [])
          .map((id) => stations.get(id))
          .filter((name): name is string => name !== undefined),
      };
      return [ticket];
    }),
  };
}
