import { defineResource } from "../resource-engine/define";
import { boolean, choice, email, money, phone, reference, richText, text } from "../resource-engine/fields";

export default defineResource({
  kind: "Customer",
  icon: "team",
  group: "Customers",
  fields: {
    customer_number: text({
      required: true,
      max: 20,
      unique: true,
      searchable: true,
      sortable: true,
      numbering: { format: "C{n}", start: 10_001 },
    }),
    name: text({ required: true, max: 120, searchable: true, sortable: true }),
    company: text({ max: 120, searchable: true, sortable: true }),
    type: choice(["retail", "trade", "corporate", "nonprofit", "government"], {
      required: true,
      default: "retail",
      filter: true,
    }),
    contact_name: text({ max: 120, searchable: true }),
    contact_email: email({ searchable: true }),
    contact_phone: phone(),
    sales_rep_id: reference("User", { filter: true, onDelete: "setNull" }),
    csr_id: reference("User", { label: "CSR", filter: true, onDelete: "setNull" }),
    home_site_id: reference("Site", { filter: true, onDelete: "setNull" }),
    terms: choice(["prepaid", "cod", "net15", "net30"], { default: "prepaid", filter: true }),
    credit_limit: money({ sortable: true }),
    tax_exempt: boolean({ filter: true }),
    default_cost_center_id: reference("CostCenter", { onDelete: "setNull" }),
    status: choice(
      [
        { value: "prospect", color: "blue" },
        { value: "active", color: "green" },
        { value: "credit_hold", color: "red" },
        { value: "inactive" },
      ],
      { required: true, default: "prospect", filter: true },
    ),
    // What the shop knows about working with this customer, formatted (sanitised by the server when written).
    notes: richText({ max: 20_000 }),
  },
  list: ["customer_number", "name", "company", "type", "status", "updated_at"],
  sort: "name",
  form: [
    ["customer_number", "name", "company"],
    ["type", "status", "home_site_id"],
    ["contact_name", "contact_email", "contact_phone"],
    ["terms", "credit_limit", "tax_exempt"],
    ["default_cost_center_id", "sales_rep_id", "csr_id"],
    ["notes"],
  ],
  // Each section shows only to users who may read that kind (the server narrows Own readers).
  related: [
    { kind: "CustomerAddress", field: "customer_id", label: "Addresses" },
    { kind: "Order", field: "customer_id", label: "Orders" },
    { kind: "UserPayment", field: "customer_id", label: "Payments" },
  ],
});
