import { and, eq, inArray } from "drizzle-orm";
import {
  CODES,
  type DeskItem,
  type DeskOrder,
  type DeskStatus,
  missingStatus,
} from "../../src/custom/orders/desk-rules";
import type { LogEntry } from "../../src/custom/orders/status-history";
import type { Database } from "../db/open";
import { HttpError, notFound } from "../http/errors";
import { changeLogRows } from "../resources/change-logs";
import type { Row } from "../resources/hooks";
import { lockRecord, storedChildren } from "../resources/hooks/derived-writes";
import type { ResourceModel, ResourceRegistry } from "../resources/model";

// An order as the desk's actions and page read it, in the caller's transaction: the order (locked
// for the write that follows when `lock`), its items in order, the tenant's order and item
// statuses, and each item's run (open or closed). Tenant-scoped: another tenant's order is a 404.

export function modelIn(registry: ResourceRegistry, kind: string): ResourceModel {
  const model = registry.byKind.get(kind as never);
  if (!model) throw new Error(`order desk: no ${kind} kind`);
  return model;
}

/** The tenant's statuses of one entity, in sort order. */
export async function statusesOf(
  tx: Database,
  registry: ResourceRegistry,
  tenantId: number,
  entity: string,
): Promise<DeskStatus[]> {
  return (await statusesOfEach(tx, registry, tenantId, [entity])).get(entity) ?? [];
}

/** The tenant's statuses of each entity, each in sort order: one query (the order page asks for several). */
export async function statusesOfEach(
  tx: Database,
  registry: ResourceRegistry,
  tenantId: number,
  entities: string[],
): Promise<Map<string, DeskStatus[]>> {
  const t = modelIn(registry, "Status").table.table;
  const rows = await tx
    .select()
    .from(t)
    .where(and(eq(t.tenant_id, tenantId), inArray(t.entity, entities)))
    .orderBy(t.sort_order, t.id);
  const each = new Map<string, DeskStatus[]>(entities.map((entity) => [entity, []]));
  for (const r of rows) {
    each.get(String(r.entity))?.push({
      id: r.id as number,
      code: String(r.code),
      name: String(r.name),
      category: (r.category as string | null) ?? null,
      color: (r.color as string | null) ?? null,
      next: Array.isArray(r.next_status_ids) ? (r.next_status_ids as number[]) : [],
      allows_cancellation: r.allows_cancellation !== false,
    });
  }
  return each;
}

/** The status of `code` among `statuses`, else a 409 saying it is missing. */
export function statusByCode(statuses: DeskStatus[], entity: string, code: string): DeskStatus {
  const found = statuses.find((s) => s.code === code);
  if (!found) throw new HttpError(409, missingStatus(entity, code));
  return found;
}

/** An item's run: its number, whether still open (neither complete nor cancelled), its status's name. */
export interface RunOfItem {
  id: number;
  number: string;
  open: boolean;
  status: string | null;
}

export interface OrderState {
  model: ResourceModel;
  order: Row;
  items: Row[];
  orderStatuses: DeskStatus[];
  itemStatuses: DeskStatus[];
  /** The statuses of the entities asked for besides the order's and its items' (`alsoStatuses`). */
  statuses: Map<string, DeskStatus[]>;
  /** The items' runs by id. */
  runs: Map<number, RunOfItem>;
  desk: DeskOrder;
  deskItems: DeskItem[];
}

export async function orderState(
  tx: Database,
  registry: ResourceRegistry,
  tenantId: number,
  orderId: number,
  lock: boolean,
  alsoStatuses: string[] = [],
): Promise<OrderState> {
  const model = modelIn(registry, "Order");
  const t = model.table.table;
  const order = lock
    ? await lockRecord(tx, model, tenantId, orderId)
    : (
        await tx
          .select()
          .from(t)
          .where(and(eq(t.tenant_id, tenantId), eq(t.id, orderId)))
      )[0];
  if (!order) throw notFound();
  const [items, statuses] = await Promise.all([
    storedChildren(tx, model, "items", tenantId, orderId),
    statusesOfEach(tx, registry, tenantId, ["order", "order_item", ...alsoStatuses]),
  ]);
  const orderStatuses = statuses.get("order") ?? [];
  const itemStatuses = statuses.get("order_item") ?? [];
  const runs = await runsOf(
    tx,
    registry,
    tenantId,
    items.map((i) => i.run_id),
  );
  return {
    model,
    order,
    items,
    orderStatuses,
    itemStatuses,
    statuses,
    runs,
    desk: { order_number: String(order.order_number), status_id: (order.status_id as number | null) ?? null },
    deskItems: items.map((item, index) => ({
      id: item.id as number,
      number: index + 1,
      description: String(item.description ?? ""),
      item_status_id: (item.item_status_id as number | null) ?? null,
      run: runOf(runs, item.run_id),
    })),
  };
}

/** The run an item is on, as the rules read it (number, open). */
function runOf(runs: Map<number, RunOfItem>, runId: unknown): DeskItem["run"] {
  const run = typeof runId === "number" ? runs.get(runId) : undefined;
  return run ? { id: run.id, number: run.number, open: run.open } : null;
}

/** Runs by id: number, whether still open (neither complete nor cancelled), and their status's name. */
async function runsOf(
  tx: Database,
  registry: ResourceRegistry,
  tenantId: number,
  ids: unknown[],
): Promise<Map<number, RunOfItem>> {
  const list = [...new Set(ids.filter((id): id is number => typeof id === "number"))];
  if (list.length === 0) return new Map();
  const run = modelIn(registry, "Run").table.table;
  const status = modelIn(registry, "Status").table.table;
  const rows = await tx
    .select({
      id: run.id,
      number: run.run_number,
      category: status.category,
      status: status.name,
      entity: status.entity,
    })
    .from(run)
    .leftJoin(status, and(eq(status.id, run.status_id), eq(status.tenant_id, run.tenant_id)))
    .where(and(eq(run.tenant_id, tenantId), inArray(run.id, list)));
  return new Map(
    rows.map((r) => [
      r.id as number,
      {
        id: r.id as number,
        number: String(r.number),
        open: r.category !== "complete" && r.category !== "cancelled",
        // A run's status is one of the run statuses; the page names no other.
        status: r.entity === "run" ? String(r.status) : null,
      },
    ]),
  );
}

/** The order's change log, oldest entry first (the last 1,000). */
export async function orderLog(
  tx: Database,
  model: ResourceModel,
  tenantId: number,
  orderId: number,
): Promise<LogEntry[]> {
  return (await changeLogRows(tx, model, tenantId, orderId, 1, 1000)).reverse();
}

/** The body rows of the order's items for an update that moves some of them (every kept id, in order). */
export function itemRows(items: Row[], moves: Map<number, { to: number }>): Row[] {
  return items.map((item) => {
    const move = moves.get(item.id as number);
    return move ? { id: item.id, item_status_id: move.to } : { id: item.id };
  });
}

export { CODES };
