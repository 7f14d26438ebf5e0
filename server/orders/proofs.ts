import { and, desc, eq } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Database } from "../db/open";
import { order_files, order_proofs, users } from "../db/schema";
import { HttpError, notFound } from "../http/errors";
import { staleVersion } from "../resources/errors";
import type { Row } from "../resources/hooks";
import { type EngineContext, updateRecord, type Written } from "../resources/record-writes";
import type { ShopCalendar } from "../settings/business-days";
import { modelIn, type OrderState, orderState, statusByCode } from "./order-state";
import { dueAfterApproval } from "./proof-due";

/** The shop's time zone and calendar (its settings), which the due date counts in. */
export type ShopDay = ShopCalendar & { time_zone: string };

// Proofs (issue 19), in the caller's transaction:
// - send: a file of the order (artwork, print-ready or proof, of this item or of none) becomes the
//   item's next proof (1, 2, …); the item moves to awaiting proof along the declared moves (from
//   received through preflight), and its proof_version counts up; the caller mails the customer.
// - decide: the customer's answer to the item's latest proof, recorded by staff: approved moves the
//   item to approved and starts the turnaround (the due date counts from now, unless it is firm);
//   rejected (a comment is required) sends it back to preflight for new artwork.
// Each refusal is a 409 with a sentence; the order's version guards against a stale page.

export const PROOF_KINDS = ["artwork", "print_ready", "proof"];
const CODES = {
  received: "received",
  preflight: "preflight",
  awaiting: "awaiting_proof",
  approved: "approved",
};

export interface SendBody {
  version: number;
  file_id: number;
}
export interface DecisionBody {
  version: number;
  decision: "approved" | "rejected";
  comment?: string;
}

async function itemOf(ctx: EngineContext, orderId: number, itemId: number, version: number) {
  const state = await orderState(ctx.tx, ctx.registry, ctx.tenantId, orderId, true);
  if (state.order.version !== version) throw staleVersion(state.model);
  const item = state.items.find((i) => i.id === itemId);
  const desk = state.deskItems.find((i) => i.id === itemId);
  if (!item || !desk) throw notFound();
  const status = state.itemStatuses.find((s) => s.id === desk.item_status_id);
  return { state, item, number: desk.number, status };
}

/** Moves the item through `codes` in turn, each a declared move (the engine checks it again). */
async function moveItem(ctx: EngineContext, state: OrderState, itemId: number, codes: string[], extra: Row) {
  let version = state.order.version as number;
  let written: Written | undefined;
  for (const [i, code] of codes.entries()) {
    const to = statusByCode(state.itemStatuses, "order item", code).id;
    const last = i === codes.length - 1;
    written = await updateRecord(ctx, state.model, state.order.id as number, {
      version,
      ...(last && extra.order ? (extra.order as Row) : {}),
      items: state.items.map((item) =>
        item.id === itemId
          ? { id: item.id, item_status_id: to, ...(last ? (extra.item as Row) : {}) }
          : { id: item.id },
      ),
    });
    version = written.row.version as number;
  }
  return written as Written;
}

export async function sendProof(
  ctx: EngineContext,
  orderId: number,
  itemId: number,
  body: SendBody,
): Promise<{
  order: Written;
  proof: typeof order_proofs.$inferSelect;
  email: string;
  file: typeof order_files.$inferSelect;
}> {
  const { state, item, number, status } = await itemOf(ctx, orderId, itemId, body.version);
  const [file] = await ctx.tx
    .select()
    .from(order_files)
    .where(
      and(
        eq(order_files.tenant_id, ctx.tenantId),
        eq(order_files.order_id, orderId),
        eq(order_files.id, body.file_id),
      ),
    );
  if (!file)
    throw new HttpError(409, "That file is not one of this order's files: choose a file of the order");
  if (file.order_item_id !== null && file.order_item_id !== itemId) {
    throw new HttpError(409, `${file.name} belongs to another item: choose a file of item ${number}`);
  }
  if (!PROOF_KINDS.includes(file.kind)) {
    throw new HttpError(
      409,
      `${file.name} is not artwork, print-ready or a proof: it cannot be sent as a proof`,
    );
  }
  const path =
    status?.code === CODES.awaiting
      ? [CODES.awaiting]
      : status?.code === CODES.preflight
        ? [CODES.awaiting]
        : status?.code === CODES.received
          ? [CODES.preflight, CODES.awaiting]
          : null;
  if (!path) {
    throw new HttpError(
      409,
      `Item ${number} is ${status?.name ?? "without a status"}: a proof is sent before the item is approved (received, preflight or awaiting proof)`,
    );
  }
  const email = await customerEmail(ctx, state.order.customer_id as number | null);
  if (!email) {
    throw new HttpError(409, "The customer has no contact email: add one to the customer to send a proof");
  }
  const proofNo = Number(item.proof_version ?? 0) + 1;
  // Still awaiting proof: the engine sees no move, only the new proof number.
  const order =
    path[0] === status?.code
      ? await updateRecord(ctx, state.model, orderId, {
          version: body.version,
          items: state.items.map((i) =>
            i.id === itemId ? { id: i.id, proof_version: proofNo } : { id: i.id },
          ),
        })
      : await moveItem(ctx, state, itemId, path, { item: { proof_version: proofNo } });
  const [proof] = await ctx.tx
    .insert(order_proofs)
    .values({
      tenant_id: ctx.tenantId,
      order_id: orderId,
      order_item_id: itemId,
      proof_no: proofNo,
      file_id: file.id,
      sent_to: email,
      sent_by: ctx.userId,
    })
    .returning();
  return { order, proof, email, file };
}

