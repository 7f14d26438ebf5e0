import { defineResource } from "../resource-engine/define";
import { choice, integer, text } from "../resource-engine/fields";

export default defineResource({
  kind: "EquipmentType",
  icon: "tool",
  group: "Production setup",
  fields: {
    name: text({ required: true, max: 80, unique: true, searchable: true, sortable: true }),
    category: choice(["prepress", "press", "finishing", "bindery", "mailing", "large_format"], {
      required: true,
      filter: true,
    }),
    unit: choice(["sheets", "impressions", "sq_ft", "pieces", "cuts"], {
      required: true,
      default: "sheets",
      filter: true,
    }),
    default_speed: integer({ min: 0, max: 1_000_000, unit: "/h", help: "In the type's unit per hour" }),
    dashboard_key: text({ max: 40, help: "The production dashboard that shows this type's equipment" }),
  },
  list: ["name", "category", "unit", "default_speed", "updated_at"],
  sort: "name",
  form: [
    ["name", "category"],
    ["unit", "default_speed", "dashboard_key"],
  ],
});
