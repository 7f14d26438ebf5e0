import { defineResource } from "../resource-engine/define";
import {
  choice,
  datetime,
  decimal,
  integer,
  longText,
  NOW,
  reference,
  text,
  url,
} from "../resource-engine/fields";

// A sheet of 0 inches is no sheet: a size, when set, is above 0.
const sheetSide = () => decimal({ min: 0, positive: true, max: 200, scale: 3, unit: "in" });
const qty = (o: Parameters<typeof integer>[0] = {}) => integer({ min: 0, max: 10_000_000, ...o });

// A press form or digital batch that gangs order items sharing stock, colours and coating.
// The item needing the most sheets sets the sheet count; the others come out over.
export default defineResource({
  kind: "Run",
  icon: "build",
  group: "Production",
  pages: "routes",
  titleField: "run_number",
  fields: {
    run_number: text({
      required: true,
      max: 20,
      unique: true,
      searchable: true,
      sortable: true,
      numbering: { format: "R-{n}", start: 40_001 },
    }),
    run_type: choice(["gang", "dedicated", "digital_batch", "large_format_nest"], {
      required: true,
      default: "gang",
      filter: true,
    }),
    status_id: reference("Status", { statusOf: "run", filter: true }),
    equipment_id: reference("Equipment", { label: "Press", filter: true }),
    station_id: reference("ProductionStation", { filter: true }),
    stock_id: reference("Inventory", { required: true, filter: true }),
    sheet_width: sheetSide(),
    sheet_height: sheetSide(),
    color_spec: text({
      label: "Colours",
      max: 5,
      pattern: "^\\d{1,2}/\\d{1,2}$",
      patternMessage: "Front/back colours, e.g. 4/4",
      filter: true,
    }),
    coating: choice(["none", { value: "uv", label: "UV" }, "aqueous", "matte"], {
      required: true,
      default: "none",
      filter: true,
    }),
    sheets: qty({ unit: "sheets", sortable: true }),
    overs: qty({ unit: "sheets" }),
    plates: integer({ min: 0, max: 100 }),
    imposition_file: url(),
    // The earliest due date of its items, set by the server.
    due_at: datetime({ readOnly: true, sortable: true, filter: true }),
    operator_id: reference("User", { filter: true, onDelete: "setNull" }),
    printed_at: datetime({ sortable: true, filter: true, notAfter: NOW }),
    notes: longText({ max: 4000 }),
    // What the operator entered on completing it at the press (station dashboards): the waste figures.
    good_quantity: qty({ readOnly: true }),
    waste_quantity: qty({ label: "Waste", readOnly: true }),
  },
  children: {
    items: {
      fields: {
        order_id: reference("Order", { required: true }),
        order_item_id: integer({ label: "Order item", required: true, min: 1 }),
        slot: integer({ required: true, min: 1, max: 500 }),
        number_up: integer({ required: true, min: 1, max: 500, default: 1 }),
        // At least the order item's quantity (hooks/runs.ts; its bounds tell the form).
        quantity_required: qty({ required: true, bounded: true }),
        quantity_produced: qty({ default: 0 }),
        due_at: datetime(),
      },
      titleField: "order_item_id",
    },
  },
  list: ["run_number", "run_type", "equipment_id", "stock_id", "sheets", "due_at", "status_id"],
  // Latest due first: the runs being filled and printed now and next, not two-month-old closed
  // ones (a run's due date is its earliest item's; closed runs' dates lie behind).
  sort: "-due_at",
  form: [
    ["run_number", "run_type", "status_id"],
    ["equipment_id", "station_id", "operator_id"],
    ["stock_id", "sheet_width", "sheet_height"],
    ["color_spec", "coating"],
    ["sheets", "overs", "plates"],
    ["imposition_file", "printed_at"],
    ["notes"],
  ],
});
