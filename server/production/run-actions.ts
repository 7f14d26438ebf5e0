import { and, eq, inArray, sql } from "drizzle-orm";
import type { OperatorAction } from "../../src/custom/production/boards";
import {
  boardOfStation,
  movable,
  nextStation,
  type StationInfo,
  targetCode,
} from "../../src/custom/production/station-moves";
import { statusesAllowedFrom } from "../../src/resource-engine/status-moves";
import type { Database } from "../db/open";
import { users } from "../db/schema";
import { HttpError, notFound } from "../http/errors";
import { type Changes, diffRows, writeChangeLogs } from "../resources/change-logs";
import { staleVersion } from "../resources/errors";
import type { Row } from "../resources/hooks";
import { childOf, modelOf } from "../resources/hooks/derived-writes";
import { type ItemEdit, lockOrders, logItemEdits } from "../resources/hooks/order-item-runs";
import { loadRegistry, type ResourceModel, type ResourceRegistry } from "../resources/model";
import { recordLabel } from "../resources/status-rules";
import { checkStatusMoves } from "../resources/workflow";
import { routesOfRuns, stationsOf } from "./stations";
import { type EntityStatus, entityStatuses, heldFromStatus } from "./status-writes";

// An operator's action on a run, in one transaction over the run's locked row:
// - claim names the caller as the run's operator (operator_id); a run someone else holds is a
//   409 naming them (the row lock makes one of two racing claims wait and then see the other's);
// - start, pause, hold, complete and release move the run's status: the target is found by code
//   among the tenant's run statuses, from the board of the run's station (boards.ts: start → its
//   working status; complete → its station's output status; station-moves.ts), release back to
//   the status it was held from; each move is checked by the engine's own rule (workflow.ts
//   checkStatusMoves: the from-status's next_status_ids, terminal statuses), a refusal naming
//   both statuses;
// - complete and move send the run on to its next station (station-moves.ts: its items' routes,
//   else its station's output status), unclaimed there; arriving at a station without a board
//   (staging) it takes that station's output status (staged);
// - the run's items follow its status where an item status of the same code exists and their
//   own workflow allows the move (batched → printing → printed → …), logged on their orders;
// - start, pause, complete and move are the holder's (an unclaimed run is claimed by them);
// - the write is the engine's: version + 1, the change log with who and when (plus the reason,
//   or the good quantity and waste, in the same entry), then the kind's afterWrite hook, so
//   printing the run consumes its paper (hooks/runs.ts) in this transaction.

export interface ActionBody {
  version?: number;
  reason?: string;
  good_quantity?: number;
  waste?: number;
}

type FlowStatus = EntityStatus;

/** The tenant's statuses of `entity` (the engine's registry, loaded once). */
const statusesOf = async (tx: Database, tenantId: number, entity: string) =>
  entityStatuses(tx, await loadRegistry(), tenantId, entity);

async function userName(tx: Database, id: number): Promise<string> {
  const [row] = await tx.select({ name: users.name }).from(users).where(eq(users.id, id));
  return row?.name ?? `user ${id}`;
}

/** The status a held run was held from: the latest change log entry that moved it into `heldId`. */
const refused = (message: string) => new HttpError(409, message);

function statusByCode(statuses: FlowStatus[], code: string): FlowStatus {
  const found = statuses.find((s) => s.code === code);
  if (!found) throw refused(`There is no run status with code "${code}": add it in the statuses first`);
  return found;
}

/** The statuses the run passes through (in order) for `action`; empty for claim and move. */
async function statusPath(
  tx: Database,
  tenantId: number,
  run: Row,
  action: OperatorAction,
  statuses: FlowStatus[],
  current: FlowStatus | undefined,
  station: StationInfo | undefined,
  label: string,
): Promise<FlowStatus[]> {
  if (action === "claim" || action === "move") return [];
  if (action === "release") {
    const held = statusByCode(statuses, "held");
    if (current?.id !== held.id) {
      throw refused(
        `Run ${label} is ${current?.name ?? "without a status"}, not held: there is nothing to release`,
      );
    }
    const from = await heldFromStatus(tx, tenantId, "Run", run.id as number, held.id);
    const back = statuses.find((s) => s.id === from) ?? statuses.find((s) => held.next.includes(s.id));
    if (!back) throw refused(`Run ${label} has no status to be released to`);
    return [back];
  }
  const board = boardOfStation(station);
  const code = targetCode(action, board, station);
  if (!code) {
    const where = station ? `at ${station.name}, a station without a board` : "at no station";
    throw refused(`Run ${label} is ${where}: there is nothing to ${action} there`);
  }
  return [statusByCode(statuses, code)];
}

/**
 * The run's items follow its new statuses (`codes`, in order): each item moves to the item status
 * of the same code where its current status allows it (statusesAllowedFrom), else stays.
 */
