import { reprintRefusal } from "../../src/custom/orders/desk-rules";
import { HttpError, notFound, validationFailed } from "../http/errors";
import { staleVersion } from "../resources/errors";
import type { Row } from "../resources/hooks";
import { createRecord, type EngineContext, updateRecord } from "../resources/record-writes";
import { CODES, itemRows, modelIn, orderState, statusByCode } from "./order-state";

// Reprint an order item (issue 19), from the order page or a production board, in one transaction:
// - the item's status must lead to Reprint (work printed and found wrong: printing … finishing in
//   the seeded workflow), else a 409 naming both statuses;
// - a new item, a copy of the product, options, artwork, stock, colours and coating, at no
//   charge (the customer already paid for it), for the quantity to print again (at most the
//   item's), starts in the Reprint status; the order's log says which item it reprints and why;
// - a remedy of refund or credit also files a refund request (RefundApproval, requested) for a
//   manager to decide on /refund-approvals; a reprint alone gives no money back.

export interface ReprintBody {
  version: number;
  reason: string;
  remedy: "reprint" | "refund" | "credit";
  note?: string;
  quantity?: number;
  amount?: number;
  payment_id?: number;
}

export async function reprintItem(
  ctx: EngineContext,
  orderId: number,
  itemId: number,
  body: ReprintBody,
): Promise<{ order: Row; children: unknown; refund: Row | null }> {
  const state = await orderState(ctx.tx, ctx.registry, ctx.tenantId, orderId, true);
  if (state.order.version !== body.version) throw staleVersion(state.model);
  const item = state.items.find((i) => i.id === itemId);
  const deskItem = state.deskItems.find((i) => i.id === itemId);
  if (!item || !deskItem) throw notFound();
  const refusal = reprintRefusal(state.desk, deskItem, state.itemStatuses);
  if (refusal) throw new HttpError(409, refusal);
  const ordered = Number(item.quantity);
  const quantity = body.quantity ?? ordered;
  if (quantity > ordered) {
    throw validationFailed([
      { field: "quantity", message: `At most ${ordered.toLocaleString("en-US")}: the item is for that many` },
    ]);
  }
  const money = body.remedy !== "reprint";
  if (money && body.amount === undefined) {
    throw validationFailed([{ field: "amount", message: `Enter the amount to ${body.remedy}` }]);
  }
  const reprint = statusByCode(state.itemStatuses, "order item", CODES.reprint);
  const copy: Row = {
    product_id: item.product_id,
    template_id: item.template_id ?? null,
    description: `Reprint of item ${deskItem.number}: ${String(item.description ?? "")}`.slice(0, 300),
    quantity,
    options: item.options ?? null,
    artwork: item.artwork ?? null,
    proof_version: item.proof_version ?? 0,
    price: 0,
    item_status_id: reprint.id,
    outsource_vendor_id: item.outsource_vendor_id ?? null,
    stock_id: item.stock_id ?? null,
    color_spec: item.color_spec ?? null,
    coating: item.coating ?? "none",
  };
  const note = {
    action: { from: null, to: "reprint" },
    reprint_of: { from: null, to: itemId },
    reason: { from: null, to: body.note ? `${body.reason}: ${body.note}` : body.reason },
  };
  const written = await updateRecord(
    ctx,
    state.model,
    orderId,
    { version: body.version, items: [...itemRows(state.items, new Map()), copy] },
    note,
  );
  let refund: Row | null = null;
  if (money) {
    const created = await createRecord(ctx, modelIn(ctx.registry, "RefundApproval"), {
      order_id: orderId,
      payment_id: body.payment_id ?? null,
      amount: body.amount,
      reason: body.reason,
      remedy: body.remedy,
      requested_by_id: ctx.userId,
      notes: `Item ${deskItem.number} reprinted${body.note ? `: ${body.note}` : ""}`,
    });
    refund = created.row;
  }
  return { order: written.row, children: written.children, refund };
}
