import { defineResource } from "../resource-engine/define";
import { boolean, choice, colour, integer, reference, referenceList, text } from "../resource-engine/fields";

// The workflow states a tenant configures per entity (seeded with the item sequence of domain.md).
export default defineResource({
  kind: "Status",
  label: "Statuses",
  icon: "flag",
  group: "Production setup",
  fields: {
    name: text({ required: true, max: 80, searchable: true, sortable: true }),
    // Unique per entity, not per tenant ("cancelled" exists for orders and runs alike).
    code: text({ required: true, max: 40, searchable: true, sortable: true, pattern: "^[a-z][a-z0-9_]*$" }),
    entity: choice(["order", "order_item", "run", "mail_order", "purchase_order", "refund"], {
      required: true,
      filter: true,
      sortable: true,
    }),
    category: choice(
      [
        { value: "open", color: "blue" },
        { value: "production", color: "orange" },
        { value: "complete", color: "green" },
        { value: "cancelled", color: "red" },
      ],
      { required: true, default: "open", filter: true },
    ),
    sort_order: integer({ min: 0, max: 1000, default: 0, sortable: true }),
    color: colour(),
    customer_label: text({ max: 80, help: "What customers see; the name when empty" }),
    next_status_ids: referenceList("Status", { label: "Next statuses" }),
    notify_customer: boolean({ filter: true }),
    sms_template_id: reference("SmsTemplate", {
      label: "SMS template",
      onDelete: "setNull",
      help: "Sent to the customer when notified",
    }),
    station_id: reference("ProductionStation", {
      filter: true,
      onDelete: "setNull",
      help: "Where work in this status waits",
    }),
    show_on_board: boolean({ default: true, filter: true }),
    allows_cancellation: boolean({ default: true }),
    locks_editing: boolean(),
  },
  list: ["name", "code", "entity", "category", "sort_order", "color"],
  sort: "entity,sort_order",
  form: [
    ["name", "code", "entity"],
    ["category", "sort_order", "color"],
    ["customer_label", "next_status_ids"],
    ["notify_customer", "sms_template_id"],
    ["station_id", "show_on_board"],
    ["allows_cancellation", "locks_editing"],
  ],
});
