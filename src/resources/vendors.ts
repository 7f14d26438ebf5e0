import { defineResource } from "../resource-engine/define";
import { boolean, choice, email, integer, phone, reference, text } from "../resource-engine/fields";

export default defineResource({
  kind: "Vendor",
  icon: "shop",
  group: "Purchasing",
  fields: {
    name: text({ required: true, max: 120, searchable: true, sortable: true }),
    vendor_category_id: reference("VendorCategory", { required: true, filter: true }),
    account_no: text({ max: 40, unique: true, searchable: true }),
    contact_name: text({ max: 120 }),
    email: email(),
    phone: phone(),
    terms: choice(["prepaid", "cod", "net15", "net30"], { default: "net30", filter: true }),
    lead_time_days: integer({ min: 0, max: 365, unit: "days", sortable: true }),
    preferred: boolean({ filter: true }),
    active: boolean({ default: true, filter: true }),
  },
  list: ["name", "vendor_category_id", "terms", "lead_time_days", "preferred", "updated_at"],
  sort: "name",
  form: [
    ["name", "vendor_category_id"],
    ["account_no", "terms", "lead_time_days"],
    ["contact_name", "email", "phone"],
    ["preferred", "active"],
  ],
});
