// Drawer entries generated from the resource declarations: one per visible kind, in its
// declared group, shown only to users who may list that kind.
import type { Resource } from "../resource-engine/define";
import { groupRank } from "../resource-engine/menu-groups";
import { routesOf } from "../resource-engine/resource-routes";
import type { NavigationItem } from "./navigation-item";

export function resourceNavigationItems(resources: readonly Resource[]): NavigationItem[] {
  return resources
    .filter((resource) => !resource.hidden)
    .toSorted((a, b) => groupRank(a.group) - groupRank(b.group) || a.label.localeCompare(b.label))
    .map((resource) => ({
      route: routesOf(resource).list,
      label: resource.label,
      ...(resource.icon ? { icon: resource.icon } : {}),
      ...(resource.group ? { group: resource.group } : {}),
      access: { resource: resource.kind, action: "list" },
    }));
}
