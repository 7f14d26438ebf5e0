import { and, eq, inArray, isNull, notInArray, or, sql } from "drizzle-orm";
import type { Database } from "../../db/open";
import { HttpError, validationFailed } from "../../http/errors";
import type { ChildRows, Row } from "../hooks";
import type { ResourceModel } from "../model";
import { recordLabel } from "../status-rules";
import { modelOf, storedChildren, toCents } from "./derived-writes";

// The shop's credit and activity policy (issue 16, class 10; README "Credit and activity"):
// orders are refused, never taken on hold, and an order already taken is never undone by it.
// - An inactive customer gets no new order, and no order moves to one (409).
// - A customer on credit hold gets no new order, no order moved to them, and no order whose
//   total rises (409 naming the hold); an order may still shrink, be paid or be cancelled.
// - A credit limit above 0 bounds the customer's open balance: Σ amount due of their orders that
//   are not cancelled or complete (an order without a status is open), this one included, after
//   a new order, an order moved to them, or a rise of its total (409 with the figures).
// - A new line (or a line changed to another product) may not name an inactive product (400 on
//   items.N.product_id); lines on a product made inactive later stay as they are.
// A prospect orders like an active customer: a first order is how a prospect becomes one.
// Runs at the end of the order's afterWrite, so the figures are the ones being stored.

/** "$12,345.60" from whole cents. */
export function dollars(cents: bigint): string {
  const sign = cents < 0n ? "-" : "";
  const abs = cents < 0n ? -cents : cents;
  const whole = (abs / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${sign}$${whole}.${(abs % 100n).toString().padStart(2, "0")}`;
}

const customerLabel = (c: Row) =>
  c.name
    ? `Customer ${String(c.customer_number)} (${String(c.name)})`
    : `Customer ${String(c.customer_number)}`;

function conflict(message: string, field = "customer_id"): HttpError {
  return new HttpError(409, message, [{ field, message }]);
}

/** Σ amount due of the customer's open orders (not cancelled or complete), in cents. */
async function openBalance(tx: Database, tenantId: number, customerId: number): Promise<bigint> {
  const o = (await modelOf("Order")).table.table;
  const s = (await modelOf("Status")).table.table;
  const closed = tx
    .select({ id: s.id })
    .from(s)
    .where(and(eq(s.tenant_id, tenantId), inArray(s.category, ["cancelled", "complete"])));
  const [{ sum }] = await tx
    .select({ sum: sql<string>`coalesce(sum(${o.amount_due}), 0)` })
    .from(o)
    .where(
      and(
        eq(o.tenant_id, tenantId),
        eq(o.customer_id, customerId),
        or(isNull(o.status_id), notInArray(o.status_id, closed)),
      ),
    );
  return toCents(String(sum));
}

/** 400 for each new line (or line given another product) whose product is inactive. */
async function checkNewLines(tx: Database, tenantId: number, items: Row[], before: Row[]): Promise<void> {
  const was = new Map(before.map((r) => [r.id, r.product_id]));
  const fresh = items
    .map((row, index) => ({ row, index }))
    .filter(({ row }) => typeof row.product_id === "number" && was.get(row.id) !== row.product_id);
  if (fresh.length === 0) return;
  const p = (await modelOf("Product")).table.table;
  const rows = await tx
    .select({ id: p.id, sku: p.sku, name: p.name, active: p.active })
    .from(p)
    .where(
      and(
        eq(p.tenant_id, tenantId),
        inArray(
          p.id,
          fresh.map(({ row }) => row.product_id as number),
        ),
      ),
    );
  const inactive = new Map(rows.filter((r) => r.active === false).map((r) => [r.id, r]));
  const errors = fresh
    .filter(({ row }) => inactive.has(row.product_id as number))
    .map(({ row, index }) => {
      const product = inactive.get(row.product_id as number) as Row;
      return {
        field: `items.${index}.product_id`,
        message: `Product ${String(product.sku)} (${String(product.name)}) is inactive: it cannot go on a new line`,
      };
    });
  if (errors.length > 0) throw validationFailed(errors);
}

export interface OrderPolicyWrite {
  tx: Database;
  tenantId: number;
  action: "create" | "update" | "delete";
  /** The order as stored at the end of the write. */
  record: Row;
  previous: Row | null;
  children?: ChildRows;
  previousChildren?: ChildRows;
}

/** Throws the refusal of the first rule above the write breaks. */
export async function checkOrderPolicy(write: OrderPolicyWrite): Promise<void> {
  const { tx, tenantId, action, record, previous } = write;
  if (action === "delete") return;
  const items = write.children?.items;
  if (items) await checkNewLines(tx, tenantId, items, write.previousChildren?.items ?? []);
  const customerId = record.customer_id as number;
  const arrives = action === "create" || previous?.customer_id !== customerId;
  const total = toCents(record.total);
  const before = previous ? toCents(previous.total) : 0n;
  const rises = !arrives && total > before;
  if (!arrives && !rises) return;
  const model = await modelOf("Order");
  const c = (await modelOf("Customer")).table.table;
  const [customer] = await tx
    .select({
      customer_number: c.customer_number,
      name: c.name,
      status: c.status,
      credit_limit: c.credit_limit,
    })
    .from(c)
    .where(and(eq(c.tenant_id, tenantId), eq(c.id, customerId)));
  if (!customer) return;
  const who = customerLabel(customer);
  const order = recordLabel(model, record);
  if (arrives && customer.status === "inactive") {
    throw conflict(`${who} is inactive: an inactive customer takes no new orders`);
  }
  if (customer.status === "credit_hold") {
    if (arrives) throw conflict(`${who} is on credit hold: no new orders until the hold is lifted`);
    throw conflict(
      `${who} is on credit hold: the total of ${order} cannot rise from ${dollars(before)} to ${dollars(total)} until the hold is lifted`,
      "total",
    );
  }
  const limit = toCents(customer.credit_limit);
  if (limit <= 0n) return;
  const balance = await openBalance(tx, tenantId, customerId);
  if (balance <= limit) return;
  throw conflict(
    `${who} would owe ${dollars(balance)} on open orders with ${order}, above their credit limit of ${dollars(limit)}`,
    arrives ? "customer_id" : "total",
  );
}

/**
 * 409 when an order to delete has an item in a production or complete status: "Item 2 of
 * ORD-100001 (Business cards) is Printing: an order with work in production or done cannot be
 * deleted (cancel it instead)". Open and cancelled items do not hold it back.
 */
export async function checkNoWorkStarted(
  tx: Database,
  model: ResourceModel,
  tenantId: number,
  record: Row,
): Promise<void> {
  const items = await storedChildren(tx, model, "items", tenantId, record.id as number);
  const ids = items.map((i) => i.item_status_id).filter((id): id is number => typeof id === "number");
  if (ids.length === 0) return;
  const s = (await modelOf("Status")).table.table;
  const rows = await tx
    .select({ id: s.id, name: s.name, category: s.category })
    .from(s)
    .where(and(eq(s.tenant_id, tenantId), inArray(s.id, ids)));
  const byId = new Map(rows.map((r) => [r.id as number, r]));
  items.forEach((item, index) => {
    const status = byId.get(item.item_status_id as number);
    if (status?.category !== "production" && status?.category !== "complete") return;
    const what = item.description ? ` (${String(item.description)})` : "";
    const message = `Item ${index + 1} of ${recordLabel(model, record)}${what} is ${String(status.name)}: an order with work in production or done cannot be deleted (cancel it instead)`;
    throw new HttpError(409, message);
  });
}
