import { defineResource } from "../resource-engine/define";
import { boolean, integer, reference, text } from "../resource-engine/fields";

export default defineResource({
  kind: "TemplateCategory",
  icon: "folder",
  group: "Catalogue",
  fields: {
    name: text({ required: true, max: 120, searchable: true, sortable: true }),
    parent_id: reference("TemplateCategory", { filter: true, onDelete: "setNull" }),
    site_id: reference("Site", { filter: true }),
    sort_order: integer({ min: 0, max: 10_000, default: 0, sortable: true }),
    visible: boolean({ default: true, filter: true }),
  },
  list: ["name", "parent_id", "site_id", "sort_order", "visible"],
  sort: "sort_order,name",
  form: [
    ["name", "parent_id", "site_id"],
    ["sort_order", "visible"],
  ],
});
