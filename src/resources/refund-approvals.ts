import { defineResource } from "../resource-engine/define";
import { choice, datetime, longText, money, reference } from "../resource-engine/fields";

// A request to give money back (or reprint, or credit) that a manager decides on.
export default defineResource({
  kind: "RefundApproval",
  icon: "rollback",
  group: "Finance",
  fields: {
    order_id: reference("Order", { required: true, filter: true }),
    // The refunded payment is one of the order's.
    payment_id: reference("UserPayment", {
      label: "Payment",
      filter: true,
      dependsOn: { field: "order_id", targetField: "order_id" },
    }),
    // A money refund gives back at most what is left of its payment (or its order's payments):
    // hooks/refund-approvals.ts; the form asks for the bound.
    amount: money({ required: true, sortable: true, bounded: true }),
    reason: choice(
      ["print_defect", "damaged", "late", "customer_error", "cancellation", "duplicate_charge"],
      { required: true, filter: true },
    ),
    remedy: choice(["refund", "reprint", "credit"], { required: true, default: "refund", filter: true }),
    requested_by_id: reference("User", { filter: true, onDelete: "setNull" }),
    // Who decided and when: set by the server when the request is approved or rejected.
    approver_id: reference("User", { filter: true, onDelete: "setNull", readOnly: true }),
    decided_at: datetime({ sortable: true, readOnly: true }),
    status: choice(
      [
        { value: "requested", color: "blue" },
        { value: "under_review", color: "orange" },
        { value: "approved", color: "green" },
        { value: "rejected", color: "red" },
        { value: "processed" },
      ],
      {
        required: true,
        default: "requested",
        filter: true,
        // Created as requested only (hooks/refund-approvals.ts); moves checked by workflow.ts.
        transitions: {
          requested: ["under_review"],
          under_review: ["approved", "rejected"],
          approved: ["processed"],
        },
        initial: ["requested"],
      },
    ),
    notes: longText({ max: 4000 }),
  },
  list: ["order_id", "amount", "reason", "remedy", "requested_by_id", "status", "created_at"],
  sort: "-created_at",
  form: [
    ["order_id", "payment_id"],
    ["amount", "reason", "remedy"],
    ["requested_by_id", "status"],
    ["notes"],
  ],
  show: [
    ["order_id", "payment_id"],
    ["amount", "reason", "remedy"],
    ["requested_by_id", "approver_id", "decided_at"],
    ["status"],
    ["notes"],
  ],
});
