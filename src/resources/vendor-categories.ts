import { defineResource } from "../resource-engine/define";
import { longText, text } from "../resource-engine/fields";

export default defineResource({
  kind: "VendorCategory",
  label: "Vendor categories",
  icon: "tags",
  group: "Purchasing",
  fields: {
    name: text({ required: true, max: 120, searchable: true, sortable: true, unique: true }),
    description: longText({ max: 1000 }),
  },
  list: ["name", "description", "updated_at"],
  sort: "name",
});
