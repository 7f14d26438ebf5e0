import { describe, expect, it } from "vitest";
import type { Kind } from "../../../src/access/kinds";
import { RESOURCES, resourceOf } from "../../../src/resource-engine/registry";
import { validateResources } from "../../../src/resource-engine/validate";

const MASTER_DATA: Kind[] = [
  "Attribute",
  "CostCenter",
  "Customer",
  "CustomerAddress",
  "Equipment",
  "EquipmentType",
  "InventoryMeasureUnit",
  "InventoryPaperAttribute",
  "InventoryPaperBrand",
  "InventoryPaperGrade",
  "InventoryType",
  "Inventory",
  "Location",
  "ProductCategory",
  "Service",
  "ProductType",
  "TemplateCategory",
  "TemplateType",
  "Status",
  "Site",
  "Vendor",
  "VendorCategory",
];

describe("resource declarations", () => {
  it("pass the validation pass", () => {
    expect(validateResources(RESOURCES)).toEqual([]);
  });

  it.each(MASTER_DATA)("declare %s exactly once", (kind) => {
    expect(RESOURCES.filter((r) => r.kind === kind)).toHaveLength(1);
  });

  it("use the labels and paths the brief fixes", () => {
    expect(resourceOf("Location")).toMatchObject({ path: "facilities", label: "Facilities" });
    expect(resourceOf("Service")).toMatchObject({ path: "product-services", label: "Product services" });
    expect(resourceOf("Status")).toMatchObject({ label: "Statuses", singular: "Status" });
    expect(resourceOf("CustomerAddress")).toMatchObject({ hidden: true, group: "Customers" });
  });

  it("keep computed fields out of forms but on the show page", () => {
    const inventory = resourceOf("Inventory");
    expect(inventory?.fields.available.readOnly).toBe(true);
    expect(inventory?.form.flat()).not.toContain("available");
    expect(inventory?.show.flat()).toContain("available");
  });

  it("give every kind a menu group and an icon name in kebab case", () => {
    for (const r of RESOURCES) {
      expect(r.group, r.kind).toBeDefined();
      expect(r.icon, r.kind).toMatch(/^[a-z]+(-[a-z]+)*$/);
    }
  });
});
