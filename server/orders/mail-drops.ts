import { and, asc, eq, inArray } from "drizzle-orm";
import {
  addDrop,
  type DropOutcome,
  type DropRow,
  rescheduleDrop,
  splitDrop,
} from "../../src/custom/orders/mail-drop-plan";
import type { Database } from "../db/open";
import { fieldError, HttpError, notFound } from "../http/errors";
import { loadChildren } from "../resources/children";
import { MAX_DROP_SPAN_DAYS } from "../resources/hooks/mail-orders";
import { uspsHolidaysOf } from "../resources/hooks/usps-holidays";
import type { ResourceRegistry } from "../resources/model";
import { type EngineContext, updateRecord } from "../resources/record-writes";
import { type ResourceRecord, toChildRecord, toRecord } from "../resources/records";
import { modelIn } from "./order-state";

// The mail drops of an order's mail orders (issue 19, /orders/manage-mail-drops/{order_id}): the
// page's data, and add / split / reschedule as the engine's own update of the mail order with its
// whole `drops` collection and the version the caller read (updateRecord: stale version 409, the
// mail-order hook's rules as 400s on the drop's field, one change-log entry naming the action).
// The action's own checks (which drop may move, a split adding up) are src/custom/orders/mail-drop-plan.ts.

export type DropAction =
  | { action: "add"; scheduled_date: string; quantity: number; list_segment?: string }
  | { action: "split"; drop_id: number; scheduled_date: string; quantity: number }
  | { action: "reschedule"; drop_id: number; scheduled_date: string };

export interface MailDropsAnswer {
  order: { id: number; order_number: string };
  mail_orders: (ResourceRecord & { status: { name: string; color: string | null } | null })[];
  /** USPS holidays (no drops) from last year to two years ahead, for the calendar. */
  holidays: { date: string; name: string }[];
  max_span_days: number;
}

async function orderRow(tx: Database, registry: ResourceRegistry, tenantId: number, orderId: number) {
  const t = modelIn(registry, "Order").table.table;
  const [order] = await tx
    .select({ id: t.id, order_number: t.order_number })
    .from(t)
    .where(and(eq(t.tenant_id, tenantId), eq(t.id, orderId)));
  if (!order) throw notFound();
  return { id: order.id as number, order_number: String(order.order_number) };
}

export async function mailDrops(
  db: Database,
  registry: ResourceRegistry,
  tenantId: number,
  orderId: number,
  now = new Date(),
): Promise<MailDropsAnswer> {
  const order = await orderRow(db, registry, tenantId, orderId);
  const model = modelIn(registry, "MailOrder");
  const m = model.table.table;
  const rows = await db
    .select()
    .from(m)
    .where(and(eq(m.tenant_id, tenantId), eq(m.order_id, orderId)))
    .orderBy(asc(m.mail_order_number));
  const s = modelIn(registry, "Status").table.table;
  const statusIds = rows.map((r) => r.status_id).filter((id): id is number => typeof id === "number");
  const statuses =
    statusIds.length === 0
      ? []
      : await db
          .select({ id: s.id, name: s.name, color: s.color })
          .from(s)
          .where(and(eq(s.tenant_id, tenantId), inArray(s.id, statusIds)));
  const mailOrders = await Promise.all(
    rows.map(async (row) => {
      const status = statuses.find((st) => st.id === row.status_id);
      const children = await loadChildren(db, model, tenantId, row.id as number);
      return {
        ...toRecord(model, row, { children }),
        status: status ? { name: String(status.name), color: (status.color as string | null) ?? null } : null,
      };
    }),
  );
  const year = now.getUTCFullYear();
  const holidays = [year - 1, year, year + 1, year + 2].flatMap((y) =>
    [...uspsHolidaysOf(y)].map(([date, name]) => ({ date, name })),
  );
  return { order, mail_orders: mailOrders, holidays, max_span_days: MAX_DROP_SPAN_DAYS };
}

/** A drop as a body row: its id and declared fields, as a client's PATCH sends it. */
function bodyRow(record: ResourceRecord): DropRow {
  const { position: _position, ...rest } = record;
  return rest as unknown as DropRow;
}

/** One action on one mail order of the order, in the caller's transaction. */
export async function dropAction(
  ctx: EngineContext,
  orderId: number,
  mailOrderId: number,
  version: number,
  body: DropAction,
) {
  const { tx, registry, tenantId } = ctx;
  await orderRow(tx, registry, tenantId, orderId);
  const model = modelIn(registry, "MailOrder");
  const m = model.table.table;
  const [row] = await tx
    .select({ id: m.id, mail_order_number: m.mail_order_number })
    .from(m)
    .where(and(eq(m.tenant_id, tenantId), eq(m.id, mailOrderId), eq(m.order_id, orderId)));
  if (!row) throw notFound();
  const child = model.children.find((c) => c.name === "drops");
  if (!child) throw new Error("mail drops: MailOrder has no drops");
  const stored = (await loadChildren(tx, model, tenantId, mailOrderId)).drops ?? [];
  const drops = stored.map((r) => bodyRow(toChildRecord(child, r)));
  let outcome: DropOutcome | null;
  if (body.action === "add") outcome = addDrop(drops, body);
  else if (body.action === "split") outcome = splitDrop(drops, body.drop_id, body);
  else outcome = rescheduleDrop(drops, body.drop_id, body.scheduled_date);
  if (outcome === null) {
    throw new HttpError(404, `Mail order ${String(row.mail_order_number)} has no such drop`);
  }
  if ("refusal" in outcome) {
    const { status, field, message } = outcome.refusal;
    throw status === 400 ? fieldError(field ?? "body", message) : new HttpError(409, message);
  }
  return updateRecord(
    ctx,
    model,
    mailOrderId,
    { version, drops: outcome.drops },
    {
      action: { from: null, to: `${body.action} drop` },
    },
  );
}
