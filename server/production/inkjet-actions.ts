import { and, desc, eq, sql } from "drizzle-orm";
import { INKJET_CODES, type InkjetAction } from "../../src/custom/production/inkjet-logic";
import type { Database } from "../db/open";
import { change_logs } from "../db/schema";
import { HttpError, notFound } from "../http/errors";
import { type Changes, diffRows, writeChangeLogs } from "../resources/change-logs";
import { staleVersion } from "../resources/errors";
import type { Row } from "../resources/hooks";
import type { ResourceModel, ResourceRegistry } from "../resources/model";
import { recordLabel } from "../resources/status-rules";
import { checkStatusMoves } from "../resources/workflow";

// An addressing action on a mail order (the inkjet queue), in one transaction over its locked row:
// - start moves it from the press (printing) onto the inkjet (inkjet_addressing); complete moves it
//   on to the first status, in the tenant's order, that inkjet_addressing leads to (tabbing or
//   trayed in the seed) other than a hold or a cancellation; hold puts it on hold (a reason is
//   required); release puts it back where it was held from;
// - each target is the tenant's mail order status of that code, and the move is checked by the
//   engine's own rule against the from-status's next_status_ids (workflow.ts): 409 naming both;
// - the write is the engine's: version checked (a stale one is the usual 409) and + 1, the change
//   log with who, when, the action and the reason, then the kind's afterWrite hook.

export interface InkjetBody {
  version: number;
  reason?: string;
}

interface MailStatus {
  id: number;
  code: string;
  name: string;
  category: string | null;
  next: number[];
}

async function mailStatuses(
  tx: Database,
  registry: ResourceRegistry,
  tenantId: number,
): Promise<MailStatus[]> {
  const t = registry.byKind.get("Status")?.table.table;
  if (!t) return [];
  const rows = await tx
    .select({ id: t.id, code: t.code, name: t.name, category: t.category, next: t.next_status_ids })
    .from(t)
    .where(and(eq(t.tenant_id, tenantId), eq(t.entity, "mail_order")))
    .orderBy(t.sort_order, t.id);
  return rows.map((r) => ({
    id: r.id as number,
    code: String(r.code),
    name: String(r.name),
    category: (r.category as string | null) ?? null,
    next: Array.isArray(r.next) ? (r.next as number[]) : [],
  }));
}

/** The status a held mail order was held from: the latest change log entry that moved it into `heldId`. */
export async function mailHeldFrom(
  tx: Database,
  tenantId: number,
  recordId: number,
  heldId: number,
): Promise<number | null> {
  const [row] = await tx
    .select({ changes: change_logs.changes })
    .from(change_logs)
    .where(
      and(
        eq(change_logs.tenant_id, tenantId),
        eq(change_logs.kind, "MailOrder"),
        eq(change_logs.record_id, recordId),
        sql`(${change_logs.changes} -> 'status_id' ->> 'to') = ${String(heldId)}`,
      ),
    )
    .orderBy(desc(change_logs.changed_at), desc(change_logs.id))
    .limit(1);
  const from = row?.changes.status_id?.from;
  return typeof from === "number" ? from : null;
}

const missing = (code: string) =>
  new HttpError(409, `There is no mail order status with code "${code}": add it in the statuses first`);

function byCode(statuses: MailStatus[], code: string): MailStatus {
  const found = statuses.find((s) => s.code === code);
  if (!found) throw missing(code);
  return found;
}

async function targetOf(
  tx: Database,
  tenantId: number,
  id: number,
  action: InkjetAction,
  statuses: MailStatus[],
  current: MailStatus | undefined,
  label: string,
): Promise<MailStatus> {
  switch (action) {
    case "start":
      return byCode(statuses, INKJET_CODES.addressing);
    case "hold":
      return byCode(statuses, INKJET_CODES.held);
    case "complete": {
      const addressing = byCode(statuses, INKJET_CODES.addressing);
      const onward = statuses.find(
        (s) => addressing.next.includes(s.id) && s.code !== INKJET_CODES.held && s.category !== "cancelled",
      );
      if (!onward)
        throw new HttpError(409, `${addressing.name} leads to no status to complete addressing into`);
      return onward;
    }
    case "release": {
      if (current?.code !== INKJET_CODES.held) {
        throw new HttpError(
          409,
          `${label} is ${current?.name ?? "without a status"}, not on hold: there is nothing to release`,
        );
      }
      const from = await mailHeldFrom(tx, tenantId, id, current.id);
      const back = statuses.find((s) => s.id === from) ?? statuses.find((s) => current.next.includes(s.id));
      if (!back) throw new HttpError(409, `${label} has no status to be released to`);
      return back;
    }
  }
}

export async function inkjetAction(
  tx: Database,
  registry: ResourceRegistry,
  ctx: { tenantId: number; userId: number },
  id: number,
  action: InkjetAction,
  body: InkjetBody,
): Promise<{ model: ResourceModel; row: Row }> {
  const model = registry.byKind.get("MailOrder");
  if (!model) throw notFound();
  const t = model.table.table;
  const [before] = await tx
    .select()
    .from(t)
    .where(and(eq(t.tenant_id, ctx.tenantId), eq(t.id, id)))
    .for("update");
  if (!before) throw notFound();
  if (before.version !== body.version) throw staleVersion(model);
  const label = recordLabel(model, before);
  if (before.addressing !== "inkjet") {
    const how = before.addressing ? String(before.addressing).replace("_", " ") : "no addressing";
    throw new HttpError(409, `${label} is addressed by ${how}, not on the inkjet`);
  }
  const statuses = await mailStatuses(tx, registry, ctx.tenantId);
  const current = statuses.find((s) => s.id === before.status_id);
  const target = await targetOf(tx, ctx.tenantId, id, action, statuses, current, label);
  if (target.id === before.status_id) throw new HttpError(409, `${label} is already ${target.name}`);
  if (typeof before.status_id === "number") {
    await checkStatusMoves(
      tx,
      registry,
      ctx.tenantId,
      [{ words: "mail order", path: "status_id", from: before.status_id, to: target.id }],
      label,
    );
  }
  const values: Row = { status_id: target.id };
  model.hooks.compute?.(values, before);
  const [after] = await tx
    .update(t)
    .set({ ...values, version: sql`${t.version} + 1`, updated_at: new Date() })
    .where(and(eq(t.tenant_id, ctx.tenantId), eq(t.id, id), eq(t.version, before.version as number)))
    .returning();
  if (!after) throw staleVersion(model);
  const changes: Changes = {
    ...diffRows(model, before, after),
    action: { from: null, to: `${action} addressing` },
  };
  if (body.reason) changes.reason = { from: null, to: body.reason };
  await writeChangeLogs(tx, model, [
    { tenantId: ctx.tenantId, recordId: id, action: "update", userId: ctx.userId, changes },
  ]);
  await model.hooks.afterWrite?.({
    tx,
    model,
    tenantId: ctx.tenantId,
    userId: ctx.userId,
    action: "update",
    record: after,
    previous: before,
  });
  return { model, row: after };
}
