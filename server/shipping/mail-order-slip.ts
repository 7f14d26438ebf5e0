import { dropLine, type MailOrderSlipAnswer } from "../../src/custom/shipping/mail-order-slip-data";
import type { Database } from "../db/open";
import { HttpError, notFound, validationFailed } from "../http/errors";
import { modelIn, statusesOf } from "../orders/order-state";
import { rowsByIds, rowsWhere, titlesOf } from "../orders/related-rows";
import type { Row } from "../resources/hooks";
import { lockRecord, storedChildren } from "../resources/hooks/derived-writes";
import type { ResourceRegistry } from "../resources/model";
import type { EngineContext } from "../resources/record-writes";
import { makeSlip } from "./slips";

// A mail order's packing slip (issue 19, /mail-orders/{id}/packing-slip): its drops go to the
// entry office on a slip of the mail order's order, one line per drop naming the order's item that
// prints the pieces (the mail order's product), so the slips' rules bound the pieces shipped by
// what the order prints. GET answers the drops and the slips that list them; POST makes a draft
// slip for the drops not on a slip yet (or those named), linked to the mail order.

async function mailOrderOf(
  db: Database,
  registry: ResourceRegistry,
  tenantId: number,
  id: number,
  lock: boolean,
) {
  const model = modelIn(registry, "MailOrder");
  const row = lock
    ? await lockRecord(db, model, tenantId, id)
    : (await rowsByIds(db, model, tenantId, [id]))[0];
  if (!row) throw notFound();
  return { model, row };
}

/** The order's item of the mail order's product (the first one). */
async function printingItem(db: Database, registry: ResourceRegistry, tenantId: number, mailOrder: Row) {
  if (typeof mailOrder.order_id !== "number") return null;
  const items = await storedChildren(db, modelIn(registry, "Order"), "items", tenantId, mailOrder.order_id);
  const index = items.findIndex((i) => i.product_id === mailOrder.product_id);
  return index >= 0 ? { row: items[index], number: index + 1 } : null;
}

export async function mailOrderSlip(
  db: Database,
  registry: ResourceRegistry,
  tenantId: number,
  id: number,
): Promise<MailOrderSlipAnswer> {
  const { model, row } = await mailOrderOf(db, registry, tenantId, id, false);
  const slipsModel = modelIn(registry, "PackingSlip");
  const [drops, slips, customers, orders, facilities, statuses, item] = await Promise.all([
    storedChildren(db, model, "drops", tenantId, id),
    rowsWhere(db, slipsModel, tenantId, "mail_order_id", id),
    titlesOf(db, modelIn(registry, "Customer"), tenantId, [row.customer_id]),
    titlesOf(db, modelIn(registry, "Order"), tenantId, [row.order_id]),
    titlesOf(db, modelIn(registry, "Location"), tenantId, [row.entry_facility_id]),
    statusesOf(db, registry, tenantId, "mail_order"),
    printingItem(db, registry, tenantId, row),
  ]);
  const number = String(row.mail_order_number);
  const slipLines = await Promise.all(
    slips.map(async (s) => ({
      slip: s,
      lines: await storedChildren(db, slipsModel, "lines", tenantId, s.id as number),
    })),
  );
  return {
    id,
    mail_order_number: number,
    customer: customers.get(row.customer_id as number) ?? null,
    order:
      typeof row.order_id === "number"
        ? { id: row.order_id, number: orders.get(row.order_id) ?? `#${row.order_id}` }
        : null,
    entry_facility: facilities.get(row.entry_facility_id as number) ?? null,
    status: statuses.find((s) => s.id === row.status_id)?.name ?? null,
    item: item
      ? {
          id: item.row.id as number,
          number: item.number,
          description: String(item.row.description ?? ""),
          quantity: Number(item.row.quantity),
        }
      : null,
    drops: drops.map((d) => {
      const date = typeof d.scheduled_date === "string" ? d.scheduled_date : null;
      const words = dropLine(number, Number(d.drop_no), date);
      const on = slipLines.find(({ lines }) => lines.some((l) => l.description === words));
      return {
        id: d.id as number,
        drop_no: Number(d.drop_no),
        scheduled_date: date,
        quantity: Number(d.quantity),
        status: String(d.status),
        mailed_at: d.mailed_at instanceof Date ? d.mailed_at.toISOString() : null,
        slip: on
          ? {
              id: on.slip.id as number,
              slip_number: String(on.slip.slip_number),
              status: String(on.slip.status),
            }
          : null,
      };
    }),
    slips: slips.map((s) => ({
      id: s.id as number,
      slip_number: String(s.slip_number),
      status: String(s.status),
      print_count: Number(s.print_count ?? 0),
    })),
  };
}

export async function makeMailOrderSlip(ctx: EngineContext, id: number, dropIds?: number[]): Promise<Row> {
  const answer = await mailOrderSlip(ctx.tx, ctx.registry, ctx.tenantId, id);
  const label = answer.mail_order_number;
  if (!answer.order) throw new HttpError(409, `${label} has no order: a packing slip ships an order's items`);
  if (!answer.item) {
    throw new HttpError(
      409,
      `${label}'s order ${answer.order.number} has no item of the mail order's product to ship`,
    );
  }
  await mailOrderOf(ctx.tx, ctx.registry, ctx.tenantId, id, true);
  const unknown = (dropIds ?? []).filter((d) => !answer.drops.some((drop) => drop.id === d));
  if (unknown.length > 0) {
    throw validationFailed([
      { field: "drops", message: `${label} has no drop with id ${unknown.join(", ")}` },
    ]);
  }
  const wanted = answer.drops.filter(
    (d) => (dropIds ? dropIds.includes(d.id) : d.slip === null) && d.status !== "cancelled",
  );
  const taken = wanted.find((d) => d.slip !== null);
  if (taken)
    throw new HttpError(409, `Drop ${taken.drop_no} of ${label} is on ${taken.slip?.slip_number} already`);
  if (wanted.length === 0) throw new HttpError(409, `Every drop of ${label} is on a packing slip already`);
  const itemId = answer.item.id;
  return makeSlip(
    ctx,
    answer.order.id,
    { mail_order_id: id, ship_to_id: null, carrier: "usps", service: "Drop shipment to the entry office" },
    wanted.map((d) => ({
      order_item_id: itemId,
      description: dropLine(label, d.drop_no, d.scheduled_date),
      quantity_ordered: d.quantity,
      quantity_shipped: d.quantity,
      quantity_backordered: 0,
    })),
  );
}
