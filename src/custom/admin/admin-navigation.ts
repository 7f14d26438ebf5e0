// The administration entries of the navigation drawer, in the "Administration" menu group. Each
// is hidden unless the access-control provider allows listing its kind.
//
// /settings is for product admins (an is_admin membership, spec §6), which no kind/action pair
// expresses: `settingsNavigationItem` is separate so the menu can add it for admins only
// (e.g. `getMergedPermissions()?.isAdmin`); its route guard refuses everyone else anyway.
import type { MergedPermissions } from "../../access/permissions";
import type { NavigationItem } from "../../layouts/navigation-item";

export const ADMIN_GROUP = "Administration";

export const adminNavigationItems: NavigationItem[] = [
  {
    route: "/roles",
    label: "Roles",
    icon: "role",
    group: ADMIN_GROUP,
    access: { resource: "Role", action: "list" },
  },
  {
    route: "/user-groups",
    label: "User groups",
    icon: "customer",
    group: ADMIN_GROUP,
    access: { resource: "Group", action: "list" },
  },
  {
    route: "/users",
    label: "Users",
    icon: "user",
    group: ADMIN_GROUP,
    access: { resource: "User", action: "list" },
  },
];

export const settingsNavigationItem: NavigationItem = {
  route: "/settings",
  label: "Settings",
  icon: "settings",
  group: ADMIN_GROUP,
  adminOnly: true,
};

/** The entries for a user: the three lists (filtered later by access control), and settings for product admins. */
export function adminNavigationFor(merged: MergedPermissions | null): NavigationItem[] {
  return merged?.isAdmin ? [...adminNavigationItems, settingsNavigationItem] : adminNavigationItems;
}
