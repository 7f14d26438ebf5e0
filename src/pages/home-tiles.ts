// The home page's shortcuts to the main areas, each shown only to users who may open it
// (the same requirements as the routes, spec §6).
import type { NavigationItem } from "../layouts/navigation-item";

export const homeTiles: NavigationItem[] = [
  { route: "/orders", label: "Orders", icon: "orders", access: { resource: "Order", action: "ReadAny" } },
  {
    route: "/mail-orders",
    label: "Mail orders",
    icon: "mail",
    access: { resource: "MailOrder", action: "Read" },
  },
  { route: "/runs", label: "Runs", icon: "run", access: { resource: "Run", action: "Read" } },
  { route: "/products", label: "Products", icon: "product", access: { resource: "Product" } },
  { route: "/customers", label: "Customers", icon: "customer", access: { resource: "Customer" } },
  { route: "/inventories", label: "Inventory", icon: "inventory", access: { resource: "Inventory" } },
  { route: "/vendors", label: "Vendors", icon: "vendor", access: { resource: "Vendor" } },
  { route: "/users", label: "Users", icon: "user", access: { resource: "User", action: "Read" } },
];
