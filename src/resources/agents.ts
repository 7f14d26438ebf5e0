import { defineResource } from "../resource-engine/define";
import { choice, email, longText, percent, phone, referenceList, text } from "../resource-engine/fields";

// A sales agent or broker paid commission on the accounts they bring; the configuration's default
// agent id names the house agent.
export default defineResource({
  kind: "Agent",
  icon: "solution",
  group: "Customers",
  fields: {
    name: text({ required: true, max: 120, searchable: true, sortable: true }),
    company: text({ max: 120, searchable: true, sortable: true }),
    commission_rate: percent({ label: "Commission", sortable: true }),
    customer_ids: referenceList("Customer", { label: "Customers" }),
    email: email({ searchable: true }),
    phone: phone(),
    status: choice([{ value: "active", color: "green" }, { value: "inactive" }], {
      required: true,
      default: "active",
      filter: true,
    }),
    notes: longText({ max: 4000 }),
  },
  list: ["name", "company", "commission_rate", "email", "status", "updated_at"],
  sort: "name",
  form: [["name", "company", "status"], ["email", "phone", "commission_rate"], ["customer_ids"], ["notes"]],
});
