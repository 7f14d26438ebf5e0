import { defineResource } from "../resource-engine/define";
import {
  boolean,
  choice,
  decimal,
  integer,
  type JsonShape,
  json,
  money,
  reference,
  referenceList,
  richText,
  text,
} from "../resource-engine/fields";
import { OPTION_VALUES } from "./orders";

// A size, when set, is above 0; the finished (trimmed, folded) size fits in the flat sheet.
const inches = (o: { notAbove?: { field: string; label: string } } = {}) =>
  decimal({ min: 0, positive: true, max: 200, scale: 3, unit: "in", ...o });

// Quantity breaks: increasing quantities, each with its price (pricing.ts picks one).
const PRICE_TIERS: JsonShape = {
  type: "array",
  max: 50,
  increasing: "quantity",
  items: {
    type: "object",
    properties: {
      quantity: { type: "integer", min: 1, max: 10_000_000, required: true },
      price: { type: "money", min: 0, required: true },
    },
  },
};

// Prices are Product UpdatePrice's (issue 21): read-only in the app without it, 403 from the server.
const PRICE = { requires: "UpdatePrice" } as const;

// A product's categories and templates are its own site's (issue 16, class 9): the server refuses
// another site's (400 on the field) and the selects offer only the site's.
const ofSite = { field: "site_id", targetField: "site_id" };

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
    category_ids: referenceList("ProductCategory", { label: "Categories", dependsOn: ofSite }),
    finished_width: inches({ notAbove: { field: "flat_width", label: "the flat width" } }),
    finished_height: inches({ notAbove: { field: "flat_height", label: "the flat height" } }),
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
    template_ids: referenceList("Template", { label: "Templates", dependsOn: ofSite }),
    price_tiers: json({ help: "[{ quantity, price }]", shape: PRICE_TIERS, ...PRICE }),
    setup_fee: money(PRICE),
    turnaround_days: integer({ min: 0, max: 90, unit: "days", sortable: true }),
    unit_weight: decimal({ label: "Weight per unit", min: 0, max: 1000, scale: 4, unit: "lb" }),
    production_route: referenceList("ProductionStation", { help: "Stations in order" }),
    gangable: boolean({ default: true, filter: true }),
    outsource_vendor_id: reference("Vendor", { filter: true, onDelete: "setNull" }),
    vendor_product_id: text({ label: "Vendor product ID", max: 80 }),
    mailable: boolean({ filter: true }),
    mail_shape: choice(["card", "letter", "flat"], { filter: true }),
    active: boolean({ default: true, filter: true }),
    // What the storefront says about it: formatted text, sanitised by the server when written.
    description: richText({ max: 20_000 }),
  },
  children: {
    // One per combination of option values, each with its own SKU and price.
    variants: {
      fields: {
        sku: text({ label: "SKU", required: true, max: 40 }),
        name: text({ max: 160 }),
        attribute_values: json({
          label: "Option values",
          help: "{ attribute code: value code }",
          shape: OPTION_VALUES,
        }),
        price: money(PRICE),
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
    ["description"],
  ],
});
