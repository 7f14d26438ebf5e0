import { defineResource } from "../resource-engine/define";
import { reference, text } from "../resource-engine/fields";

// A mill line, e.g. "Sappi McCoy", "Mohawk Superfine".
export default defineResource({
  kind: "InventoryPaperBrand",
  label: "Paper brands",
  icon: "tag",
  group: "Inventory",
  fields: {
    name: text({ required: true, max: 120, unique: true, searchable: true, sortable: true }),
    manufacturer: text({ max: 120, searchable: true, sortable: true }),
    vendor_id: reference("Vendor", { filter: true, onDelete: "setNull" }),
  },
  list: ["name", "manufacturer", "vendor_id", "updated_at"],
  sort: "name",
  form: [["name", "manufacturer", "vendor_id"]],
});
