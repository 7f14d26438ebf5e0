import { defineResource } from "../resource-engine/define";
import { boolean, choice, reference, text } from "../resource-engine/fields";

// One mapping from a source key to a target key: a list column to an address field, a storefront
// product or option to a 4over product id, an internal status to what customers see.
export default defineResource({
  kind: "Map",
  label: "Field maps",
  singular: "Field map",
  icon: "swap",
  group: "Master data",
  pages: "routes",
  fields: {
    name: text({ required: true, max: 120, searchable: true, sortable: true }),
    kind: choice(
      [
        { value: "list_field", label: "List column → address field" },
        { value: "four_over_product", label: "Product → 4over product" },
        { value: "customer_status", label: "Status → customer status" },
      ],
      { required: true, default: "list_field", filter: true },
    ),
    integration_id: reference("Integration", { filter: true, onDelete: "setNull" }),
    source_key: text({ required: true, max: 120, searchable: true, sortable: true }),
    target_key: text({ required: true, max: 120, searchable: true, sortable: true }),
    transform: choice(["none", "trim", "uppercase", "lowercase", "title_case", "zip5", "digits_only"], {
      default: "none",
    }),
    default_value: text({ max: 200, help: "Used when the source is empty" }),
    active: boolean({ default: true, filter: true }),
  },
  list: ["name", "kind", "source_key", "target_key", "integration_id", "active"],
  sort: "name",
  form: [
    ["name", "kind", "integration_id"],
    ["source_key", "target_key"],
    ["transform", "default_value", "active"],
  ],
});
