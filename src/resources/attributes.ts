import { defineResource } from "../resource-engine/define";
import { boolean, choice, json, text } from "../resource-engine/fields";

// A product option (paper, coating, rounded corners...) and the values a customer picks from.
export default defineResource({
  kind: "Attribute",
  icon: "appstore",
  group: "Catalogue",
  fields: {
    name: text({ required: true, max: 80, searchable: true, sortable: true }),
    code: text({ required: true, max: 40, unique: true, searchable: true, sortable: true }),
    input_type: choice(["select", "radio", "checkbox", "text"], {
      required: true,
      default: "select",
      filter: true,
    }),
    pricing_method: choice(["none", "price_delta", "multiplier"], { default: "none", filter: true }),
    // json until child collections exist
    values: json({ help: "[{ label, code, price_delta, multiplier, is_default, sort }]" }),
    required: boolean({ filter: true }),
    print_on_ticket: boolean({ default: true }),
    affects_gang: boolean({ filter: true, help: "Items that differ in it never share a gang run" }),
  },
  list: ["name", "code", "input_type", "pricing_method", "required", "updated_at"],
  sort: "name",
  form: [
    ["name", "code"],
    ["input_type", "pricing_method"],
    ["values"],
    ["required", "print_on_ticket", "affects_gang"],
  ],
});
