import { defineResource } from "../resource-engine/define";
import { boolean, choice, money, reference, text } from "../resource-engine/fields";

// Two meanings told apart by `kind`: a production department or machine with rates, or a buyer's charge
// code on a corporate site with a budget.
export default defineResource({
  kind: "CostCenter",
  icon: "dollar",
  group: "Production setup",
  fields: {
    name: text({ required: true, max: 120, searchable: true, sortable: true }),
    code: text({ required: true, max: 20, unique: true, searchable: true, sortable: true }),
    kind: choice(["production", "charge_code"], { required: true, default: "production", filter: true }),
    // production; its equipment points here (Equipment.cost_center_id)
    hourly_rate: money({ unit: "/h", sortable: true }),
    makeready_rate: money({ unit: "/h" }),
    unit: choice(["hours", "sheets", "impressions"], { default: "hours", filter: true }),
    // charge code
    site_id: reference("Site", { filter: true }),
    budget: money({ sortable: true }),
    period: choice(["monthly", "quarterly", "yearly", "open_ended"], { filter: true }),
    // approver → User: added with the users declaration
    active: boolean({ default: true, filter: true }),
  },
  list: ["code", "name", "kind", "hourly_rate", "active", "updated_at"],
  sort: "code",
  form: [
    ["code", "name", "kind"],
    ["hourly_rate", "makeready_rate", "unit"],
    ["site_id", "budget", "period"],
    ["active"],
  ],
});
