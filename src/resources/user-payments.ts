import { defineResource } from "../resource-engine/define";
import { choice, datetime, longText, money, NOW, reference, text } from "../resource-engine/fields";

// A payment against an order (or an account), as the processor reported it. Served at /transactions.
export default defineResource({
  kind: "UserPayment",
  route: "/transactions",
  label: "Transactions",
  icon: "credit-card",
  group: "Finance",
  titleField: "transaction_id",
  fields: {
    transaction_id: text({ label: "Transaction ID", max: 80, searchable: true, sortable: true }),
    // A payment for an order is from the order's customer.
    order_id: reference("Order", {
      filter: true,
      dependsOn: { field: "customer_id", targetField: "customer_id" },
    }),
    customer_id: reference("Customer", { required: true, filter: true }),
    // At most what its order still has due (hooks/user-payments.ts; the form asks for the bound).
    amount: money({ required: true, sortable: true, filter: true, bounded: true }),
    method: choice(["card", { value: "ach", label: "ACH" }, "check", "cash", "on_account", "store_credit"], {
      required: true,
      default: "card",
      filter: true,
    }),
    processor: choice(["stripe", "authorize_net", "paypal", "manual"], { filter: true }),
    last4: text({
      label: "Card last 4",
      pattern: "^\\d{4}$",
      patternMessage: "Four digits",
      searchable: true,
    }),
    check_number: text({ max: 20, searchable: true }),
    status: choice(
      [
        { value: "authorized", color: "blue" },
        { value: "captured", color: "green" },
        { value: "declined", color: "red" },
        { value: "voided" },
        { value: "refunded", color: "purple" },
        { value: "partially_refunded", color: "magenta" },
      ],
      {
        required: true,
        default: "authorized",
        filter: true,
        // A new payment is authorized, captured or declined (hooks/user-payments.ts); an
        // authorization is captured, declined or voided; a capture voided while it has no refund
        // requests. Partially refunded and refunded are the server's, from processed refunds.
        transitions: {
          authorized: ["captured", "declined", "voided"],
          captured: ["voided"],
        },
        initial: ["authorized", "captured", "declined"],
      },
    ),
    paid_at: datetime({ required: true, sortable: true, filter: true, notAfter: NOW }),
    notes: longText({ max: 2000 }),
  },
  list: ["paid_at", "transaction_id", "customer_id", "order_id", "method", "amount", "status"],
  sort: "-paid_at",
  form: [
    ["customer_id", "order_id"],
    ["amount", "method", "status"],
    ["processor", "transaction_id", "paid_at"],
    ["last4", "check_number"],
    ["notes"],
  ],
});
