import { defineResource } from "../resource-engine/define";
import { boolean, choice, colour, email, phone, reference, text, url } from "../resource-engine/fields";

export default defineResource({
  kind: "Site",
  icon: "global",
  group: "Administration",
  fields: {
    name: text({ required: true, max: 120, searchable: true, sortable: true }),
    domain: text({
      required: true,
      max: 253,
      unique: true,
      searchable: true,
      sortable: true,
      pattern: "^[a-z0-9-]+(\\.[a-z0-9-]+)+$",
      patternMessage: "A host name such as shop.example.com",
    }),
    kind: choice(["retail", "corporate", "reseller"], { required: true, default: "retail", filter: true }),
    customer_id: reference("Customer", { filter: true, help: "The company a corporate portal serves" }),
    status: choice([{ value: "active", color: "green" }, { value: "inactive" }], {
      default: "active",
      filter: true,
    }),
    // Branding of the storefront.
    logo_url: url({ label: "Logo" }),
    primary_color: colour({ label: "Primary colour" }),
    support_email: email(),
    support_phone: phone(),
    // Checkout: how buyers may pay, and who approves their orders (charge codes: CostCenter.site_id).
    accepts_card: boolean({ label: "Card payments", default: true }),
    accepts_on_account: boolean({ label: "On account" }),
    accepts_po: boolean({ label: "Purchase order numbers" }),
    approval_workflow: choice(
      [
        "none",
        { value: "approver", label: "One approver" },
        "budget_holder",
        { value: "two_step", label: "Approver, then budget holder" },
      ],
      {
        default: "none",
        filter: true,
        help: "Who approves a buyer's order before it goes to production",
      },
    ),
    requires_cost_center: boolean({ label: "Requires a charge code" }),
    // Order settings and their steps: src/resources/order-settings.ts, listed on the site's page.
  },
  list: ["name", "domain", "kind", "customer_id", "status", "updated_at"],
  sort: "name",
  form: [
    ["name", "domain"],
    ["kind", "customer_id", "status"],
    ["logo_url", "primary_color"],
    ["support_email", "support_phone"],
    ["accepts_card", "accepts_on_account", "accepts_po"],
    ["approval_workflow", "requires_cost_center"],
  ],
  related: [{ kind: "OrderSetting", field: "site_id" }],
});
