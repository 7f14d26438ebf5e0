// The administration routes (spec §2): roles, user groups, users and settings, each behind the
// permission guard, which waits for the profile and decides by the spec's route table
// (src/access/route-requirements.ts): Role Read for /roles, Role Create for /roles/create and
// /roles/:id/duplicate, Role Update for /roles/:id, Group Read for /user-groups, User Read for
// /users, User Update for /users/:id, product admin for /settings. Each page is its own chunk.
//
// Place {adminRoutes()} inside the default layout's <Route> in src/routes.tsx.
import type { ReactElement } from "react";
import { Route } from "react-router";
import type { Kind } from "../../access/kinds";
import { lazyPage } from "../../routing/lazy-page";
import { RequirePermission } from "../../routing/require-permission";

const RolesListPage = lazyPage(() => import("./roles-list-page"));
const RoleEditorPage = lazyPage(() => import("./role-editor-page"));
const UserGroupsPage = lazyPage(() => import("./user-groups-page"));
const UsersListPage = lazyPage(() => import("./users-list-page"));
const UserPage = lazyPage(() => import("./user-page"));
const SettingsPage = lazyPage(() => import("./settings-page"));

/** One guarded route; kind and action apply only where the route table does not list the path. */
function guarded(path: string, kind: Kind, action: string, page: ReactElement): ReactElement {
  return (
    <Route key={path} element={<RequirePermission kind={kind} action={action} route={path} />}>
      <Route path={path} element={page} />
    </Route>
  );
}

// The role editor's three modes get distinct keys: moving from /roles/:id to its duplicate must start
// a fresh form ("Copy of …"), not keep the edited role's state.
export function adminRoutes(): ReactElement[] {
  return [
    guarded("/roles", "Role", "list", <RolesListPage />),
    guarded("/roles/create", "Role", "create", <RoleEditorPage key="create" mode="create" />),
    guarded("/roles/:id", "Role", "edit", <RoleEditorPage key="edit" mode="edit" />),
    guarded("/roles/:id/duplicate", "Role", "create", <RoleEditorPage key="duplicate" mode="duplicate" />),
    guarded("/user-groups", "Group", "list", <UserGroupsPage />),
    guarded("/users", "User", "list", <UsersListPage />),
    guarded("/users/:id", "User", "edit", <UserPage />),
    // The table's requirement for /settings is "product admin"; the kind is only a fallback.
    guarded("/settings", "User", "list", <SettingsPage />),
  ];
}
