import { describe, expect, it } from "vitest";
import { isKind, KIND_PATHS, KINDS, kindForPath, pathOf } from "../../../src/access/kinds";

// The Resources table of api-contract.md, copied by hand so a drift in either shows here.
const CONTRACT: Array<[string, string]> = [
  ["Agent", "agents"],
  ["ApiKey", "api-keys"],
  ["Attribute", "attributes"],
  ["Customer", "customers"],
  ["CustomerAddress", "customer-addresses"],
  ["CostCenter", "cost-centers"],
  ["Equipment", "equipments"],
  ["EquipmentType", "equipment-types"],
  ["Group", "user-groups"],
  ["Integration", "integrations"],
  ["InventoryMeasureUnit", "inventory-measure-units"],
  ["InventoryPaperAttribute", "inventory-paper-attributes"],
  ["InventoryPaperBrand", "inventory-paper-brands"],
  ["InventoryPaperGrade", "inventory-paper-grades"],
  ["InventoryType", "inventory-types"],
  ["Inventory", "inventories"],
  ["List", "lists"],
  ["Location", "facilities"],
  ["MailOrder", "mail-orders"],
  ["Map", "maps"],
  ["Route", "routes"],
  ["Vendor", "vendors"],
  ["Order", "orders"],
  ["PackingSlip", "packing-slips"],
  ["PurchaseOrder", "purchase-orders"],
  ["Product", "products"],
  ["ProductAction", "product-actions"],
  ["ProductCategory", "product-categories"],
  ["ProductType", "product-types"],
  ["ProductionStation", "production-stations"],
  ["RefundApproval", "refund-approvals"],
  ["Role", "roles"],
  ["Run", "runs"],
  ["Service", "product-services"],
  ["Site", "sites"],
  ["SmsTemplate", "sms-templates"],
  ["Status", "statuses"],
  ["Template", "templates"],
  ["TemplateAction", "template-actions"],
  ["TemplateCategory", "template-categories"],
  ["TemplateType", "template-types"],
  ["User", "users"],
  ["UserPayment", "user-payments"],
  ["VendorCategory", "vendor-categories"],
];

describe("kinds", () => {
  it("has exactly the 44 kinds of the contract", () => {
    expect(KINDS).toHaveLength(44);
    expect([...KINDS].sort()).toEqual(CONTRACT.map(([kind]) => kind).sort());
  });

  it.each(CONTRACT)("%s lives at %s", (kind, path) => {
    expect(isKind(kind)).toBe(true);
    if (!isKind(kind)) return;
    expect(pathOf(kind)).toBe(path);
    expect(kindForPath(path)).toBe(kind);
  });

  it("has unique paths", () => {
    expect(new Set(Object.values(KIND_PATHS)).size).toBe(KINDS.length);
  });

  it.each([["Vendors"], ["vendor"], ["toString"], ["constructor"], [""], [42], [null], [undefined]])(
    "isKind(%j) is false",
    (value) => {
      expect(isKind(value)).toBe(false);
    },
  );

  it("kindForPath is undefined for an unknown path", () => {
    expect(kindForPath("vendor")).toBeUndefined();
    expect(kindForPath("Vendor")).toBeUndefined();
  });
});
