import { defineResource } from "../resource-engine/define";
import { boolean, choice, type JsonShape, json, text } from "../resource-engine/fields";

/** The most a value's price delta may lower or raise a price. */
export const PRICE_DELTA_MIN = -10_000;

// The values a customer picks from, in their order (sort), each code once: the attribute page
// edits them inline (custom/catalogue/attribute-page.tsx) and the server checks the same shape.
export const ATTRIBUTE_VALUES: JsonShape = {
  type: "array",
  max: 200,
  unique: "code",
  items: {
    type: "object",
    properties: {
      code: { type: "string", max: 40, required: true },
      label: { type: "string", max: 120, required: true },
      price_delta: { type: "money", min: PRICE_DELTA_MIN },
      multiplier: { type: "money", min: 0 },
      is_default: { type: "boolean" },
      active: { type: "boolean" },
      sort: { type: "integer", min: 0, max: 10_000 },
    },
  },
};

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
    // Stored as JSON on the attribute (orders and variants name values by code).
    values: json({
      help: "[{ code, label, price_delta, multiplier, is_default, active, sort }]",
      shape: ATTRIBUTE_VALUES,
    }),
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
