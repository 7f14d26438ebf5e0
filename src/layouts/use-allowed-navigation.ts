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

  const answers = useQueries({
    queries: items.map((item) => {
      const resource = item.access?.resource;
      const action = item.access?.action ?? "list";
      return {
        queryKey: ["access", resource, action, "navigation"],
        queryFn: async () => {
          if (!can || !resource) return true;
          // Pass the declared Refine resource, if any, as useCan would: it may name the permission.
          const declared = resources.find((r) => r.name === resource || r.identifier === resource);
          const { can: allowed } = await can({
            resource,
            action,
            params: declared ? { resource: declared } : {},
          });
          return allowed;
        },
        enabled: Boolean(can && resource),
        retry: false,
      };
    }),
  });

  return items.filter(
    (item, index) => (!item.adminOnly || isAdmin) && (!item.access || !can || answers[index]?.data === true),
  );
}
