import { defineResource } from "../resource-engine/define";
import { boolean, choice, text } from "../resource-engine/fields";

// Business card, postcard, flyer, brochure, booklet, letterhead, door hanger, letter, banner, label.
export default defineResource({
  kind: "ProductType",
  icon: "appstore",
  group: "Catalogue",
  fields: {
    name: text({ required: true, max: 80, unique: true, searchable: true, sortable: true }),
    pricing_method: choice(["tiers", "matrix", "area", "formula"], {
      required: true,
      default: "tiers",
      filter: true,
    }),
    custom_size: boolean({ label: "Custom size allowed", filter: true }),
    is_mail_piece: boolean({ filter: true }),
    is_large_format: boolean({ filter: true }),
  },
  list: ["name", "pricing_method", "custom_size", "is_mail_piece", "is_large_format", "updated_at"],
  sort: "name",
  form: [
    ["name", "pricing_method"],
    ["custom_size", "is_mail_piece", "is_large_format"],
  ],
});
