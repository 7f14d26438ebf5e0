import { and, count, desc, eq } from "drizzle-orm";
import type { Field } from "../../src/resource-engine/fields";
import type { Database } from "../db/open";
import { change_logs, users } from "../db/schema";
import { notifyChanges } from "../live/notify";
import type { Row } from "./hooks";
import type { ResourceModel } from "./model";
import { outputFieldValue, sameValue } from "./records";

// The field-level history of every record: one change_logs row per create, update and delete,
// written in the write's own transaction (so a rolled-back write leaves no trace) with the user
// and the changed fields as { field: { from, to } }. Child rows appear in their parent's entry
// (children.ts); a collection with ownChangeLog also logs each row under "{Kind}.{name}".

export type Action = "create" | "update" | "delete";
export type Changes = Record<string, { from: unknown; to: unknown }>;

/** The fields that differ between two stored rows (null for "no row"), as answers show them. */
export function diffFields(fields: Record<string, Field>, before: Row | null, after: Row | null): Changes {
  const changes: Changes = {};
  for (const [name, field] of Object.entries(fields)) {
    const from = before ? outputFieldValue(field, before[name]) : null;
    const to = after ? outputFieldValue(field, after[name]) : null;
    // A create lists what was set, a delete what was there (an unset secret is not "set").
    const empty = (v: unknown) =>
      v === null || (Array.isArray(v) && v.length === 0) || (field.type === "secret" && v === false);
    if ((!before && empty(to)) || (!after && empty(from))) continue;
    // A replaced secret shows as true → true: compare what is stored, show only whether it is set.
    const changed =
      field.type === "secret"
        ? !sameValue(before?.[name] ?? null, after?.[name] ?? null)
        : !sameValue(from, to);
    if (changed) changes[name] = { from, to };
  }
  return changes;
}

/** The declared fields of a kind that differ between two stored rows (null for "no row"). */
export function diffRows(model: ResourceModel, before: Row | null, after: Row | null): Changes {
  return diffFields(model.fields, before, after);
}

export interface ChangeLogEntry {
  tenantId: number;
  recordId: number;
  action: Action;
  userId: number | null;
  changes: Changes;
}

/** `model`: the kind, or a child collection's log kind ("Location.shipping_addresses"). */
export async function writeChangeLogs(
  tx: Database,
  model: ResourceModel | string,
  entries: ChangeLogEntry[],
): Promise<void> {
  if (entries.length === 0) return;
  const changedAt = new Date();
  const logged = await tx
    .insert(change_logs)
    .values(
      entries.map((e) => ({
        tenant_id: e.tenantId,
        kind: typeof model === "string" ? model : model.kind,
        record_id: e.recordId,
        action: e.action,
        changed_at: changedAt,
        user_id: e.userId,
        changes: e.changes,
      })),
    )
    .returning({ id: change_logs.id });
  // Live updates (server/live/notify.ts), delivered on commit. A child row's own history is told
  // through its parent's entry.
  if (typeof model === "string") return;
  await notifyChanges(
    tx,
    model,
    entries.map((e, i) => ({ ...e, logId: logged[i].id })),
  );
}

export interface ChangeLogAnswer {
  id: number;
  action: string;
  changed_at: string;
  user: { id: number; name: string } | null;
  changes: Changes;
}

/** A record's history (or a child row's, by its log kind), newest first. */
export async function listChangeLogs(
  ...page: Parameters<typeof changeLogRows>
): Promise<{ rows: ChangeLogAnswer[]; total: number }> {
  const [db, model, tenantId, recordId] = page;
  const [[{ total }], rows] = await Promise.all([
    db
      .select({ total: count() })
      .from(change_logs)
      .where(changeLogsOf(model, tenantId, recordId)),
    changeLogRows(...page),
  ]);
  return { total, rows };
}

const changeLogsOf = (model: ResourceModel | string, tenantId: number, recordId: number) =>
  and(
    eq(change_logs.tenant_id, tenantId),
    eq(change_logs.kind, typeof model === "string" ? model : model.kind),
    eq(change_logs.record_id, recordId),
  );

/** One page of a record's history, newest first, without counting it (the order desk reads its last 1,000). */
export async function changeLogRows(
  db: Database,
  model: ResourceModel | string,
  tenantId: number,
  recordId: number,
  page: number,
  limit: number,
): Promise<ChangeLogAnswer[]> {
  const rows = await db
    .select({
      id: change_logs.id,
      action: change_logs.action,
      changed_at: change_logs.changed_at,
      user_id: change_logs.user_id,
      user_name: users.name,
      changes: change_logs.changes,
    })
    .from(change_logs)
    .leftJoin(users, eq(users.id, change_logs.user_id))
    .where(changeLogsOf(model, tenantId, recordId))
    .orderBy(desc(change_logs.id))
    .limit(limit)
    .offset((page - 1) * limit);
  return rows.map((r) => ({
    id: r.id,
    action: r.action,
    changed_at: r.changed_at.toISOString(),
    user: r.user_id !== null && r.user_name !== null ? { id: r.user_id, name: r.user_name } : null,
    // jsonb keeps keys in its own order; answer { from, to } as the contract writes them.
    changes: Object.fromEntries(
      Object.entries(r.changes).map(([field, c]) => [field, { from: c.from ?? null, to: c.to ?? null }]),
    ),
  }));
}
