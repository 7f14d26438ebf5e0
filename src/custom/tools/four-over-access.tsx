// The 4over tool's pages open to everyone (spec §6), but its server answers only those who read every order
// (Order ReadAny): others are told so here, instead of a refused request.
import type { ReactNode } from "react";
import { scopeFor } from "../../access/permissions";
import { PermissionNotice } from "../../components/permission-notice";
import { useMergedPermissions } from "../orders/use-merged-permissions";

export function ReadsEveryOrder({ children }: { children: ReactNode }) {
  const merged = useMergedPermissions();
  return (
    <PermissionNotice
      allowed={scopeFor(merged, "Order", "Read") === "all"}
      message="The 4over tool sends any order's items, so it needs permission to read every order (Orders: Read any)."
    >
      {children}
    </PermissionNotice>
  );
}
