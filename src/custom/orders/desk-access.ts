// What the signed-in user may do on the order page, from their merged permissions (the shared
// merge the server decides with): pure, unit-tested. The page offers an action only when this and
// the Status records (desk-rules.ts) both allow it; the server checks both again.
import { can, type MergedPermissions, scopeFor } from "../../access/permissions";
import { isAllowed, ROUTE_REQUIREMENTS } from "../../access/route-requirements";

export interface DeskAccess {
  /** Hold, release, cancel, reprint (with Order Update on this order). */
  update: boolean;
  /** Gang approved items onto a run (Order Update and Run Update). */
  assign: boolean;
  /** Take a payment (UserPayment Create). */
  payment: boolean;
  /** A reprint with a refund or credit files a refund request (RefundApproval Create). */
  refund: boolean;
  /** Make a packing slip (PackingSlip Create). */
  makeSlip: boolean;
  /** Open a slip's page (PackingSlip Update, spec §6). */
  openSlip: boolean;
  /** Manage the mail orders' drops (/orders/manage-mail-drops/{id}: Order UpdateAny, spec §6). */
  manageDrops: boolean;
  /** Open the order's planning (/orders/{id}/edit-planning-sections: Order Read, spec §6). */
  planning: boolean;
}

export function deskAccess(
  merged: MergedPermissions | null,
  ownerId: number | null,
  userId: number | null,
): DeskAccess {
  const scope = scopeFor(merged, "Order", "Update");
  const update = scope === "all" || (scope === "own" && ownerId !== null && ownerId === userId);
  return {
    update,
    assign: update && can(merged, "Run", "Update"),
    payment: can(merged, "UserPayment", "Create"),
    refund: can(merged, "RefundApproval", "Create"),
    makeSlip: can(merged, "PackingSlip", "Create"),
    openSlip: can(merged, "PackingSlip", "Update"),
    // As the routes' guards decide (the spec's table).
    manageDrops: isAllowed(merged, ROUTE_REQUIREMENTS["/orders/manage-mail-drops/:order_id"]),
    planning: isAllowed(merged, ROUTE_REQUIREMENTS["/orders/:order_id/edit-planning-sections"]),
  };
}
