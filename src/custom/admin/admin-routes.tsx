// The administration routes (spec §2): roles, user groups, users and settings, each behind the
// permission guard, which waits for the profile and decides by the spec's route table
// (src/access/route-requirements.ts): Role Read for /roles, Role Create for /roles/create and
// /roles/:id/duplicate, Role Update for /roles/:id, Group Read for /user-groups, User Read for
// /users, User Update for /users/:id, product admin for /settings. Each page is its own chunk.
//
// Place {adminRoutes()} inside the default layout's <Route> in src/routes.tsx.
import type { ReactElement } from "react";
import { lazyPage } from "../../routing/lazy-page";
import { guardedRoute } from "../../routing/require-permission";

const RolesListPage = lazyPage(() => import("./roles-list-page"));
const RoleEditorPage = lazyPage(() => import("./role-editor-page"));
const UserGroupsPage = lazyPage(() => import("./user-groups-page"));
const UsersListPage = lazyPage(() => import("./users-list-page"));
const UserPage = lazyPage(() => import("./user-page"));
const SettingsPage = lazyPage(() => import("./settings-page"));

// The role editor's three modes get distinct keys: moving from /roles/:id to its duplicate must start
// a fresh form ("Copy of …"), not keep the edited role's state.
export function adminRoutes(): ReactElement[] {
  return [
    guardedRoute({ kind: "Role", action: "list", route: "/roles", page: <RolesListPage /> }),
    guardedRoute({
      kind: "Role",
      action: "create",
      route: "/roles/create",
      page: <RoleEditorPage key="create" mode="create" />,
    }),
    guardedRoute({
      kind: "Role",
      action: "edit",
      route: "/roles/:id",
      page: <RoleEditorPage key="edit" mode="edit" />,
    }),
    guardedRoute({
      kind: "Role",
      action: "create",
      route: "/roles/:id/duplicate",
      page: <RoleEditorPage key="duplicate" mode="duplicate" />,
    }),
    guardedRoute({ kind: "Group", action: "list", route: "/user-groups", page: <UserGroupsPage /> }),
    guardedRoute({ kind: "User", action: "list", route: "/users", page: <UsersListPage /> }),
    guardedRoute({ kind: "User", action: "edit", route: "/users/:id", page: <UserPage /> }),
    // The table's requirement for /settings is "product admin"; the kind is only a fallback.
    guardedRoute({ kind: "User", action: "list", route: "/settings", page: <SettingsPage /> }),
  ];
}
