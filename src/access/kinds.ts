// The resource kinds of the v1 contract (api-contract.md, "Resources") and the API path of each.
// Pure data: the app and the server (via tsx) both import this file, so no React, no DOM.

export const KIND_PATHS = {
  Agent: "agents",
  ApiKey: "api-keys",
  Attribute: "attributes",
  Customer: "customers",
  CustomerAddress: "customer-addresses",
  CostCenter: "cost-centers",
  Equipment: "equipments",
  EquipmentType: "equipment-types",
  Group: "user-groups",
  Integration: "integrations",
  InventoryMeasureUnit: "inventory-measure-units",
  InventoryPaperAttribute: "inventory-paper-attributes",
  InventoryPaperBrand: "inventory-paper-brands",
  InventoryPaperGrade: "inventory-paper-grades",
  InventoryType: "inventory-types",
  Inventory: "inventories",
  List: "lists",
  Location: "facilities",
  MailOrder: "mail-orders",
  Map: "maps",
  Order: "orders",
  PackingSlip: "packing-slips",
  PurchaseOrder: "purchase-orders",
  Product: "products",
  ProductAction: "product-actions",
  ProductCategory: "product-categories",
  ProductType: "product-types",
  ProductionStation: "production-stations",
  RefundApproval: "refund-approvals",
  Role: "roles",
  Run: "runs",
  Service: "product-services",
  Site: "sites",
  SmsTemplate: "sms-templates",
  Status: "statuses",
  Template: "templates",
  TemplateAction: "template-actions",
  TemplateCategory: "template-categories",
  TemplateType: "template-types",
  User: "users",
  UserPayment: "user-payments",
  VendorCategory: "vendor-categories",
  Vendor: "vendors",
  Route: "routes",
} as const;

export type Kind = keyof typeof KIND_PATHS;

/** Every kind, in the order of spec §3. */
export const KINDS = Object.keys(KIND_PATHS) as readonly Kind[];

const KIND_BY_PATH = new Map<string, Kind>(KINDS.map((kind) => [KIND_PATHS[kind], kind]));

// Object.hasOwn, not `in`: "toString" must not pass for a kind.
export function isKind(value: unknown): value is Kind {
  return typeof value === "string" && Object.hasOwn(KIND_PATHS, value);
}

export function pathOf(kind: Kind): string {
  return KIND_PATHS[kind];
}

export function kindForPath(path: string): Kind | undefined {
  return KIND_BY_PATH.get(path);
}
