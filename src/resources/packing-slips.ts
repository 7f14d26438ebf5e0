import { defineResource } from "../resource-engine/define";
import { choice, datetime, decimal, integer, NOW, reference, text } from "../resource-engine/fields";

const qty = (label: string, o: Parameters<typeof integer>[0] = {}) =>
  integer({ label, min: 0, max: 10_000_000, default: 0, ...o });

// The slip's addresses are its order's customer's.
const ofOrderCustomer = { field: "order_id", through: "customer_id", targetField: "customer_id" };

// What goes in the box of one shipment. No prices: a packing slip travels with the goods.
export default defineResource({
  kind: "PackingSlip",
  icon: "car",
  group: "Orders",
  pages: "routes",
  titleField: "slip_number",
  fields: {
    slip_number: text({
      required: true,
      max: 20,
      unique: true,
      searchable: true,
      sortable: true,
      numbering: { format: "PS-{n}", start: 70_001 },
    }),
    order_id: reference("Order", { required: true, filter: true }),
    // A slip of a mail order's drops (/mail-orders/{id}/packing-slip): that mail order is of the slip's order.
    mail_order_id: reference("MailOrder", {
      label: "Mail order",
      filter: true,
      onDelete: "setNull",
      dependsOn: { field: "order_id", targetField: "order_id" },
    }),
    ship_to_id: reference("CustomerAddress", {
      label: "Ship to",
      onDelete: "setNull",
      dependsOn: ofOrderCustomer,
    }),
    ship_from_id: reference("Location", { label: "Ship from", filter: true }),
    // Blind shipping prints the customer's return address as the sender instead of the facility.
    return_address_id: reference("CustomerAddress", { onDelete: "setNull", dependsOn: ofOrderCustomer }),
    cartons: integer({ min: 0, max: 10_000 }),
    quantity_per_carton: integer({ min: 0, max: 1_000_000 }),
    weight: decimal({ min: 0, max: 100_000, scale: 1, unit: "lb" }),
    carrier: choice(
      [
        { value: "ups", label: "UPS" },
        { value: "fedex", label: "FedEx" },
        { value: "usps", label: "USPS" },
        "local_courier",
        "freight",
        "pickup",
      ],
      { filter: true },
    ),
    service: text({ max: 60, help: "e.g. Ground, 2nd Day Air, Priority Mail" }),
    tracking_number: text({ max: 60, searchable: true }),
    packed_by_id: reference("User", { filter: true, onDelete: "setNull" }),
    packed_at: datetime({ sortable: true, notAfter: NOW }),
    // When it went out: set by the server on the move to shipped (the on-time figures read it).
    shipped_at: datetime({ readOnly: true, sortable: true, filter: true }),
    // Counted by the print ticket.
    print_count: integer({ readOnly: true, default: 0 }),
    status: choice(
      [
        { value: "draft" },
        { value: "packed", color: "blue" },
        { value: "shipped", color: "orange" },
        { value: "delivered", color: "green" },
      ],
      {
        required: true,
        default: "draft",
        filter: true,
        initial: ["draft"],
        transitions: { draft: ["packed"], packed: ["shipped"], shipped: ["delivered"] },
      },
    ),
  },
  children: {
    lines: {
      fields: {
        order_item_id: integer({ label: "Order item", min: 1 }),
        description: text({ required: true, max: 300 }),
        quantity_ordered: qty("Ordered", { required: true }),
        // At most what its order item has left to ship over the other slips (hooks/packing-slips.ts).
        quantity_shipped: qty("Shipped", { bounded: true }),
        quantity_backordered: qty("Backordered"),
      },
      titleField: "description",
    },
  },
  list: ["slip_number", "order_id", "carrier", "tracking_number", "packed_at", "status"],
  sort: "-slip_number",
  form: [
    ["slip_number", "order_id", "status"],
    ["mail_order_id"],
    ["ship_to_id", "ship_from_id", "return_address_id"],
    ["cartons", "quantity_per_carton", "weight"],
    ["carrier", "service", "tracking_number"],
    ["packed_by_id", "packed_at"],
  ],
});
