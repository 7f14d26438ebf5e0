// The app's route strings of a declared kind, in one place: Refine's resources[], the <Route>s,
// the menu and the pages' links all read these. Drawer and page kinds share the same URLs
// ("/vendors/12/edit"); a drawer kind renders them as a drawer over its list.
import type { BaseKey } from "@refinedev/core";
import type { Resource } from "./define";

export interface ResourceRoutes {
  list: string;
  create: string;
  show: string;
  edit: string;
  changeLogs: string;
}

export function routesOf(resource: Pick<Resource, "route">): ResourceRoutes {
  const base = resource.route;
  return {
    list: base,
    create: `${base}/create`,
    show: `${base}/:id`,
    edit: `${base}/:id/edit`,
    changeLogs: `${base}/:id/change-logs`,
  };
}

/** A concrete link: `recordPath(resource, "edit", 12)` → "/vendors/12/edit". */
export function recordPath(
  resource: Pick<Resource, "route">,
  action: keyof ResourceRoutes,
  id?: BaseKey,
): string {
  const pattern = routesOf(resource)[action];
  return id === undefined ? pattern : pattern.replace(":id", encodeURIComponent(String(id)));
}
