import { isCardRefund } from "../../src/custom/orders/refund-queue-data";
import { HttpError, notFound } from "../http/errors";
import { cardPayments } from "../orders/card-payments";
import { modelIn } from "../orders/order-state";
import type { Changes } from "../resources/change-logs";
import { staleVersion } from "../resources/errors";
import type { Row } from "../resources/hooks";
import { lockRecord } from "../resources/hooks/derived-writes";
import { type EngineContext, updateRecord } from "../resources/record-writes";
import type { CardRefundOutcome } from "./card-refunds";

// A manager's decision on a refund request (issue 19), along the declared moves only (requested →
// under review → approved | rejected, approved → processed; refund-approvals.ts): a request still
// "requested" is taken under review first, in the same transaction, each step logged. The hooks
// set the approver and the decision's time, and bound the money. An approved request that gives
// no money back through a card (a reprint, a credit, or money by check, cash or account) is then
// recorded as processed, and the order's amount due follows. A card refund is sent to Stripe when
// card payments are configured (card-refunds.ts) and recorded processed with Stripe's refund id; if
// Stripe refuses, or card payments are not configured, it stays approved and the answer says why.
// The call to Stripe is made between two transactions (routes.ts): the approval is committed first, so
// no row stays locked while Stripe answers, and the outcome is recorded after, on the version it was
// sent with. Should that last step not happen, approving again sends the same idempotency key, and
// Stripe answers with the refund it made.

const DECIDABLE = new Set(["requested", "under_review"]);

const withNote = (notes: unknown, line: string): string =>
  [notes, line]
    .filter((n) => typeof n === "string" && n !== "")
    .join("\n")
    .slice(0, 4000);

export async function decideRefund(
  ctx: EngineContext,
  id: number,
  decision: "approve" | "reject",
  body: { version: number; reason?: string },
): Promise<{ row: Row; message: string; send?: PendingCardRefund }> {
  const model = modelIn(ctx.registry, "RefundApproval");
  const before = await lockRecord(ctx.tx, model, ctx.tenantId, id);
  if (!before) throw notFound();
  if (before.version !== body.version) throw staleVersion(model);
  const label = `Refund request #${id}`;
  const payment =
    typeof before.payment_id === "number"
      ? await lockRecord(ctx.tx, modelIn(ctx.registry, "UserPayment"), ctx.tenantId, before.payment_id)
      : undefined;
  const card = isCardRefund(String(before.remedy), payment?.method as string | undefined);
  // An approved card refund Stripe refused is approved again to send it again.
  const resend = decision === "approve" && card && before.status === "approved" && ctx.config?.stripe;
  if (!DECIDABLE.has(String(before.status)) && !resend) {
    throw new HttpError(
      409,
      `${label} is ${String(before.status).replace("_", " ")}: it was decided already`,
    );
  }
  let row = before;
  const step = async (status: string, note: Changes = {}, extra: Row = {}) => {
    row = (await updateRecord(ctx, model, id, { version: row.version, status, ...extra }, note)).row;
  };
  if (row.status === "requested") await step("under_review");
  if (decision === "reject") {
    const reason = body.reason ?? "";
    const notes = withNote(before.notes, `Rejected: ${reason}`);
    await step("rejected", { reason: { from: null, to: reason } }, { notes });
    return { row, message: `${label} rejected` };
  }
  if (!resend) await step("approved");
  if (card && !cardPayments(ctx.config).configured) {
    return {
      row,
      message: `${label} approved. It refunds a card payment: card refunds are sent through the card processor, which is not configured yet, so it stays approved until then`,
    };
  }
  if (card && payment) return { row, message: "", send: { payment } };
  await step("processed");
  return { row, message: `${label} approved and recorded as processed` };
}

/** A card refund to send to Stripe once the approval is committed (decideRefund's `send`). */
export interface PendingCardRefund {
  payment: Row;
}

/**
 * Stripe's answer to the approved request `sent` (the row as it was sent), recorded in a transaction of its own on
 * the request as it is now: money Stripe moved is recorded even when someone edited the request meanwhile (sending
 * it again from a new version would refund twice).
 */
export async function recordCardRefund(
  ctx: EngineContext,
  sent: Row,
  outcome: CardRefundOutcome,
): Promise<{ row: Row; message: string }> {
  const model = modelIn(ctx.registry, "RefundApproval");
  const id = Number(sent.id);
  const label = `Refund request #${id}`;
  const row = await lockRecord(ctx.tx, model, ctx.tenantId, id);
  if (!row) throw notFound();
  if (!outcome.ok) {
    let kept = row;
    if (outcome.refused) {
      const notes = withNote(row.notes, `Stripe refused the refund: ${outcome.message}`);
      kept = (await updateRecord(ctx, model, id, { version: row.version, notes })).row;
    }
    return {
      row: kept,
      message: `${label} approved, but Stripe did not refund it: ${outcome.message} It stays approved: approve it again to send it again`,
    };
  }
  const notes = withNote(row.notes, `Stripe refund ${outcome.refundId}`);
  const status = row.status === "approved" ? { status: "processed" } : {};
  const done = await updateRecord(ctx, model, id, { version: row.version, ...status, notes });
  return { row: done.row, message: `${label} approved and refunded through Stripe (${outcome.refundId})` };
}
