import { describe, expect, it } from "vitest";
import { defineResource, type ResourceInput } from "../../../src/resource-engine/define";
import { boolean, choice, integer, reference, text } from "../../../src/resource-engine/fields";
import { validateResources } from "../../../src/resource-engine/validate";

// A sound pair to break one thing at a time.
const category = (over: Partial<ResourceInput> = {}) =>
  defineResource({
    kind: "VendorCategory",
    fields: { name: text({ required: true, sortable: true }) },
    sort: "name",
    ...over,
  });
const vendor = (over: Partial<ResourceInput> = {}) =>
  defineResource({
    kind: "Vendor",
    fields: {
      name: text({ required: true, sortable: true }),
      vendor_category_id: reference("VendorCategory", { filter: true }),
      preferred: boolean(),
    },
    list: ["name", "vendor_category_id", "updated_at"],
    sort: "name",
    form: [["name", "vendor_category_id"], ["preferred"]],
    ...over,
  });

const errorsOf = (...resources: ReturnType<typeof defineResource>[]) => validateResources(resources);

describe("validateResources", () => {
  it("accepts sound declarations", () => {
    expect(errorsOf(category(), vendor())).toEqual([]);
  });

  it("reports a field that requires an action its kind does not have, or a plain verb", () => {
    const fields = (requires: string) => ({
      name: text({ required: true, sortable: true }),
      vendor_category_id: reference("VendorCategory", { filter: true }),
      preferred: boolean({ requires }),
    });
    expect(errorsOf(category(), vendor({ fields: fields("UpdatePrice") }))).toEqual([
      'Vendor: field "preferred" requires "UpdatePrice", not an extra action of Vendor',
    ]);
    expect(errorsOf(category(), vendor({ fields: fields("Update") }))).toEqual([
      'Vendor: field "preferred" requires "Update", not an extra action of Vendor',
    ]);
  });

  it("reports an unknown field in a list column, a filter and a form", () => {
    expect(errorsOf(category(), vendor({ list: ["name", "nmae"] }))).toEqual([
      'Vendor: list names unknown field "nmae"',
    ]);
    expect(errorsOf(category(), vendor({ filters: ["category"] }))).toEqual([
      'Vendor: filters names unknown field "category"',
    ]);
    // show defaults to the form, so an unknown form field is reported for both
    expect(errorsOf(category(), vendor({ form: [["name", "terms"]] }))).toEqual([
      'Vendor: form names unknown field "terms"',
      'Vendor: show names unknown field "terms"',
    ]);
  });

  it("reports a reference to an undeclared kind", () => {
    expect(errorsOf(vendor())).toEqual([
      'Vendor: field "vendor_category_id" references undeclared kind VendorCategory',
    ]);
  });

  it("reports a duplicate path", () => {
    const twin = defineResource({
      kind: "Vendor",
      fields: { name: text({ sortable: true }) },
      sort: "name",
    });
    expect(errorsOf(category(), vendor(), twin)).toEqual([
      'duplicate kind "Vendor"',
      'duplicate path "vendors"',
      'duplicate route "/vendors"',
    ]);
  });

  it("reports a path that differs from the contract", () => {
    expect(errorsOf(category({ path: "vendors" }), vendor())).toEqual([
      'VendorCategory: path "vendors" differs from the contract\'s "vendor-categories"',
      'duplicate path "vendors"',
      'duplicate route "/vendors"',
    ]);
  });

  it("reports a missing label", () => {
    expect(errorsOf(category({ label: "  " }), vendor())).toEqual(["VendorCategory: missing label"]);
    expect(errorsOf(category({ fields: { name: text({ label: " ", sortable: true }) } }), vendor())).toEqual([
      'VendorCategory: field "name" has no label',
    ]);
  });

  it("reports an enum without values, and one whose default is not a value", () => {
    const fields = { name: text({ sortable: true }), terms: choice([]) };
    expect(errorsOf(category({ fields }), vendor())).toEqual(['VendorCategory: enum "terms" has no values']);
    const typo = { name: text({ sortable: true }), terms: choice(["net15", "net30"], { default: "net03" }) };
    expect(errorsOf(category({ fields: typo }), vendor())).toEqual([
      'VendorCategory: enum "terms" defaults to "net03", not one of its values',
    ]);
  });

  it("reports a read-only or system field in the form", () => {
    const fields = { name: text({ sortable: true }), total: integer({ readOnly: true }) };
    expect(errorsOf(category({ fields, form: [["name", "total"]] }), vendor())).toEqual([
      'VendorCategory: form names read-only field "total"',
    ]);
    expect(errorsOf(category({ form: [["name", "updated_at"]] }), vendor())).toEqual([
      'VendorCategory: form names read-only field "updated_at"',
    ]);
  });

  it("reports min > max", () => {
    const fields = { name: text({ min: 300, sortable: true }), days: integer({ min: 10, max: 1 }) };
    expect(errorsOf(category({ fields }), vendor())).toEqual([
      'VendorCategory: field "name" has min > max',
      'VendorCategory: field "days" has min > max',
    ]);
  });

  it("reports a declared system field and a name that is not snake_case", () => {
    const fields = {
      name: text({ sortable: true }),
      updated_at: text(),
      tenant_id: integer(),
      Name2: text(),
    };
    expect(errorsOf(category({ fields, form: [["name"]] }), vendor())).toEqual([
      'VendorCategory: field "updated_at" is a system field',
      'VendorCategory: field "tenant_id" is a system field',
      'VendorCategory: field "Name2" is not snake_case',
    ]);
  });

  it("reports a default sort on an unknown or unsortable field", () => {
    expect(errorsOf(category({ sort: "-title" }), vendor())).toEqual([
      'VendorCategory: sort names unknown field "title"',
    ]);
    expect(errorsOf(category(), vendor({ sort: "preferred,-created_at" }))).toEqual([
      'Vendor: sort names unsortable field "preferred"',
    ]);
  });

  describe("partOf and rowPages", () => {
    const site = defineResource({ kind: "Site", fields: { name: text({ required: true }) }, sort: "-id" });
    const settings = (over: Partial<ResourceInput> = {}) =>
      defineResource({
        kind: "OrderSetting",
        pages: "routes",
        partOf: "site_id",
        fields: { site_id: reference("Site", { required: true }), name: text({ required: true }) },
        children: { steps: { fields: { name: text({ required: true }) }, rowPages: true } },
        ...over,
      });

    it("accepts a part of a declared kind's records, and an extension kind", () => {
      expect(errorsOf(site, settings())).toEqual([]);
    });

    it("reports a holder that is not declared, or whose records live elsewhere", () => {
      expect(errorsOf(settings())).toEqual([
        'OrderSetting: field "site_id" references undeclared kind Site',
        'OrderSetting: partOf "site_id": Site is not declared',
      ]);
      const moved = defineResource({ kind: "Site", route: "/shops", fields: { name: text() } });
      expect(errorsOf(moved, settings())).toEqual([
        'OrderSetting: partOf "site_id": Site\'s records are not at /sites/{id}',
      ]);
    });

    it("reports a field that is not a required reference, a drawer, another scopedBy", () => {
      const optional = { site_id: reference("Site"), name: text({ required: true }) };
      expect(errorsOf(site, settings({ fields: optional }))).toEqual([
        'OrderSetting: partOf "site_id": not a required reference field',
      ]);
      expect(errorsOf(site, settings({ partOf: "name" }))).toEqual([
        'OrderSetting: partOf "name": not a required reference field',
      ]);
      expect(errorsOf(site, settings({ pages: "drawer" }))).toEqual([
        'OrderSetting: partOf "site_id": needs pages: "routes"',
      ]);
      const fields = {
        site_id: reference("Site", { required: true }),
        other_site_id: reference("Site"),
        name: text({ required: true }),
      };
      expect(errorsOf(site, settings({ fields, scopedBy: "other_site_id" }))).toEqual([
        'OrderSetting: partOf "site_id": scopedBy must be the same field',
      ]);
    });

    it("reports two collections with row pages (they would share {show}/{childId})", () => {
      const children = {
        steps: { fields: { name: text() }, rowPages: true },
        notes: { fields: { text: text() }, rowPages: true },
      };
      expect(errorsOf(site, settings({ children }))).toEqual([
        "OrderSetting: more than one child collection has rowPages",
      ]);
    });
  });

  it("reports an unknown kind", () => {
    const odd = defineResource({ kind: "Widget" as never, path: "widgets", fields: { name: text() } });
    expect(errorsOf(odd)).toEqual(["Widget: unknown kind"]);
  });
});
