import { cancelPlan, holdPlan, type Outcome, releasePlan } from "../../src/custom/orders/desk-rules";
import { heldFrom } from "../../src/custom/orders/status-history";
import { HttpError } from "../http/errors";
import type { Changes } from "../resources/change-logs";
import { type EngineContext, updateRecord, type Written } from "../resources/record-writes";
import { CODES, itemRows, orderLog, orderState } from "./order-state";

// Hold, release and cancel an order (issue 19), in the caller's transaction: the plan comes from
// the Status records (src/custom/orders/desk-rules.ts, the rules the page offers by), a refusal is
// a 409 naming both statuses, and the write is the engine's own update of the order and its items
// (updateRecord: version check, workflow moves checked again, hooks, one change-log entry that
// also carries the action and its reason).

export type OrderAction = "hold" | "release" | "cancel";

export async function orderAction(
  ctx: EngineContext,
  orderId: number,
  action: OrderAction,
  body: { version: number; reason?: string },
): Promise<Written> {
  const state = await orderState(ctx.tx, ctx.registry, ctx.tenantId, orderId, true);
  const { desk, deskItems, orderStatuses, itemStatuses, model, items } = state;
  let outcome: Outcome;
  if (action === "hold") outcome = holdPlan(desk, deskItems, orderStatuses, itemStatuses);
  else if (action === "cancel") outcome = cancelPlan(desk, deskItems, orderStatuses, itemStatuses);
  else {
    const log = await orderLog(ctx.tx, model, ctx.tenantId, orderId);
    const hold = (list: typeof orderStatuses) => list.find((s) => s.code === CODES.hold)?.id;
    const from = heldFrom(log, hold(orderStatuses), hold(itemStatuses));
    outcome = releasePlan(desk, deskItems, orderStatuses, itemStatuses, from);
  }
  if ("refusal" in outcome) throw new HttpError(409, outcome.refusal);
  const { plan } = outcome;
  const note: Changes = { action: { from: null, to: action } };
  if (body.reason) note.reason = { from: null, to: body.reason };
  return updateRecord(
    ctx,
    model,
    orderId,
    {
      version: body.version,
      ...(plan.order ? { status_id: plan.order.to } : {}),
      ...(plan.items.size > 0 ? { items: itemRows(items, plan.items) } : {}),
    },
    note,
  );
}
