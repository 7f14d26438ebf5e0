import { and, desc, eq, sql } from "drizzle-orm";
import { ACTION_TARGETS, type OperatorAction } from "../../src/custom/production/boards";
import { statusesAllowedFrom } from "../../src/resource-engine/status-moves";
import type { Database } from "../db/open";
import { change_logs, users } from "../db/schema";
import { HttpError, notFound } from "../http/errors";
import { type Changes, diffRows, writeChangeLogs } from "../resources/change-logs";
import { staleVersion } from "../resources/errors";
import type { Row } from "../resources/hooks";
import type { ResourceModel, ResourceRegistry } from "../resources/model";
import { recordLabel } from "../resources/status-rules";
import { checkStatusMoves } from "../resources/workflow";

// An operator's action on a run, in one transaction over the run's locked row:
// - claim names the caller as the run's operator (operator_id); a run someone else holds is a
//   409 naming them (the row lock makes one of two racing claims wait and then see the other's);
// - start, pause, hold, complete and release move the run's status: the target is found by
//   code among the tenant's run statuses (boards.ts ACTION_TARGETS; complete: the first
//   complete-category status the current one leads to; release: the status it was held from),
//   and the move is checked by the engine's own rule (workflow.ts checkStatusMoves: the
//   from-status's next_status_ids, terminal statuses), a refusal naming both statuses;
// - start, pause and complete are the holder's (an unclaimed run is claimed by them);
// - the write is the engine's: version + 1, the change log with who and when (plus the reason,
//   or the good quantity and waste, in the same entry), then the kind's afterWrite hook, so
//   closing the run consumes its paper (hooks/runs.ts) in this transaction.

export interface ActionBody {
  version?: number;
  reason?: string;
  good_quantity?: number;
  waste?: number;
}

interface RunStatus {
  id: number;
  code: string;
  name: string;
  category: string | null;
  next: number[];
}

async function runStatuses(tx: Database, registry: ResourceRegistry, tenantId: number): Promise<RunStatus[]> {
  const status = registry.byKind.get("Status");
  if (!status) return [];
  const t = status.table.table;
  const rows = await tx
    .select({ id: t.id, code: t.code, name: t.name, category: t.category, next: t.next_status_ids })
    .from(t)
    .where(and(eq(t.tenant_id, tenantId), eq(t.entity, "run")))
    .orderBy(t.sort_order, t.id);
  return rows.map((r) => ({
    id: r.id as number,
    code: String(r.code),
    name: String(r.name),
    category: (r.category as string | null) ?? null,
    next: Array.isArray(r.next) ? (r.next as number[]) : [],
  }));
}

async function userName(tx: Database, id: number): Promise<string> {
  const [row] = await tx.select({ name: users.name }).from(users).where(eq(users.id, id));
  return row?.name ?? `user ${id}`;
}

/** The status a held run was held from: the latest change log entry that moved it into `heldId`. */
async function heldFrom(
  tx: Database,
  tenantId: number,
  runId: number,
  heldId: number,
): Promise<number | null> {
  const [row] = await tx
    .select({ changes: change_logs.changes })
    .from(change_logs)
    .where(
      and(
        eq(change_logs.tenant_id, tenantId),
        eq(change_logs.kind, "Run"),
        eq(change_logs.record_id, runId),
        sql`(${change_logs.changes} -> 'status_id' ->> 'to') = ${String(heldId)}`,
      ),
    )
    .orderBy(desc(change_logs.changed_at), desc(change_logs.id))
    .limit(1);
  const from = row?.changes.status_id?.from;
  return typeof from === "number" ? from : null;
}

function missingStatus(code: string): HttpError {
  return new HttpError(409, `There is no run status with code "${code}": add it in the statuses first`);
}

