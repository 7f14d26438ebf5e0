import { eq } from "drizzle-orm";
import type { SlipTicket } from "../../src/custom/shipping/slip-ticket-data";
import type { Database } from "../db/open";
import { tenants } from "../db/schema";
import { notFound } from "../http/errors";
import { modelIn } from "../orders/order-state";
import { addressLine, rowsByIds, titlesOf, userNames } from "../orders/related-rows";
import { storedChildren } from "../resources/hooks/derived-writes";
import type { ResourceRegistry } from "../resources/model";
import { outputValue } from "../resources/records";

// GET /packing-slips/{id}/ticket: what the slip's print ticket shows (domain.md "Print-outs"): the
// sender, slip and order numbers, customer PO, bill-to and ship-to, ship method, carrier and
// tracking, the lines with quantities ordered, shipped and backordered, cartons and weight. No
// prices ever leave here. A blind shipment names the customer's return address as the sender and
// not the shop.

const num = (v: unknown): number | null => {
  const n = typeof v === "string" ? Number(v) : v;
  return typeof n === "number" && Number.isFinite(n) ? n : null;
};
const text = (v: unknown): string | null => (typeof v === "string" && v !== "" ? v : null);

export async function slipTicket(
  db: Database,
  registry: ResourceRegistry,
  tenantId: number,
  slipId: number,
): Promise<SlipTicket> {
  const model = modelIn(registry, "PackingSlip");
  const [slip] = await rowsByIds(db, model, tenantId, [slipId]);
  if (!slip) throw notFound();
  const orderModel = modelIn(registry, "Order");
  const [order] = await rowsByIds(db, orderModel, tenantId, [slip.order_id]);
  const [lines, items, addresses, facilities, mailOrders, people, [tenant]] = await Promise.all([
    storedChildren(db, model, "lines", tenantId, slipId),
    order ? storedChildren(db, orderModel, "items", tenantId, order.id as number) : Promise.resolve([]),
    rowsByIds(db, modelIn(registry, "CustomerAddress"), tenantId, [
      order?.bill_to_id,
      slip.ship_to_id ?? order?.ship_to_id,
      slip.return_address_id,
    ]),
    rowsByIds(db, modelIn(registry, "Location"), tenantId, [slip.ship_from_id]),
    titlesOf(db, modelIn(registry, "MailOrder"), tenantId, [slip.mail_order_id]),
    userNames(db, [slip.packed_by_id]),
    db.select({ name: tenants.name }).from(tenants).where(eq(tenants.id, tenantId)),
  ]);
  const address = (id: unknown) => addressLine(addresses.find((a) => a.id === id));
  const blind = order?.blind_ship === true;
  const facility = facilities[0];
  const returnAddress = addresses.find((a) => a.id === slip.return_address_id);
  const sender = blind
    ? {
        name: text(returnAddress?.company) ?? text(returnAddress?.attention) ?? "",
        address: addressLine(returnAddress),
      }
    : {
        name: tenant?.name ?? "",
        address: facility ? (addressLine(facility) ?? text(facility.name)) : null,
      };
  return {
    id: slipId,
    slip_number: String(slip.slip_number),
    order_number: order ? String(order.order_number) : "",
    mail_order_number: mailOrders.get(slip.mail_order_id as number) ?? null,
    customer_po: text(order?.customer_po),
    sender,
    blind_ship: blind,
    bill_to: address(order?.bill_to_id),
    ship_to: address(slip.ship_to_id ?? order?.ship_to_id),
    ship_method: text(order?.ship_method),
    carrier: text(slip.carrier),
    service: text(slip.service),
    tracking_number: text(slip.tracking_number),
    cartons: num(slip.cartons),
    quantity_per_carton: num(slip.quantity_per_carton),
    weight: num(slip.weight),
    packed_by: people.get(slip.packed_by_id as number) ?? null,
    packed_at: outputValue(model, "packed_at", slip.packed_at) as string | null,
    status: String(slip.status),
    print_count: num(slip.print_count) ?? 0,
    lines: lines.map((line) => {
      const index = items.findIndex((i) => i.id === line.order_item_id);
      return {
        id: line.id as number,
        description: String(line.description ?? ""),
        item_number: index >= 0 ? index + 1 : null,
        quantity_ordered: num(line.quantity_ordered) ?? 0,
        quantity_shipped: num(line.quantity_shipped) ?? 0,
        quantity_backordered: num(line.quantity_backordered) ?? 0,
      };
    }),
  };
}
