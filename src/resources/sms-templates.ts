import { defineResource } from "../resource-engine/define";
import { boolean, choice, longText, reference, text } from "../resource-engine/fields";

// A text message sent on an order event; statuses that notify customers name theirs.
export default defineResource({
  kind: "SmsTemplate",
  label: "SMS templates",
  icon: "message",
  group: "Administration",
  fields: {
    name: text({ required: true, max: 120, searchable: true, sortable: true }),
    trigger: choice(["order_received", "proof_ready", "approved", "shipped", "payment_due", "drop_mailed"], {
      required: true,
      filter: true,
      sortable: true,
    }),
    site_id: reference("Site", { filter: true, help: "Empty: every site" }),
    body: longText({
      required: true,
      max: 1600,
      searchable: true,
      help: "Merge tags such as {{customer_name}}, {{order_number}}, {{tracking_url}}",
    }),
    active: boolean({ default: true, filter: true }),
  },
  list: ["name", "trigger", "site_id", "active", "updated_at"],
  sort: "name",
  form: [["name", "trigger", "site_id"], ["body"], ["active"]],
});
