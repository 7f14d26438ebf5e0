// The signed-in user's merged permissions, re-read when they change (profile refetch, sign-out).
import { useSyncExternalStore } from "react";
import type { MergedPermissions } from "../../access/permissions";
import { getMergedPermissions, onPermissionsChange } from "../../providers/access-control";

export function useMergedPermissions(): MergedPermissions | null {
  return useSyncExternalStore(onPermissionsChange, getMergedPermissions, getMergedPermissions);
}
