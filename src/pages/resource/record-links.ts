// Links between a kind's list and its records. A drawer kind's record URLs carry the list's
// query (page, sort, filters), so the list under the drawer, and after it closes, is the same.
// A scoped kind's record links need the record's scope value (resource-routes.ts).
import type { BaseKey } from "@refinedev/core";
import type { To } from "react-router";
import type { Resource } from "../../resource-engine/define";
import { type ResourceRoutes, recordPath } from "../../resource-engine/resource-routes";

export function recordLink(
  resource: Resource,
  action: keyof ResourceRoutes,
  id: BaseKey | undefined,
  search: string,
  scope?: BaseKey | null,
): To {
  const pathname = recordPath(resource, action, id, scope);
  const keepsList = resource.pages === "drawer" && action !== "changeLogs";
  return keepsList ? { pathname, search } : { pathname };
}
