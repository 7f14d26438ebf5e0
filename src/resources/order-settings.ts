import { defineResource } from "../resource-engine/define";
import { boolean, choice, integer, longText, money, reference, text } from "../resource-engine/fields";

// How a storefront's orders go from checkout to production (domain.md: "Order settings per site,
// each with ordered steps"): which orders a setting applies to, the limits a buyer's order must
// keep, and the steps in order (review, proof, approve, pay, confirm), each with who acts on it.
// Not a kind of the contract: an extension kind (kinds.ts) governed by Site's permissions, whose
// pages are the spec's /sites/{id}/{order_settings_id} and /sites/{id}/{order_settings_id}/{step_id}.
export default defineResource({
  kind: "OrderSetting",
  label: "Order settings",
  icon: "settings",
  group: "Administration",
  pages: "routes",
  partOf: "site_id",
  fields: {
    site_id: reference("Site", { required: true, filter: true }),
    name: text({ required: true, max: 120, searchable: true, sortable: true }),
    applies_to: choice(
      [
        { value: "all", label: "All orders" },
        { value: "print", label: "Print orders" },
        { value: "mail", label: "Mail orders" },
        { value: "reorder", label: "Reorders" },
      ],
      { required: true, default: "all", filter: true, help: "The orders of the site these steps govern" },
    ),
    approval_required: boolean({
      default: false,
      filter: true,
      help: "An approver signs off before production",
    }),
    min_order_amount: money({ label: "Minimum order" }),
    max_order_amount: money({ label: "Maximum order", help: "Larger orders need a quote" }),
    approval_threshold: money({ help: "Orders above this amount need approval; empty: every order" }),
    approval_days: integer({ label: "Days to approve", min: 0, max: 60, unit: "days" }),
    active: boolean({ default: true, filter: true }),
    notes: longText({ max: 2000 }),
  },
  children: {
    steps: {
      fields: {
        name: text({ required: true, max: 80 }),
        kind: choice(
          [
            { value: "review", color: "blue" },
            { value: "proof", color: "purple" },
            { value: "approve", color: "orange" },
            { value: "pay", color: "green" },
            { value: "confirm", color: "cyan" },
          ],
          { required: true, default: "review" },
        ),
        approver_id: reference("User", {
          label: "Approver",
          onDelete: "setNull",
          help: "Who acts on this step; empty: anyone with the site's approval role",
        }),
        required: boolean({ default: true }),
        due_hours: integer({ label: "Due within", min: 0, max: 720, unit: "hours" }),
        instructions: longText({ max: 2000 }),
      },
      columns: ["name", "kind", "approver_id", "required", "due_hours"],
      min: 1,
      max: 20,
      ownChangeLog: true,
      rowPages: true,
    },
  },
  list: ["name", "applies_to", "approval_required", "min_order_amount", "active"],
  sort: "name",
  form: [
    ["site_id", "name", "applies_to"],
    ["approval_required", "approval_threshold", "approval_days"],
    ["min_order_amount", "max_order_amount", "active"],
    ["notes"],
  ],
});
