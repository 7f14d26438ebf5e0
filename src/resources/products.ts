import { defineResource } from "../resource-engine/define";
import {
  boolean,
  choice,
  decimal,
  integer,
  json,
  money,
  reference,
  referenceList,
  text,
} from "../resource-engine/fields";

const inches = () => decimal({ min: 0, max: 200, scale: 3, unit: "in" });

// What a storefront sells, per site (/products/{site_id}/...). Templates are linked here only,
// not also from the template, so the relation is kept once.
export default defineResource({
  kind: "Product",
  icon: "shopping",
  group: "Catalogue",
  pages: "routes",
  scopedBy: "site_id",
  fields: {
    sku: text({ label: "SKU", required: true, max: 40, unique: true, searchable: true, sortable: true }),
    name: text({ required: true, max: 160, searchable: true, sortable: true }),
    site_id: reference("Site", { required: true, filter: true }),
    product_type_id: reference("ProductType", { required: true, filter: true }),
    category_ids: referenceList("ProductCategory", { label: "Categories" }),
    finished_width: inches(),
    finished_height: inches(),
    flat_width: inches(),
    flat_height: inches(),
    bleed: decimal({ min: 0, max: 2, scale: 3, unit: "in", default: 0.125 }),
    color_spec: text({
      label: "Colours",
      max: 5,
      pattern: "^\\d{1,2}/\\d{1,2}$",
      patternMessage: "Front/back colours, e.g. 4/4",
    }),
    default_stock_id: reference("Inventory", { filter: true, onDelete: "setNull" }),
    attribute_ids: referenceList("Attribute", { label: "Options" }),
    template_ids: referenceList("Template", { label: "Templates" }),
    price_tiers: json({ help: "[{ quantity, price }]" }),
    setup_fee: money(),
    turnaround_days: integer({ min: 0, max: 90, unit: "days", sortable: true }),
    unit_weight: decimal({ label: "Weight per unit", min: 0, max: 1000, scale: 4, unit: "lb" }),
    production_route: referenceList("ProductionStation", { help: "Stations in order" }),
    gangable: boolean({ default: true, filter: true }),
    outsource_vendor_id: reference("Vendor", { filter: true, onDelete: "setNull" }),
    vendor_product_id: text({ label: "Vendor product ID", max: 80 }),
    mailable: boolean({ filter: true }),
    mail_shape: choice(["card", "letter", "flat"], { filter: true }),
    active: boolean({ default: true, filter: true }),
  },
  children: {
    // One per combination of option values, each with its own SKU and price.
    variants: {
      fields: {
        sku: text({ label: "SKU", required: true, max: 40 }),
        name: text({ max: 160 }),
        attribute_values: json({ label: "Option values", help: "{ attribute code: value code }" }),
        price: money(),
        active: boolean({ default: true }),
      },
      titleField: "sku",
    },
  },
  list: ["sku", "name", "product_type_id", "site_id", "turnaround_days", "active"],
  sort: "name",
  form: [
    ["sku", "name"],
    ["site_id", "product_type_id", "category_ids"],
    ["finished_width", "finished_height", "bleed"],
    ["flat_width", "flat_height", "color_spec"],
    ["default_stock_id", "attribute_ids", "template_ids"],
    ["price_tiers"],
    ["setup_fee", "turnaround_days", "unit_weight"],
    ["production_route", "gangable"],
    ["outsource_vendor_id", "vendor_product_id"],
    ["mailable", "mail_shape", "active"],
  ],
});
