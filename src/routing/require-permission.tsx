// The route guard of spec §2 and §6, and the one helper every guarded route of the app is made with
// (guardedRoute): the generated kinds' pages (pages/resource/resource-route-tree.tsx), the
// administration's, and the hand-built pages of src/custom/. <RequirePermission> is a layout route:
// it waits for the profile, then lets the page render or sends the user to /unauthorized. Where the
// spec's route table (src/access/route-requirements.ts) lists the route the table decides,
// including "needs none"; otherwise the kind and action do, with Refine's verbs
// (list/show/create/edit/delete) read as the access-control provider reads them (isRouteAllowed:
// the menu, the home tiles and the buttons that open a route ask the same question).
import { type ReactElement, type ReactNode, useEffect, useState } from "react";
import { matchPath, Navigate, Outlet, Route, useLocation } from "react-router";
import type { ResourceKind } from "../access/kinds";
import { loadProfile } from "../auth/profile-store";
import { useProfile } from "../auth/use-profile";
import { PageSpinner } from "../components/page-spinner";
import { getMergedPermissions, isRouteAllowed } from "../providers/access-control";

// The rule lives with the access-control provider, which the menu, the home tiles and the
// buttons that open a route ask with the same route (params.route): one rule for all of them.
export { tableRequirement } from "../access/route-requirements";
export { isRouteAllowed };

export interface RequirePermissionProps {
  kind: ResourceKind;
  /** A Refine verb ("list", "edit", …) or a literal action ("ReadPress"). */
  action: string;
  /** The route's pattern ("/users/:id"), to look it up in the spec's route table. */
  route?: string;
}

export interface NestedRequirement {
  route: string;
  action: string;
}

/**
 * `nested`: child routes rendered inside this one (a drawer over a list) are checked here, by the
 * current path, before the parent renders: a parent that mounts first could navigate (the list
 * syncing its query to the URL) after the child's redirect and undo it.
 */
export function RequirePermission({
  nested = [],
  ...props
}: RequirePermissionProps & { nested?: NestedRequirement[] }) {
  const { pathname } = useLocation();
  const profile = useProfile();
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!profile) loadProfile().catch(() => setFailed(true));
  }, [profile]);

  // No profile, no decision (the permissions come with it); one that cannot load grants nothing.
  if (!profile) return failed ? <Navigate to="/unauthorized" replace /> : <PageSpinner />;
  const child = nested.find(({ route }) => matchPath(route, pathname));
  const wanted = child ? { ...props, ...child } : props;
  return isRouteAllowed(getMergedPermissions(), wanted) ? (
    <Outlet />
  ) : (
    <Navigate to="/unauthorized" replace />
  );
}

export type GuardedRoute = RequirePermissionProps & {
  route: string;
  nested?: NestedRequirement[];
} & (
    | {
        /** The page at `route`. */
        page: ReactNode;
        children?: never;
      }
    | {
        /** Routes inside the guard (a list with its drawers), for a guard over more than one page. */
        children: ReactNode;
        page?: never;
      }
  );

/** A route behind <RequirePermission>: `page` at `route`, or the `children` routes. */
export function guardedRoute({ page, children, ...requirement }: GuardedRoute): ReactElement {
  return (
    <Route key={requirement.route} element={<RequirePermission {...requirement} />}>
      {children ?? <Route path={requirement.route} element={page} />}
    </Route>
  );
}
