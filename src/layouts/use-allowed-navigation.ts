// Filters navigation entries through the access-control provider, so the drawer shows only
// what the user may open. Each entry is asked with its route (params.route): the provider then
// decides as the route guard does (the spec's route table where it lists the route, else the
// entry's action on its kind), so no entry leads to the 403 page. One query per entry (cached
// under Refine's "access" key prefix, which the provider invalidates when permissions change).
import { AccessControlContext, useResourceParams } from "@refinedev/core";
import { useQueries } from "@tanstack/react-query";
import { useContext, useSyncExternalStore } from "react";
import { getMergedPermissions, onPermissionsChange } from "../providers/access-control";
import type { NavigationItem } from "./navigation-item";

export function useAllowedNavigation(items: readonly NavigationItem[]): NavigationItem[] {
  const { can } = useContext(AccessControlContext);
  const { resources } = useResourceParams();
  const isAdmin = useSyncExternalStore(onPermissionsChange, () => getMergedPermissions()?.isAdmin === true);

  // One question per resource, action and route.
  const keyOf = (item: NavigationItem) =>
    `${item.access?.resource}\n${item.access?.action ?? "list"}\n${item.route}`;
  const checks = [
    ...new Map(
      items.flatMap((item) => {
        const resource = item.access?.resource;
        const action = item.access?.action ?? "list";
        return resource ? [[keyOf(item), { resource, action, route: item.route }] as const] : [];
      }),
    ).values(),
  ];
  const answers = useQueries({
    queries: checks.map(({ resource, action, route }) => ({
      queryKey: ["access", resource, action, route, "navigation"],
      queryFn: async () => {
        if (!can) return true;
        // Pass the declared Refine resource, if any, as useCan would: it may name the permission.
        const declared = resources.find((r) => r.name === resource || r.identifier === resource);
        const { can: allowed } = await can({
          resource,
          action,
          params: declared ? { resource: declared, route } : { route },
        });
        return allowed;
      },
      enabled: Boolean(can),
      retry: false,
    })),
  });
  const allowedBy = (item: NavigationItem) => {
    const key = keyOf(item);
    const index = checks.findIndex((c) => `${c.resource}\n${c.action}\n${c.route}` === key);
    return answers[index]?.data === true;
  };

  return items.filter((item) => (!item.adminOnly || isAdmin) && (!item.access || !can || allowedBy(item)));
}
