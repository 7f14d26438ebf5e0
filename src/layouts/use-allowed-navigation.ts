// Filters navigation entries through the access-control provider, so the drawer shows only
// what the user may open. One query per entry (cached under Refine's "access" key prefix,
// which the access-control provider invalidates when permissions change).
import { AccessControlContext, useResourceParams } from "@refinedev/core";
import { useQueries } from "@tanstack/react-query";
import { useContext, useSyncExternalStore } from "react";
import { getMergedPermissions, onPermissionsChange } from "../providers/access-control";
import type { NavigationItem } from "./navigation-item";

export function useAllowedNavigation(items: readonly NavigationItem[]): NavigationItem[] {
  const { can } = useContext(AccessControlContext);
  const { resources } = useResourceParams();
  const isAdmin = useSyncExternalStore(onPermissionsChange, () => getMergedPermissions()?.isAdmin === true);

  // One question per resource and action (two entries may share one, e.g. a kind's list and its import).
  const checks = [
    ...new Map(
      items.flatMap((item) => {
        const resource = item.access?.resource;
        const action = item.access?.action ?? "list";
        return resource ? [[`${resource}\n${action}`, { resource, action }] as const] : [];
      }),
    ).values(),
  ];
  const answers = useQueries({
    queries: checks.map(({ resource, action }) => ({
      queryKey: ["access", resource, action, "navigation"],
      queryFn: async () => {
        if (!can) return true;
        // Pass the declared Refine resource, if any, as useCan would: it may name the permission.
        const declared = resources.find((r) => r.name === resource || r.identifier === resource);
        const { can: allowed } = await can({
          resource,
          action,
          params: declared ? { resource: declared } : {},
        });
        return allowed;
      },
      enabled: Boolean(can),
      retry: false,
    })),
  });
  const allowedBy = (item: NavigationItem) => {
    const index = checks.findIndex(
      (c) => c.resource === item.access?.resource && c.action === (item.access?.action ?? "list"),
    );
    return answers[index]?.data === true;
  };

  return items.filter((item) => (!item.adminOnly || isAdmin) && (!item.access || !can || allowedBy(item)));
}
