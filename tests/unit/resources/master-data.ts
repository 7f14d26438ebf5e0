import type { Kind } from "../../../src/access/kinds";

/** The master-data kinds of issue #5 (and Site, declared with them). */
export const MASTER_DATA: Kind[] = [
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
