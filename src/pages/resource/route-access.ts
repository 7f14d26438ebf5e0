// The access question of a button or link that opens one of a kind's pages. The page's route goes
// with the question (params.route), so the access-control provider answers as the route guard
// will (the spec's route table where it lists the route: /orders/:order_id needs Order ReadAny,
// /packing-slips/:id PackingSlip Update), and nothing offers a page that then shows the 403.
import type { BaseKey } from "@refinedev/core";
import type { Resource } from "../../resource-engine/define";
import { PAGE_ACTIONS, type ResourceRoutes, routesOf } from "../../resource-engine/resource-routes";

/** useCan's / <CanAccess>'s arguments for opening `page` of `resource`. */
export function canOpen(
  resource: Pick<Resource, "kind" | "route" | "scopedBy" | "scopeRoute">,
  page: keyof ResourceRoutes,
  id?: BaseKey,
) {
  return {
    resource: resource.kind,
    action: PAGE_ACTIONS[page],
    params: { ...(id === undefined ? {} : { id }), route: routesOf(resource)[page] },
  };
}
