import { defineResource } from "../resource-engine/define";
import { boolean, reference, text } from "../resource-engine/fields";

// Sheet paper, roll paper, envelope, large-format media, ink/toner, plates, laminate film, cartons, finished goods.
export default defineResource({
  kind: "InventoryType",
  icon: "appstore",
  group: "Inventory",
  fields: {
    name: text({ required: true, max: 80, unique: true, searchable: true, sortable: true }),
    code: text({ required: true, max: 20, unique: true, searchable: true, sortable: true }),
    is_paper: boolean({ filter: true, help: "Its items carry basis weight, gsm, caliper and grain" }),
    default_measure_unit_id: reference("InventoryMeasureUnit", { onDelete: "setNull" }),
  },
  list: ["name", "code", "is_paper", "default_measure_unit_id", "updated_at"],
  sort: "name",
  form: [
    ["name", "code"],
    ["is_paper", "default_measure_unit_id"],
  ],
});
