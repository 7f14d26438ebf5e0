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

/**
 * Kinds the engine declares beyond the contract's list: records spec §2 has pages for but the
 * contract no table (a site's order settings, /sites/{id}/{order_settings_id}). Each has an API
 * path of its own and is governed by a contract kind's permissions (`permissionsOf`): roles
 * grant actions on the contract's kinds only, so an extension adds nothing to the catalogue.
 */
export const EXTENSION_KINDS = {
  OrderSetting: { path: "order-settings", permissionsOf: "Site" },
} as const satisfies Record<string, { path: string; permissionsOf: Kind }>;

export type ExtensionKind = keyof typeof EXTENSION_KINDS;

/** Every kind a declaration may name: the contract's and the extensions. */
export type ResourceKind = Kind | ExtensionKind;

/** Every kind, in the order of spec §3. */
export const KINDS = Object.keys(KIND_PATHS) as readonly Kind[];

const KIND_BY_PATH = new Map<string, Kind>(KINDS.map((kind) => [KIND_PATHS[kind], kind]));

// Object.hasOwn, not `in`: "toString" must not pass for a kind.
export function isKind(value: unknown): value is Kind {
  return typeof value === "string" && Object.hasOwn(KIND_PATHS, value);
}

export function isExtensionKind(value: unknown): value is ExtensionKind {
  return typeof value === "string" && Object.hasOwn(EXTENSION_KINDS, value);
}

export function isResourceKind(value: unknown): value is ResourceKind {
  return isKind(value) || isExtensionKind(value);
}

export function pathOf(kind: ResourceKind): string {
  return isExtensionKind(kind) ? EXTENSION_KINDS[kind].path : KIND_PATHS[kind];
}

/** The contract kind whose permissions govern `kind`: itself, or an extension's `permissionsOf`. */
export function permissionKindOf(kind: ResourceKind): Kind {
  return isExtensionKind(kind) ? EXTENSION_KINDS[kind].permissionsOf : kind;
}

export function kindForPath(path: string): Kind | undefined {
  return KIND_BY_PATH.get(path);
}

const EXTENSION_BY_PATH = new Map<string, ExtensionKind>(
  (Object.keys(EXTENSION_KINDS) as ExtensionKind[]).map((kind) => [EXTENSION_KINDS[kind].path, kind]),
);

/** kindForPath, extensions included. */
export function resourceKindForPath(path: string): ResourceKind | undefined {
  return KIND_BY_PATH.get(path) ?? EXTENSION_BY_PATH.get(path);
}
