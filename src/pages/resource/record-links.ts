// Links between a kind's list and its records. A drawer kind's record URLs carry the list's
// query (page, sort, filters), so the list under the drawer, and after it closes, is the same.
import type { BaseKey } from "@refinedev/core";
import type { To } from "react-router";
import type { Resource } from "../../resource-engine/define";
import { type ResourceRoutes, recordPath } from "../../resource-engine/resource-routes";

export function recordLink(
  resource: Resource,
  action: keyof ResourceRoutes,
  id: BaseKey | undefined,
  search: string,
): To {
  const pathname = recordPath(resource, action, id);
  const keepsList = resource.pages === "drawer" && action !== "changeLogs";
  return keepsList ? { pathname, search } : { pathname };
}