/** The status `action` moves the run to, or undefined for claim. */
async function targetOf(
  tx: Database,
  tenantId: number,
  run: Row,
  action: OperatorAction,
  statuses: RunStatus[],
  current: RunStatus | undefined,
  label: string,
): Promise<RunStatus | undefined> {
  if (action === "claim") return undefined;
  const code = ACTION_TARGETS[action];
  if (code) {
    const target = statuses.find((s) => s.code === code);
    if (!target) throw missingStatus(code);
    return target;
  }
  if (action === "complete") {
    const allowed = current ? new Set(statusesAllowedFrom(current, statuses)) : null;
    const complete = statuses.filter((s) => s.category === "complete");
    const target = complete.find((s) => !allowed || allowed.has(s.id)) ?? complete[0];
    if (!target)
      throw new HttpError(409, "There is no run status of the complete category to close a run into");
    return target;
  }
  // release: back where it was held from, else the first status the hold leads to.
  const heldCode = ACTION_TARGETS.hold ?? "held";
  if (current?.code !== heldCode) {
    throw new HttpError(
      409,
      `Run ${label} is ${current?.name ?? "without a status"}, not held: there is nothing to release`,
    );
  }
  const from = await heldFrom(tx, tenantId, run.id as number, current.id);
  const back = statuses.find((s) => s.id === from) ?? statuses.find((s) => current.next.includes(s.id));
  if (!back) throw new HttpError(409, `Run ${label} has no status to be released to`);
  return back;
}

export async function runAction(
  tx: Database,
  registry: ResourceRegistry,
  ctx: { tenantId: number; userId: number },
  runId: number,
  action: OperatorAction,
  body: ActionBody,
): Promise<{ model: ResourceModel; row: Row }> {
  const model = registry.byKind.get("Run");
  if (!model) throw notFound();
  const t = model.table.table;
  const [before] = await tx
    .select()
    .from(t)
    .where(and(eq(t.tenant_id, ctx.tenantId), eq(t.id, runId)))
    .for("update");
  if (!before) throw notFound();
  if (body.version !== undefined && before.version !== body.version) throw staleVersion(model);
  const label = recordLabel(model, before);
  const statuses = await runStatuses(tx, registry, ctx.tenantId);
  const current = statuses.find((s) => s.id === before.status_id);
  const closed = current?.category === "complete" || current?.category === "cancelled";

  const holder = typeof before.operator_id === "number" ? before.operator_id : null;
  const holderOnly = action === "claim" || action === "start" || action === "pause" || action === "complete";
  if (holderOnly && holder !== null && holder !== ctx.userId) {
    const name = await userName(tx, holder);
    throw new HttpError(409, `Run ${label} is claimed by ${name}: only ${name} can ${action} it`);
  }
  if (action === "claim" && closed) {
    throw new HttpError(
      409,
      `Run ${label} is ${current?.name}: a ${current?.category} run cannot be claimed`,
    );
  }

  const values: Row = {};
  if (holderOnly && holder !== ctx.userId) values.operator_id = ctx.userId;
  const target = await targetOf(tx, ctx.tenantId, before, action, statuses, current, label);
  if (target) {
    if (target.id === before.status_id) throw new HttpError(409, `Run ${label} is already ${target.name}`);
    if (typeof before.status_id === "number") {
      await checkStatusMoves(
        tx,
        registry,
        ctx.tenantId,
        [{ words: "run", path: "status_id", from: before.status_id, to: target.id }],
        label,
      );
    }
    values.status_id = target.id;
    if (action === "complete" && !before.printed_at) values.printed_at = new Date();
    // The operator's figures stay on the run too (the production manager's waste %).
    if (action === "complete") {
      values.good_quantity = body.good_quantity ?? null;
      values.waste_quantity = body.waste ?? 0;
    }
  }
  if (Object.keys(values).length === 0) return { model, row: before }; // claiming one's own run again

  model.hooks.compute?.(values, before);
  const [after] = await tx
    .update(t)
    .set({ ...values, version: sql`${t.version} + 1`, updated_at: new Date() })
    .where(and(eq(t.tenant_id, ctx.tenantId), eq(t.id, runId), eq(t.version, before.version as number)))
    .returning();
  if (!after) throw staleVersion(model);
  // The operator's words and figures go into the same history entry as the status change.
  const changes: Changes = { ...diffRows(model, before, after) };
  if (body.reason) changes.reason = { from: null, to: body.reason };
  if (action === "complete") {
    if (body.good_quantity !== undefined) changes.good_quantity = { from: null, to: body.good_quantity };
    if (body.waste !== undefined) changes.waste = { from: null, to: body.waste };
  }
  changes.action = { from: null, to: action };
  await writeChangeLogs(tx, model, [
    { tenantId: ctx.tenantId, recordId: runId, action: "update", userId: ctx.userId, changes },
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
