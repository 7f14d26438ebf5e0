import { defineResource } from "../resource-engine/define";
import { boolean, choice, longText, money, text } from "../resource-engine/fields";

// Billable work that is not a product: design hour, hard proof, CASS/NCOA, inkjet addressing, rush fee.
export default defineResource({
  kind: "Service",
  path: "product-services",
  label: "Product services",
  icon: "dollar",
  group: "Catalogue",
  fields: {
    name: text({ required: true, max: 120, unique: true, searchable: true, sortable: true }),
    category: choice(["design", "proofing", "list_processing", "mailing", "finishing", "fee"], {
      required: true,
      filter: true,
    }),
    pricing_unit: choice(["hour", "piece", "per_thousand", "flat"], {
      required: true,
      default: "flat",
      filter: true,
    }),
    rate: money({ required: true, sortable: true }),
    min_charge: money(),
    taxable: boolean({ default: true, filter: true }),
    description: longText({ max: 2000 }),
  },
  list: ["name", "category", "pricing_unit", "rate", "taxable", "updated_at"],
  sort: "name",
  form: [["name", "category"], ["pricing_unit", "rate", "min_charge"], ["taxable"], ["description"]],
});
