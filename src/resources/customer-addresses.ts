import { defineResource } from "../resource-engine/define";
import { boolean, choice, phone, reference, text } from "../resource-engine/fields";

// Reached from the customer's page, so kept out of the menu.
export default defineResource({
  kind: "CustomerAddress",
  icon: "environment",
  group: "Customers",
  hidden: true,
  fields: {
    customer_id: reference("Customer", { required: true, filter: true }),
    kind: choice(["billing", "shipping", "return"], { required: true, default: "shipping", filter: true }),
    nickname: text({ max: 60, searchable: true, sortable: true }),
    company: text({ max: 120, searchable: true }),
    attention: text({ max: 120 }),
    street1: text({ label: "Street 1", required: true, max: 120, searchable: true }),
    street2: text({ label: "Street 2", max: 120 }),
    city: text({ required: true, max: 80, searchable: true, sortable: true }),
    state: text({ max: 40, filter: true }),
    postal_code: text({ required: true, max: 12, searchable: true, sortable: true }),
    country: text({
      required: true,
      default: "US",
      pattern: "^[A-Z]{2}$",
      patternMessage: "ISO code, e.g. US",
    }),
    phone: phone(),
    is_default: boolean({ filter: true }),
    is_residential: boolean(),
    // Set by address validation (USPS), never by a form.
    validated: boolean({ readOnly: true, filter: true }),
  },
  titleField: "street1",
  // Pickers tell addresses apart: "12 Main St, Springfield · Acme Printing".
  labelFields: ["city", "customer_id"],
  list: ["customer_id", "kind", "nickname", "street1", "city", "is_default"],
  sort: "nickname",
  form: [
    ["customer_id", "kind", "nickname"],
    ["company", "attention", "phone"],
    ["street1", "street2"],
    ["city", "state", "postal_code", "country"],
    ["is_default", "is_residential"],
  ],
});
