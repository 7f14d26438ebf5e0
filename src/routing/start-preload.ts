// The code a signed-in start needs, asked for at once. Left to the route tree, each level's chunk
// is discovered only when the level above has rendered (app → profile → layout → list page → the
// list's field components): four round trips before the page can ask for its rows. The loaders
// are the ones the routes use, so each chunk is fetched once either way.
import { RESOURCES } from "../resource-engine/registry";
import { routesOf } from "../resource-engine/resource-routes";

export const loadDefaultLayout = () => import("../layouts/default-layout");
export const loadListPage = () => import("../pages/resource/list-page");
export const loadRecordPage = () => import("../pages/resource/record-page");

/** Which generic page `pathname` opens: a kind's list (a drawer kind's records open over it) or a record's page. */
export function startPageOf(pathname: string): "list" | "record" | undefined {
  const segments = pathname.split("/").filter(Boolean);
  for (const resource of RESOURCES) {
    const list = routesOf(resource).list.split("/").filter(Boolean);
    if (list.length === 0 || list.some((part, i) => segments[i] !== part)) continue;
    return segments.length > list.length && resource.pages !== "drawer" ? "record" : "list";
  }
  return undefined;
}

/** Starts loading the layout and the page of `pathname`; failures are left to the routes. */
export function preloadStart(pathname: string): void {
  const quiet = (load: () => Promise<unknown>) => void load().catch(() => undefined);
  quiet(loadDefaultLayout);
  const page = startPageOf(pathname);
  if (page === "list") quiet(loadListPage);
  if (page === "record") quiet(loadRecordPage);
}
