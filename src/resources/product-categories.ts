import { defineResource } from "../resource-engine/define";
import { boolean, integer, reference, text } from "../resource-engine/fields";

export default defineResource({
  kind: "ProductCategory",
  icon: "tags",
  group: "Catalogue",
  fields: {
    name: text({ required: true, max: 120, searchable: true, sortable: true }),
    // Unique per site rather than per tenant: checked by the server with the site.
    slug: text({
      required: true,
      max: 120,
      searchable: true,
      pattern: "^[a-z0-9]+(-[a-z0-9]+)*$",
      patternMessage: "Lower-case words joined by hyphens",
    }),
    parent_id: reference("ProductCategory", { filter: true, onDelete: "setNull" }),
    site_id: reference("Site", { filter: true }),
    sort_order: integer({ min: 0, max: 10_000, default: 0, sortable: true }),
    visible: boolean({ default: true, filter: true }),
  },
  list: ["name", "slug", "parent_id", "site_id", "sort_order", "visible"],
  sort: "sort_order,name",
  form: [
    ["name", "slug"],
    ["parent_id", "site_id"],
    ["sort_order", "visible"],
  ],
});
