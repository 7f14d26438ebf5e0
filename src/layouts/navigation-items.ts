// The entries of the navigation drawer, in menu order. Resource declarations and custom
// pages (dashboards, tools) add theirs here as they arrive.
import type { NavigationItem } from "./navigation-item";

export const navigationItems: NavigationItem[] = [{ route: "/", label: "Home", icon: "home" }];
