import { defineSeed, ref, type SeedRow } from "./define";

// The sites themselves come with the identity seed (server/db/seed.ts); this gives them their
// branding and checkout. The corporate portal serves Acme, charges to its cost centres and has
// orders approved; the realty hub resells to agents on account.
const SITES: Record<string, SeedRow> = {
  "Pressroom Demo Storefront": {
    logo_url: "https://files.pressroom.test/brand/pressroom-logo.svg",
    primary_color: "#1677ff",
    support_email: "help@shop.pressroom.test",
    support_phone: "(312) 555-0140",
    accepts_card: true,
    accepts_on_account: true,
    accepts_po: true,
    approval_workflow: "none",
    requires_cost_center: false,
  },
  "Acme Corporate Portal": {
    customer_id: ref("Customer", "ACME"),
    logo_url: "https://files.pressroom.test/brand/acme-logo.svg",
    primary_color: "#c41d7f",
    support_email: "acme@shop.pressroom.test",
    support_phone: "(312) 555-0141",
    accepts_card: false,
    accepts_on_account: true,
    accepts_po: true,
    approval_workflow: "approver",
    requires_cost_center: true,
  },
  "Realty Print Hub": {
    logo_url: "https://files.pressroom.test/brand/realty-hub-logo.svg",
    primary_color: "#389e0d",
    support_email: "agents@realty.pressroom.test",
    support_phone: "(312) 555-0142",
    accepts_card: true,
    accepts_on_account: true,
    accepts_po: false,
    approval_workflow: "none",
    requires_cost_center: false,
  },
  "Other Print Storefront": {
    logo_url: "https://files.other.test/logo.png",
    primary_color: "#fa541c",
    support_email: "orders@other.test",
    support_phone: "(608) 555-0190",
    accepts_card: true,
    accepts_on_account: false,
    accepts_po: false,
    approval_workflow: "none",
    requires_cost_center: false,
  },
};

export default defineSeed({
  async after({ keys, update }) {
    for (const site of keys("Site")) if (SITES[site]) await update("Site", site, SITES[site]);
  },
});