export async function decideProof(
  ctx: EngineContext,
  orderId: number,
  itemId: number,
  proofId: number,
  body: DecisionBody,
  shop: ShopDay,
  now = Date.now(),
): Promise<{ order: Written; proof: typeof order_proofs.$inferSelect }> {
  const { state, number, status } = await itemOf(ctx, orderId, itemId, body.version);
  const [latest] = await ctx.tx
    .select()
    .from(order_proofs)
    .where(and(eq(order_proofs.tenant_id, ctx.tenantId), eq(order_proofs.order_item_id, itemId)))
    .orderBy(desc(order_proofs.proof_no))
    .limit(1);
  if (!latest || latest.order_id !== orderId) throw notFound();
  if (latest.id !== proofId) {
    throw new HttpError(
      409,
      `Proof ${latest.proof_no} replaced this proof: record the answer to proof ${latest.proof_no}`,
    );
  }
  if (latest.decision) {
    throw new HttpError(
      409,
      `Proof ${latest.proof_no} of item ${number} was already ${latest.decision}: send a new proof to ask again`,
    );
  }
  if (status?.code !== CODES.awaiting) {
    throw new HttpError(
      409,
      `Item ${number} is ${status?.name ?? "without a status"}, not awaiting proof approval`,
    );
  }
  const approved = body.decision === "approved";
  const firm = state.order.firm_due_date === true;
  const order = await moveItem(ctx, state, itemId, [approved ? CODES.approved : CODES.preflight], {
    order: approved && !firm ? { wanted_by: await dueDate(ctx, state, now, shop) } : {},
    item: {},
  });
  const [proof] = await ctx.tx
    .update(order_proofs)
    .set({
      decision: body.decision,
      decided_at: new Date(now),
      decided_by: ctx.userId,
      comment: body.comment ?? null,
      version: latest.version + 1,
      updated_at: new Date(now),
    })
    .where(and(eq(order_proofs.tenant_id, ctx.tenantId), eq(order_proofs.id, latest.id)))
    .returning();
  return { order, proof };
}

async function dueDate(ctx: EngineContext, state: OrderState, now: number, shop: ShopDay): Promise<string> {
  const products = modelIn(ctx.registry, "Product").table.table;
  const ids = [...new Set(state.items.map((i) => i.product_id as number))];
  const days: number[] = [];
  for (const id of ids) {
    const [p] = await ctx.tx
      .select({ days: products.turnaround_days })
      .from(products)
      .where(and(eq(products.tenant_id, ctx.tenantId), eq(products.id, id)));
    if (p?.days !== null && p?.days !== undefined) days.push(Number(p.days));
  }
  return dueAfterApproval(now, shop.time_zone, String(state.order.turnaround ?? "standard"), days, shop);
}

async function customerEmail(ctx: EngineContext, customerId: number | null): Promise<string | null> {
  if (customerId === null) return null;
  const t = modelIn(ctx.registry, "Customer").table.table;
  const [row] = await ctx.tx
    .select({ email: t.contact_email })
    .from(t)
    .where(and(eq(t.tenant_id, ctx.tenantId), eq(t.id, customerId)));
  return (row?.email as string | null) ?? null;
}

/** The order's proofs, newest first, with the file's name and who sent and decided. */
export async function proofHistory(db: Database, tenantId: number, orderId: number) {
  const sender = alias(users, "sender");
  const decider = alias(users, "decider");
  return db
    .select({
      id: order_proofs.id,
      order_item_id: order_proofs.order_item_id,
      proof_no: order_proofs.proof_no,
      file_id: order_proofs.file_id,
      file_name: order_files.name,
      sent_to: order_proofs.sent_to,
      sent_at: order_proofs.sent_at,
      sent_by_name: sender.name,
      decision: order_proofs.decision,
      decided_at: order_proofs.decided_at,
      decided_by_name: decider.name,
      comment: order_proofs.comment,
      version: order_proofs.version,
    })
    .from(order_proofs)
    .innerJoin(order_files, eq(order_files.id, order_proofs.file_id))
    .leftJoin(sender, eq(sender.id, order_proofs.sent_by))
    .leftJoin(decider, eq(decider.id, order_proofs.decided_by))
    .where(and(eq(order_proofs.tenant_id, tenantId), eq(order_proofs.order_id, orderId)))
    .orderBy(desc(order_proofs.id));
}
