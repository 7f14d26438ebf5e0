import { defineResource } from "../resource-engine/define";
import { choice, date, integer, longText, money, NOW, reference, text } from "../resource-engine/fields";

const PO_DATE = { field: "ordered_at", label: "the PO date" };

// A buy from a vendor: paper and consumables for stock, or for one order. Receiving raises inventory.
export default defineResource({
  kind: "PurchaseOrder",
  icon: "audit",
  group: "Purchasing",
  pages: "routes",
  titleField: "po_number",
  fields: {
    po_number: text({
      required: true,
      max: 20,
      unique: true,
      searchable: true,
      sortable: true,
      numbering: { format: "PO-{n}", start: 24_001 },
    }),
    vendor_id: reference("Vendor", { required: true, filter: true }),
    deliver_to_id: reference("Location", { label: "Deliver to", required: true, filter: true }),
    order_id: reference("Order", { filter: true, help: "For a job-specific buy" }),
    ordered_at: date({ sortable: true, filter: true }),
    expected_at: date({ label: "Expected on", sortable: true, filter: true, notBefore: PO_DATE }),
    received_at: date({ label: "Received on", sortable: true, notBefore: PO_DATE, notAfter: NOW }),
    terms: choice(["prepaid", "cod", "net15", "net30"], { filter: true }),
    freight: money(),
    tax: money(),
    // Lines (quantity × unit cost) plus freight and tax, set by the server.
    total: money({ readOnly: true, sortable: true }),
    approved_by_id: reference("User", { filter: true, onDelete: "setNull" }),
    // The shipment's tracking number (a trade printer's drop-ship, a merchant's delivery).
    tracking_number: text({ max: 60, searchable: true }),
    status: choice(
      [
        { value: "draft" },
        { value: "sent", color: "blue" },
        { value: "acknowledged", color: "cyan" },
        { value: "partially_received", color: "orange" },
        { value: "received", color: "green" },
        { value: "closed" },
        { value: "cancelled", color: "red" },
      ],
      {
        required: true,
        default: "draft",
        filter: true,
        // Created before anything arrives; receiving moves it on (hooks/purchase-orders.ts).
        initial: ["draft", "sent", "acknowledged"],
        // A vendor may ship without acknowledging, and a delivery may come complete at once.
        transitions: {
          draft: ["sent", "cancelled"],
          sent: ["acknowledged", "partially_received", "received", "cancelled"],
          acknowledged: ["partially_received", "received", "cancelled"],
          partially_received: ["received"],
          received: ["closed"],
        },
      },
    ),
    notes: longText({ max: 4000 }),
  },
  children: {
    lines: {
      fields: {
        inventory_id: reference("Inventory", { label: "Item", onDelete: "setNull" }),
        description: text({ required: true, max: 300 }),
        quantity: integer({ required: true, min: 1, max: 10_000_000 }),
        unit_id: reference("InventoryMeasureUnit", { label: "Unit" }),
        unit_cost: money(),
        // At most the line's quantity ordered (hooks/purchase-orders.ts; the receiving form asks).
        quantity_received: integer({ min: 0, max: 10_000_000, default: 0, bounded: true }),
      },
      titleField: "description",
    },
  },
  list: ["po_number", "vendor_id", "ordered_at", "expected_at", "total", "status"],
  sort: "-po_number",
  form: [
    ["po_number", "vendor_id", "status"],
    ["deliver_to_id", "order_id", "terms"],
    ["tracking_number"],
    ["ordered_at", "expected_at", "received_at"],
    ["freight", "tax", "approved_by_id"],
    ["notes"],
  ],
});
