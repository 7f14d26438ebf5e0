import { and, desc, eq, sql } from "drizzle-orm";
import type { Database } from "../db/open";
import { change_logs } from "../db/schema";
import { type Changes, diffRows, writeChangeLogs } from "../resources/change-logs";
import { staleVersion } from "../resources/errors";
import type { Row } from "../resources/hooks";
import type { ResourceModel, ResourceRegistry } from "../resources/model";

// What a floor action on a record's status shares (the inkjet queue's; run-actions.ts has its own copy for runs):
// the entity's statuses in the tenant's order, the status a held record was held from, and the write itself.

export interface EntityStatus {
  id: number;
  code: string;
  name: string;
  category: string | null;
  next: number[];
}

/** The tenant's statuses of `entity`, by sort order. */
export async function entityStatuses(
  tx: Database,
  registry: ResourceRegistry,
  tenantId: number,
  entity: string,
): Promise<EntityStatus[]> {
  const t = registry.byKind.get("Status")?.table.table;
  if (!t) return [];
  const rows = await tx
    .select({ id: t.id, code: t.code, name: t.name, category: t.category, next: t.next_status_ids })
    .from(t)
    .where(and(eq(t.tenant_id, tenantId), eq(t.entity, entity)))
    .orderBy(t.sort_order, t.id);
  return rows.map((r) => ({
    id: r.id as number,
    code: String(r.code),
    name: String(r.name),
    category: (r.category as string | null) ?? null,
    next: Array.isArray(r.next) ? (r.next as number[]) : [],
  }));
}

/** The status a held record was held from: the latest change log entry that moved it into `heldId`. */
export async function heldFromStatus(
  tx: Database,
  tenantId: number,
  kind: string,
  recordId: number,
  heldId: number,
): Promise<number | null> {
  const [row] = await tx
    .select({ changes: change_logs.changes })
    .from(change_logs)
    .where(
      and(
        eq(change_logs.tenant_id, tenantId),
        eq(change_logs.kind, kind),
        eq(change_logs.record_id, recordId),
        sql`(${change_logs.changes} -> 'status_id' ->> 'to') = ${String(heldId)}`,
      ),
    )
    .orderBy(desc(change_logs.changed_at), desc(change_logs.id))
    .limit(1);
  const from = row?.changes.status_id?.from;
  return typeof from === "number" ? from : null;
}

/**
 * Writes `values` over the locked row `before` as the engine does: version + 1 (a stale one is the usual 409),
 * one change log entry with who and when plus `extra` (the action, a reason), then the kind's afterWrite hook.
 */
export async function writeStatusChange(
  tx: Database,
  model: ResourceModel,
  ctx: { tenantId: number; userId: number },
  before: Row,
  values: Row,
  extra: Changes,
): Promise<Row> {
  const t = model.table.table;
  const id = before.id as number;
  model.hooks.compute?.(values, before);
  const [after] = await tx
    .update(t)
    .set({ ...values, version: sql`${t.version} + 1`, updated_at: new Date() })
    .where(and(eq(t.tenant_id, ctx.tenantId), eq(t.id, id), eq(t.version, before.version as number)))
    .returning();
  if (!after) throw staleVersion(model);
  await writeChangeLogs(tx, model, [
    {
      tenantId: ctx.tenantId,
      recordId: id,
      action: "update",
      userId: ctx.userId,
      changes: { ...diffRows(model, before, after), ...extra },
    },
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
  return after;
}
