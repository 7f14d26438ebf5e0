import { defineResource } from "../resource-engine/define";
import { boolean, choice, json, phone, text } from "../resource-engine/fields";

export default defineResource({
  kind: "Location",
  path: "facilities",
  label: "Facilities",
  icon: "environment",
  group: "Production setup",
  fields: {
    name: text({ required: true, max: 120, searchable: true, sortable: true }),
    code: text({ required: true, max: 20, unique: true, searchable: true, sortable: true }),
    kind: choice(["plant", "pickup", "warehouse", "lettershop"], {
      required: true,
      default: "plant",
      filter: true,
    }),
    street1: text({ label: "Street 1", max: 120 }),
    street2: text({ label: "Street 2", max: 120 }),
    city: text({ max: 80, searchable: true, sortable: true }),
    state: text({ max: 40, filter: true }),
    postal_code: text({ max: 12 }),
    country: text({ default: "US", pattern: "^[A-Z]{2}$", patternMessage: "ISO code, e.g. US" }),
    phone: phone(),
    timezone: text({ required: true, max: 64, help: "IANA name, e.g. America/Chicago" }),
    order_cutoff: text({
      label: "Order cut-off time",
      pattern: "^([01]\\d|2[0-3]):[0-5]\\d$",
      patternMessage: "24-hour HH:MM",
    }),
    mail_entry_office: text({ max: 120 }),
    permit_numbers: json({ help: "[{ number, type }]" }),
    active: boolean({ default: true, filter: true }),
  },
  children: {
    // Each address keeps its own change log (the app's /facilities/{id}/shipping-address/{shipping_address_id}/change-logs).
    shipping_addresses: {
      fields: {
        nickname: text({ required: true, max: 60 }),
        company: text({ max: 120 }),
        attention: text({ max: 120 }),
        street1: text({ label: "Street 1", required: true, max: 120 }),
        street2: text({ label: "Street 2", max: 120 }),
        city: text({ required: true, max: 80 }),
        state: text({ max: 40 }),
        postal_code: text({ required: true, max: 12 }),
        country: text({
          required: true,
          default: "US",
          pattern: "^[A-Z]{2}$",
          patternMessage: "ISO code, e.g. US",
        }),
        phone: phone(),
        is_default: boolean(),
      },
      columns: ["nickname", "company", "street1", "city", "state", "postal_code", "is_default"],
      titleField: "nickname",
      ownChangeLog: true,
    },
  },
  list: ["code", "name", "kind", "city", "active", "updated_at"],
  sort: "name",
  form: [
    ["name", "code", "kind"],
    ["street1", "street2"],
    ["city", "state", "postal_code", "country"],
    ["phone", "timezone", "order_cutoff"],
    ["mail_entry_office", "permit_numbers"],
    ["active"],
  ],
});
