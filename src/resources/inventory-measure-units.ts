import { defineResource } from "../resource-engine/define";
import { decimal, reference, text } from "../resource-engine/fields";

// Sheet, ream (500), carton, skid, M (1,000 sheets), CWT (100 lb), lb, roll, linear ft, sq ft, each.
export default defineResource({
  kind: "InventoryMeasureUnit",
  label: "Measure units",
  icon: "column-width",
  group: "Inventory",
  fields: {
    code: text({ required: true, max: 10, unique: true, searchable: true, sortable: true }),
    name: text({ required: true, max: 60, searchable: true, sortable: true }),
    // Empty for a base unit (sheet, lb, each); a ream is 500 of the sheet unit.
    base_unit_id: reference("InventoryMeasureUnit", { filter: true }),
    factor: decimal({
      required: true,
      min: 0,
      max: 1_000_000,
      scale: 4,
      default: 1,
      help: "Base units in one",
    }),
  },
  titleField: "code",
  list: ["code", "name", "base_unit_id", "factor", "updated_at"],
  sort: "code",
  form: [
    ["code", "name"],
    ["base_unit_id", "factor"],
  ],
});
