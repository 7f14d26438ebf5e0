import { and, eq, inArray } from "drizzle-orm";
import type { Database } from "../db/open";
import { HttpError } from "../http/errors";
import type { ChildWrite } from "./child-bodies";
import type { ChildRows, Row } from "./hooks";
import type { ResourceModel, ResourceRegistry } from "./model";

// The rules every statusOf reference follows, beyond its Status's next_status_ids (workflow.ts):
// - Terminal means terminal. A status of category `cancelled` is never left. One of category
//   `complete` only moves on to another `complete` status its next_status_ids name (shipped →
//   invoiced → closed, mailed → complete); an empty list there means no move at all.
//   Policy: an empty next_status_ids on an `open` or `production` status still means "any move"
//   (a tenant's workflow not drawn yet; the small shop's seed relies on it).
// - A child row whose status is past `open` (production, complete or cancelled) stays on its
//   record: removing it and adding it back without its id would reset its workflow.
// Tables without a category column (test kinds) have no terminal statuses.

/** Categories a record never leaves for a category outside them. */
const FINAL: Record<string, Set<string>> = {
  complete: new Set(["complete"]),
  cancelled: new Set(),
};

/** Categories whose child rows may be removed from their record. */
const REMOVABLE = new Set(["open"]);

const article = (words: string) => (/^[aeiou]/i.test(words) ? "an" : "a");

export interface StatusRow {
  id: number;
  name: string;
  category?: string;
  next: number[];
}

/** The tenant's statuses of `ids`, with name, category (when declared) and next ids. */
export async function statusRows(
  db: Database,
  registry: ResourceRegistry,
  tenantId: number,
  ids: number[],
): Promise<Map<number, StatusRow>> {
  const status = registry.byKind.get("Status");
  if (!status || ids.length === 0) return new Map();
  const t = status.table.table;
  const rows = await db
    .select({
      id: t.id,
      name: t[status.resource.titleField],
      next: t.next_status_ids ?? t.id,
      ...(t.category ? { category: t.category } : {}),
    })
    .from(t)
    .where(and(eq(t.tenant_id, tenantId), inArray(t.id, [...new Set(ids)])));
  return new Map(
    rows.map((r) => [
      r.id as number,
      {
        id: r.id as number,
        name: String(r.name),
        category: (r as { category?: string }).category,
        next: Array.isArray(r.next) ? (r.next as number[]) : [],
      },
    ]),
  );
}

/**
 * The terminal rule's 409 for a move `from` → `to` of `words` (a record's or row's label such as
 * "W-1" or "Item 2 of W-1"), or undefined when the move leaves no terminal status.
 */
export function terminalRefusal(
  label: string,
  words: string,
  from: StatusRow | undefined,
  to: StatusRow | undefined,
  byId: Map<number, StatusRow>,
  field: string,
): HttpError | undefined {
  const stays = from?.category ? FINAL[from.category] : undefined;
  if (!from || !stays) return undefined;
  const onward = from.next.map((id) => byId.get(id)).filter((s) => s && stays.has(s.category ?? ""));
  if (to && stays.has(to.category ?? "") && onward.some((s) => s?.id === to.id)) return undefined;
  const state = from.name.toLowerCase();
  const what = `${label} is ${from.name}: ${article(state)} ${state} ${words}`;
  const message =
    onward.length === 0
      ? `${what} cannot change status (a ${from.category} status is final)`
      : `${what} can only move on to ${onward.map((s) => s?.name).join(" or ")} (a ${from.category} status is final)`;
  return new HttpError(409, message, [{ field, message }]);
}

/** How a record is named in these messages: its title, else "Order 12". */
export function recordLabel(model: ResourceModel, row: Row): string {
  const title = row[model.resource.titleField];
  if (typeof title === "string" && title.trim() !== "") return title;
  return `${model.singular.charAt(0).toUpperCase()}${model.singular.slice(1)} ${String(row.id)}`;
}

/**
 * 409 when a write drops a child row whose status is past `open` ("Item 2 of W-1 is Printed:
 * only an order item in an open status can be removed from its order").
 */
export async function checkRemovedRows(
  db: Database,
  registry: ResourceRegistry,
  tenantId: number,
  model: ResourceModel,
  before: Row,
  writes: ChildWrite[],
  stored: ChildRows,
): Promise<void> {
  const removed: { label: string; words: string; field: string; statusId: number }[] = [];
  for (const { child, rows } of writes) {
    const statusFields = Object.entries(child.fields)
      .filter(([, f]) => f.type === "reference" && f.statusOf)
      .map(([name]) => name);
    if (statusFields.length === 0) continue;
    const kept = new Set(rows.map((r) => r.id).filter((id) => id !== null));
    (stored[child.name] ?? []).forEach((row, index) => {
      if (kept.has(row.id as number)) return;
      for (const name of statusFields) {
        if (typeof row[name] !== "number") continue;
        const label = `${child.rowSingular.charAt(0).toUpperCase()}${child.rowSingular.slice(1)} ${index + 1} of ${recordLabel(model, before)}`;
        removed.push({ label, words: child.singular, field: child.name, statusId: row[name] as number });
      }
    });
  }
  if (removed.length === 0) return;
  const byId = await statusRows(
    db,
    registry,
    tenantId,
    removed.map((r) => r.statusId),
  );
  for (const r of removed) {
    const status = byId.get(r.statusId);
    if (!status?.category || REMOVABLE.has(status.category)) continue;
    const message = `${r.label} is ${status.name}: only ${article(r.words)} ${r.words} in an open status can be removed from its ${model.singular}`;
    throw new HttpError(409, message, [{ field: r.field, message }]);
  }
}

/**
 * An order's status follows its items (domain.md): it may be of category `complete` only when
 * every item that is not cancelled is complete too (an item without a status counts as open).
 * 409 naming the first item that holds it back.
 */
export async function checkFollowsItems(
  db: Database,
  registry: ResourceRegistry,
  tenantId: number,
  label: string,
  statusId: unknown,
  items: Row[],
  itemStatus: string,
  /** `skip`: items that do not count (an order's Service lines); they keep their place in the numbering. */
  options: { skip?: (item: Row) => boolean } = {},
): Promise<void> {
  if (typeof statusId !== "number") return;
  const ids = items.map((i) => i[itemStatus]).filter((id): id is number => typeof id === "number");
  const byId = await statusRows(db, registry, tenantId, [statusId, ...ids]);
  const status = byId.get(statusId);
  if (status?.category !== "complete") return;
  const sorted = [...items].sort((a, b) => Number(a.position ?? 0) - Number(b.position ?? 0));
  sorted.forEach((item, index) => {
    if (options.skip?.(item)) return;
    const own = byId.get(item[itemStatus] as number);
    if (own?.category === "complete" || own?.category === "cancelled") return;
    const message = `${label} cannot be ${status.name}: an order follows its items, and item ${index + 1} is ${own ? own.name : "without a status"} (every item not cancelled must be complete first)`;
    throw new HttpError(409, message, [{ field: "status_id", message }]);
  });
}
