import { HttpError, validationFailed } from "../http/errors";
import type { Row } from "../resources/hooks";
import { createRecord, type EngineContext } from "../resources/record-writes";
import { cardPayments } from "./card-payments";
import { modelIn, orderState } from "./order-state";

// A payment staff record on the order's page (issue 19): on account, check or cash, captured at
// once, through the payments' own rules (hooks/user-payments.ts: the order's customer, never on a
// cancelled order, never more than is due: a 409 with both figures), and the order's amount due
// and payment state follow in the same transaction. A card payment is not typed in: it goes through
// Stripe (server/payments/), or is refused with the "not configured" sentence (card-payments.ts).

export type StaffMethod = "on_account" | "check" | "cash" | "card";

export interface PaymentBody {
  method: StaffMethod;
  amount: number;
  check_number?: string;
  reference?: string;
  notes?: string;
}

export async function takePayment(ctx: EngineContext, orderId: number, body: PaymentBody): Promise<Row> {
  if (body.method === "card") {
    const card = cardPayments(ctx.config);
    // Configured, a card payment is Stripe's to confirm (server/payments): never typed in as taken.
    const message = card.configured
      ? "Take a card payment through the card form: it is recorded when Stripe confirms it"
      : card.message;
    throw new HttpError(409, message, [{ field: "method", message }]);
  }
  if (body.method === "check" && !body.check_number) {
    throw validationFailed([{ field: "check_number", message: "Enter the check number" }]);
  }
  const { order } = await orderState(ctx.tx, ctx.registry, ctx.tenantId, orderId, false);
  const { row } = await createRecord(ctx, modelIn(ctx.registry, "UserPayment"), {
    order_id: orderId,
    customer_id: order.customer_id,
    amount: body.amount,
    method: body.method,
    processor: "manual",
    status: "captured",
    transaction_id: body.reference ?? null,
    check_number: body.method === "check" ? (body.check_number ?? null) : null,
    paid_at: new Date().toISOString(),
    notes: body.notes ?? null,
  });
  return row;
}
