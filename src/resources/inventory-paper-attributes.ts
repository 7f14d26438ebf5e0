import { defineResource } from "../resource-engine/define";
import { choice, integer, percent, text } from "../resource-engine/fields";

// A named set of paper properties an inventory item points at, e.g. "Gloss C2S blue-white 96".
export default defineResource({
  kind: "InventoryPaperAttribute",
  label: "Paper attributes",
  icon: "bg-colors",
  group: "Inventory",
  fields: {
    name: text({ required: true, max: 120, unique: true, searchable: true, sortable: true }),
    finish: choice(["gloss", "dull", "matte", "silk", "uncoated", "linen"], { required: true, filter: true }),
    coated_sides: choice(
      [
        { value: "none", label: "Uncoated" },
        { value: "c1s", label: "C1S" },
        { value: "c2s", label: "C2S" },
      ],
      { default: "none", filter: true },
    ),
    shade: text({ max: 40, searchable: true }),
    brightness: integer({ min: 0, max: 110, sortable: true }),
    opacity: percent({ sortable: true }),
    recycled_percent: percent({ label: "Recycled %" }),
  },
  list: ["name", "finish", "coated_sides", "brightness", "recycled_percent", "updated_at"],
  sort: "name",
  form: [["name", "finish", "coated_sides"], ["shade", "brightness", "opacity"], ["recycled_percent"]],
});
