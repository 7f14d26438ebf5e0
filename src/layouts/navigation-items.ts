// The entries of the navigation drawer, in menu order: fixed pages first, then one entry per
// declared resource kind (grouped by its declaration's group). Custom pages add theirs here.
import { adminNavigationItems, settingsNavigationItem } from "../custom/admin/admin-navigation";
import { mailNavigationItems } from "../custom/mail/mail-navigation";
import { orderNavigationItems } from "../custom/orders/order-navigation";
import { boardNavigationItems } from "../custom/production/board-navigation";
import { floorNavigationItems } from "../custom/production/floor-navigation";
import { prepressNavigationItems } from "../custom/production/prepress-navigation";
import { toolNavigationItems } from "../custom/tools/tool-navigation";
import { RESOURCES } from "../resource-engine/registry";
import type { NavigationItem } from "./navigation-item";
import { resourceNavigationItems } from "./navigation-resource-items";

export const navigationItems: NavigationItem[] = [
  { route: "/", label: "Home", icon: "home" },
  ...resourceNavigationItems(RESOURCES),
  ...orderNavigationItems,
  ...boardNavigationItems,
  ...floorNavigationItems,
  ...prepressNavigationItems,
  ...toolNavigationItems,
  ...mailNavigationItems,
  ...adminNavigationItems,
  settingsNavigationItem,
];
