// The home page's shortcuts to the main areas, each shown only to users who may open it: asked
// with its route, as the menu's entries are (use-allowed-navigation.ts), so the spec's route
// table (§6) decides where it lists the route (all of these but the catalogue and master data),
// the action given here elsewhere.
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