async function itemsFollow(
  tx: Database,
  ctx: { tenantId: number; userId: number },
  runId: number,
  codes: string[],
): Promise<void> {
  const itemStatuses = await statusesOf(tx, ctx.tenantId, "order_item");
  const targets = codes.map((c) => itemStatuses.find((s) => s.code === c)).filter((s) => s !== undefined);
  if (targets.length === 0) return;
  const run = await modelOf("Run");
  const runItems = childOf(run, "items").table.table;
  const links = await tx
    .select({ order_id: runItems.order_id, order_item_id: runItems.order_item_id })
    .from(runItems)
    .where(and(eq(runItems.tenant_id, ctx.tenantId), eq(runItems.parent_id, runId)));
  await lockOrders(
    tx,
    ctx.tenantId,
    links.map((l) => l.order_id),
  );
  const oi = childOf(await modelOf("Order"), "items").table.table;
  const ids = links.map((l) => l.order_item_id as number);
  if (ids.length === 0) return;
  const rows = await tx
    .select({ id: oi.id, parent_id: oi.parent_id, status: oi.item_status_id, run_id: oi.run_id })
    .from(oi)
    .where(and(eq(oi.tenant_id, ctx.tenantId), inArray(oi.id, ids)))
    .orderBy(oi.id);
  const edits: ItemEdit[] = [];
  for (const row of rows) {
    if (row.run_id !== runId) continue;
    const from = itemStatuses.find((s) => s.id === row.status);
    let at = from;
    for (const target of targets) {
      if (at && statusesAllowedFrom(at, itemStatuses).includes(target.id) && at.id !== target.id) at = target;
    }
    if (!at || at === from) continue;
    await tx
      .update(oi)
      .set({ item_status_id: at.id })
      .where(and(eq(oi.tenant_id, ctx.tenantId), eq(oi.id, row.id as number)));
    edits.push({
      orderId: row.parent_id as number,
      itemId: row.id as number,
      field: "item_status_id",
      from: from?.id ?? null,
      to: at.id,
    });
  }
  await logItemEdits(tx, ctx, edits);
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
  const statuses = await statusesOf(tx, ctx.tenantId, "run");
  const current = statuses.find((s) => s.id === before.status_id);
  const closed = current?.category === "complete" || current?.category === "cancelled";

  const holder = typeof before.operator_id === "number" ? before.operator_id : null;
  const holderOnly = action !== "hold" && action !== "release";
  if (holderOnly && holder !== null && holder !== ctx.userId) {
    const name = await userName(tx, holder);
    throw refused(`Run ${label} is claimed by ${name}: only ${name} can ${action} it`);
  }
  if (closed && (action === "claim" || action === "move")) {
    const done = action === "claim" ? "claimed" : "sent on";
    throw refused(`Run ${label} is ${current?.name}: a ${current?.category} run cannot be ${done}`);
  }

  const stations = await stationsOf(tx, ctx.tenantId);
  const station = stations.find((s) => s.id === before.station_id);
  const path = await statusPath(tx, ctx.tenantId, before, action, statuses, current, station, label);
  const values: Row = {};
  if (holderOnly && holder !== ctx.userId) values.operator_id = ctx.userId;

  if (action === "complete" || action === "move") {
    const board = boardOfStation(station);
    // Only work under way completes: a held run's workflow lets it go back to where it was held
    // (Printed, say), which is a release, not a completion.
    if (action === "complete" && current && board && current.code !== board.working && path[0]) {
      throw refused(`A run cannot go from ${current.name} to ${path[0].name}`);
    }
    if (action === "move" && !movable(current, statuses, board)) {
      throw refused(
        `Run ${label} is ${current?.name ?? "without a status"}: complete the work at ${station?.name ?? "its station"} before sending it on`,
      );
    }
    const routes = (await routesOfRuns(tx, ctx.tenantId, [runId])).get(runId) ?? [];
    const next = station
      ? nextStation(station.id, routes, stations, (before.coating as string | null) ?? null)
      : null;
    if (!next && action === "move") {
      throw refused(`Run ${label} has no station after ${station?.name ?? "none"} on its items' routes`);
    }
    if (next) {
      values.station_id = next.id;
      values.operator_id = null;
      // A station without a board (staging) takes the run into its output status.
      if (!boardOfStation(next) && next.output_code && statuses.some((s) => s.code === next.output_code)) {
        path.push(statusByCode(statuses, next.output_code));
      }
    }
  }

  let from = current;
  for (const target of path) {
    if (target.id === from?.id) {
      if (path.length === 1) throw refused(`Run ${label} is already ${target.name}`);
      continue;
    }
    if (from) {
      await checkStatusMoves(
        tx,
        registry,
        ctx.tenantId,
        [{ words: "run", path: "status_id", from: from.id, to: target.id }],
        label,
      );
    }
    from = target;
  }
  if (from && from.id !== before.status_id) values.status_id = from.id;
  if (action === "complete" && !before.printed_at) values.printed_at = new Date();
  // The operator's figures stay on the run too (the production manager's waste %).
  if (action === "complete") {
    values.good_quantity = body.good_quantity ?? null;
    values.waste_quantity = body.waste ?? 0;
  }
  if (Object.keys(values).every((k) => values[k] === before[k])) return { model, row: before }; // own claim again

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
  if (path.length > 0)
    await itemsFollow(
      tx,
      ctx,
      runId,
      path.map((s) => s.code),
    );
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
