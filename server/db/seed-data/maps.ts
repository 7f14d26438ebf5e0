import { defineSeed, ref, type SeedRow } from "./define";

// Field maps: how uploaded list columns become address fields, which 4over product a storefront
// product is sent as, and what customers see for an internal status.
// name, kind, source, target, transform, default
type FieldMap = [string, string, string, string, string, string | null];

const LIST_FIELDS: FieldMap[] = [
  ["List: first name", "list_field", "FNAME", "first_name", "title_case", null],
  ["List: last name", "list_field", "LNAME", "last_name", "title_case", null],
  ["List: company", "list_field", "COMPANY", "company", "trim", null],
  ["List: address 1", "list_field", "ADDR1", "street1", "uppercase", null],
  ["List: address 2", "list_field", "ADDR2", "street2", "uppercase", null],
  ["List: city", "list_field", "CITY", "city", "uppercase", null],
  ["List: state", "list_field", "ST", "state", "uppercase", null],
  ["List: ZIP", "list_field", "ZIP", "postal_code", "zip5", null],
  ["List: salutation", "list_field", "SALUTATION", "salutation", "none", "Current Resident"],
];

const FOUR_OVER: FieldMap[] = [
  [
    "4over: foil business cards",
    "four_over_product",
    "TR-BC-FOIL",
    "6f1f8a4e-foil-16pt-bc-2x35",
    "none",
    null,
  ],
  [
    "4over: spot UV business cards",
    "four_over_product",
    "TR-BC-SUV",
    "0c5d93b2-suv-16pt-bc-2x35",
    "none",
    null,
  ],
  ["4over: envelopes #10", "four_over_product", "TR-ENV-10", "a83e7d10-env-10-24lb-4-0", "none", null],
  ["4over: paper stock 16pt", "four_over_product", "stock:16pt-matte", "16PT-MATTE", "uppercase", null],
  ["4over: colors 4/4", "four_over_product", "colors:4-4", "4/4", "none", null],
];

const CUSTOMER_STATUS: FieldMap[] = [
  ["Status: batched", "customer_status", "batched", "In production", "none", null],
  ["Status: reprint", "customer_status", "reprint", "In production", "none", null],
  ["Status: staged", "customer_status", "staged", "Being packed", "none", null],
  ["Status: on hold", "customer_status", "on_hold", "We will contact you", "none", null],
];

export default defineSeed({
  rows: ({ full, keys }) => {
    const integrations = new Set(keys("Integration"));
    const fourOver = integrations.has("4over") ? ref("Integration", "4over") : null;
    const maps = full ? [...LIST_FIELDS, ...FOUR_OVER, ...CUSTOMER_STATUS] : LIST_FIELDS.slice(0, 3);
    return maps.map(
      ([name, kind, source_key, target_key, transform, default_value], i): SeedRow => ({
        name,
        kind,
        integration_id: kind === "four_over_product" ? fourOver : null,
        source_key,
        target_key,
        transform,
        default_value,
        active: !(full && i === 4),
      }),
    );
  },
});
