import { defineResource } from "../resource-engine/define";
import { boolean, decimal, integer, money, reference, text } from "../resource-engine/fields";

const qty = (o: Parameters<typeof integer>[0] = {}) => integer({ min: 0, default: 0, ...o });
const sheetSide = () => decimal({ min: 0, max: 200, scale: 3, unit: "in" });

// A stock item, e.g. "100# Gloss Cover 19×25". Quantity changes are logged (inventories/quantity-change-logs).
export default defineResource({
  kind: "Inventory",
  label: "Inventory",
  singular: "Inventory item",
  icon: "inbox",
  group: "Inventory",
  fields: {
    sku: text({ required: true, max: 40, unique: true, searchable: true, sortable: true }),
    name: text({ required: true, max: 160, searchable: true, sortable: true }),
    inventory_type_id: reference("InventoryType", { required: true, filter: true }),
    paper_brand_id: reference("InventoryPaperBrand", { filter: true }),
    paper_grade_id: reference("InventoryPaperGrade", { filter: true }),
    paper_attribute_id: reference("InventoryPaperAttribute", { label: "Paper attributes", filter: true }),
    basis_weight: integer({ min: 0, max: 500, unit: "lb", sortable: true, filter: true }),
    gsm: integer({ min: 0, max: 2000, unit: "gsm", sortable: true }),
    caliper: decimal({ min: 0, max: 100, scale: 1, unit: "pt" }),
    sheet_width: sheetSide(),
    sheet_height: sheetSide(),
    grain_long: boolean({ filter: true }),
    sheets_per_carton: integer({ min: 0, max: 100_000, unit: "sheets" }),
    measure_unit_id: reference("InventoryMeasureUnit", { required: true }),
    vendor_id: reference("Vendor", { filter: true, onDelete: "setNull" }),
    facility_id: reference("Location", { filter: true }),
    bin: text({ max: 20, searchable: true }),
    // Changing on_hand through an update is logged as an "adjust" quantity change.
    on_hand: qty({ sortable: true }),
    // Set by the server: runs reserve stock, open purchase orders count as on order.
    committed: qty({ readOnly: true }),
    on_order: qty({ readOnly: true }),
    // The server computes available = on_hand − committed.
    available: qty({ readOnly: true, sortable: true }),
    reorder_point: qty(),
    target_level: qty(),
    min_order_qty: qty(),
    cost_per_m: money({ label: "Cost per M", unit: "/M", sortable: true }),
    fsc_certified: boolean({ filter: true }),
    active: boolean({ default: true, filter: true }),
  },
  list: ["sku", "name", "inventory_type_id", "on_hand", "available", "updated_at"],
  sort: "name",
  form: [
    ["sku", "name", "inventory_type_id"],
    ["paper_brand_id", "paper_grade_id", "paper_attribute_id"],
    ["basis_weight", "gsm", "caliper"],
    ["sheet_width", "sheet_height", "grain_long"],
    ["measure_unit_id", "sheets_per_carton", "cost_per_m"],
    ["vendor_id", "facility_id", "bin"],
    ["on_hand", "reorder_point", "target_level"],
    ["min_order_qty", "fsc_certified", "active"],
  ],
});
