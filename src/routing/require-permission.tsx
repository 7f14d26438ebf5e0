// Layout route guarding a page by permission (spec §2, §6): waits for the profile, then lets
// the page render or sends the user to /unauthorized. Where the spec's route table lists the
// route (route-requirements.ts) the table decides, including "needs none"; otherwise the kind
// and action do, with Refine's verbs (list/show/create/edit/delete) read as the
// access-control provider reads them.
import { useEffect, useState } from "react";
import { matchPath, Navigate, Outlet, useLocation } from "react-router";
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
