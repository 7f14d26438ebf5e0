import { isCardRefund } from "../../src/custom/orders/refund-queue-data";
import { HttpError, notFound } from "../http/errors";
import { cardPayments } from "../orders/card-payments";
import { modelIn } from "../orders/order-state";
import type { Changes } from "../resources/change-logs";
import { staleVersion } from "../resources/errors";
import type { Row } from "../resources/hooks";
import { lockRecord } from "../resources/hooks/derived-writes";
import { type EngineContext, updateRecord } from "../resources/record-writes";

// A manager's decision on a refund request (issue 19), along the declared moves only (requested →
// under review → approved | rejected, approved → processed; refund-approvals.ts): a request still
// "requested" is taken under review first, in the same transaction, each step logged. The hooks
// set the approver and the decision's time, and bound the money. An approved request that gives
// no money back through a card (a reprint, a credit, or money by check, cash or account) is then
// recorded as processed, and the order's amount due follows; a card refund stays approved until
// card payments are configured (the Stripe work sends it).

const DECIDABLE = new Set(["requested", "under_review"]);

export async function decideRefund(
  ctx: EngineContext,
  id: number,
  decision: "approve" | "reject",
  body: { version: number; reason?: string },
): Promise<{ row: Row; message: string }> {
  const model = modelIn(ctx.registry, "RefundApproval");
  const before = await lockRecord(ctx.tx, model, ctx.tenantId, id);
  if (!before) throw notFound();
  if (before.version !== body.version) throw staleVersion(model);
  const label = `Refund request #${id}`;
  if (!DECIDABLE.has(String(before.status))) {
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
    const notes = [before.notes, `Rejected: ${reason}`]
      .filter((n) => typeof n === "string" && n !== "")
      .join("\n");
    await step("rejected", { reason: { from: null, to: reason } }, { notes: notes.slice(0, 4000) });
    return { row, message: `${label} rejected` };
  }
  await step("approved");
  const payment =
    typeof row.payment_id === "number"
      ? await lockRecord(ctx.tx, modelIn(ctx.registry, "UserPayment"), ctx.tenantId, row.payment_id)
      : undefined;
  if (
    isCardRefund(String(row.remedy), payment?.method as string | undefined) &&
    !cardPayments(ctx.config).configured
  ) {
    return {
      row,
      message: `${label} approved. It refunds a card payment: card refunds are sent through the card processor, which is not configured yet, so it stays approved until then`,
    };
  }
  await step("processed");
  return { row, message: `${label} approved and recorded as processed` };
}
