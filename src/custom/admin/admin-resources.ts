// Refine's resources[] entries of the administration kinds (route strings and plain meta only,
// like src/resource-engine/refine-resources.ts), for <Refine resources>: with them Refine knows
// the list/create/edit routes of Role, Group and User (navigation hooks, breadcrumbs). The pages
// work without them (the data provider maps the kinds to their API paths).
import type { ResourceProps } from "@refinedev/core";

export const ADMIN_REFINE_RESOURCES: ResourceProps[] = [
  {
    name: "Role",
    list: "/roles",
    create: "/roles/create",
    edit: "/roles/:id",
    clone: "/roles/:id/duplicate",
    meta: { label: "Roles", parent: "Administration", canDelete: true },
  },
  {
    name: "Group",
    list: "/user-groups",
    meta: { label: "User groups", parent: "Administration", canDelete: true },
  },
  {
    name: "User",
    list: "/users",
    edit: "/users/:id",
    meta: { label: "Users", parent: "Administration", canDelete: true },
  },
];
