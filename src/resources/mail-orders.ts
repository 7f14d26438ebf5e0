import { defineResource } from "../resource-engine/define";
import {
  choice,
  date,
  datetime,
  integer,
  money,
  NOW,
  reference,
  referenceList,
  text,
} from "../resource-engine/fields";

const count = (label: string) => integer({ label, min: 0, max: 10_000_000 });

// A direct-mail job: a list (or EDDM routes) printed, addressed and mailed in one or more drops.
// Multi-drop: equal quantities on set dates within 90 days, no weekends or USPS holidays.
const ofOrderSite = { field: "order_id", through: "site_id", targetField: "site_id", optional: true };

export default defineResource({
  kind: "MailOrder",
  icon: "mail",
  group: "Direct mail",
  pages: "routes",
  titleField: "mail_order_number",
  fields: {
    mail_order_number: text({
      required: true,
      max: 20,
      unique: true,
      searchable: true,
      sortable: true,
      numbering: { format: "MO-{n}", start: 30_001 },
    }),
    order_id: reference("Order", {
      filter: true,
      dependsOn: { field: "customer_id", targetField: "customer_id" },
    }),
    customer_id: reference("Customer", { required: true, filter: true }),
    // What it mails is sold on its order's storefront (an order without a site takes any).
    product_id: reference("Product", { filter: true, dependsOn: ofOrderSite }),
    template_id: reference("Template", { onDelete: "setNull", dependsOn: ofOrderSite }),
    // A customer's mailing lists are theirs alone (privacy): only its own customer's.
    list_ids: referenceList("List", {
      label: "Lists",
      dependsOn: { field: "customer_id", targetField: "customer_id" },
    }),
    route_ids: referenceList("Route", { label: "EDDM routes" }),
    mail_class: choice(
      [
        "first_class",
        "marketing",
        "nonprofit_marketing",
        { value: "eddm_retail", label: "EDDM Retail" },
        { value: "eddm_bmeu", label: "EDDM BMEU" },
      ],
      { required: true, default: "marketing", filter: true },
    ),
    shape: choice(["card", "letter", "flat"], { required: true, default: "letter", filter: true }),
    postage_payment: choice(["permit_imprint", "meter", "stamp"], {
      default: "permit_imprint",
      filter: true,
    }),
    permit_no: text({ label: "Permit no.", max: 20 }),
    entry_facility_id: reference("Location", { label: "Entry facility", filter: true }),
    addressing: choice(["inkjet", "label", "variable_data"], { default: "inkjet", filter: true }),
    // The sum of the drops' quantities, set by the server.
    piece_count: integer({ readOnly: true, sortable: true }),
    presort_carrier_route: count("Carrier route"),
    presort_5_digit: count("5-digit"),
    presort_3_digit: count("3-digit"),
    presort_aadc: count("AADC"),
    presort_mixed_aadc: count("Mixed AADC"),
    cass_at: datetime({ label: "CASS run at", notAfter: NOW }),
    ncoa_at: datetime({ label: "NCOA run at", notAfter: NOW }),
    postage_estimate: money({ sortable: true }),
    postage_actual: money(),
    status_id: reference("Status", { statusOf: "mail_order", filter: true }),
  },
  children: {
    drops: {
      fields: {
        drop_no: integer({ label: "Drop", required: true, min: 1, max: 52 }),
        scheduled_date: date({ required: true }),
        // At most the pieces its lists, routes and order leave after the other drops (hooks/mail-orders.ts).
        quantity: integer({ required: true, min: 1, max: 10_000_000, bounded: true }),
        list_segment: text({ max: 80 }),
        status: choice(
          [
            { value: "scheduled", color: "blue" },
            { value: "in_production", color: "orange" },
            { value: "mailed", color: "green" },
            { value: "cancelled", color: "red" },
          ],
          { required: true, default: "scheduled" },
        ),
        mailed_at: datetime({ notAfter: NOW }),
        postage_statement_no: text({ label: "Postage statement no.", max: 40 }),
      },
    },
  },
  list: ["mail_order_number", "customer_id", "mail_class", "piece_count", "status_id", "updated_at"],
  sort: "-mail_order_number",
  form: [
    ["mail_order_number", "customer_id", "order_id"],
    ["product_id", "template_id", "status_id"],
    ["list_ids", "route_ids"],
    ["mail_class", "shape", "addressing"],
    ["postage_payment", "permit_no", "entry_facility_id"],
    ["presort_carrier_route", "presort_5_digit", "presort_3_digit"],
    ["presort_aadc", "presort_mixed_aadc"],
    ["cass_at", "ncoa_at"],
    ["postage_estimate", "postage_actual"],
  ],
});
