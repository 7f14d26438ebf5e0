import { and, asc, eq, inArray } from "drizzle-orm";
import type { Database } from "../db/open";
import { type FieldError, validationFailed } from "../http/errors";
import { type ChangeLogEntry, type Changes, diffFields, writeChangeLogs } from "./change-logs";
import type { ChildWrite } from "./child-bodies";
import type { ChildRows, Row } from "./hooks";
import type { ChildModel, ResourceModel } from "./model";
import { outputFieldValue } from "./records";

// Child collections at run time: reading a record's rows, and writing a body's collections in
// the parent's transaction with the replace semantics of define.ts (a row with an id updates
// that row of this parent, a row without one is inserted, a stored row left out is deleted;
// position = index). The parent's change-log entry gets the agreed keys:
//   {name}.{rowId}.{field} → { from, to }   a changed field of a kept row
//   {name}.{rowId}        → { from: null, to: title } an added row, { from: title, to: null } a removed one
// and a collection with ownChangeLog logs each row under its own kind ("Location.shipping_addresses").

/** Every collection of one record, rows ordered by position. */
export async function loadChildren(
  db: Database,
  model: ResourceModel,
  tenantId: number,
  parentId: number,
): Promise<ChildRows> {
  const rows: ChildRows = {};
  for (const child of model.children) {
    const t = child.table.table;
    rows[child.name] = await db
      .select()
      .from(t)
      .where(and(eq(t.tenant_id, tenantId), eq(t.parent_id, parentId)))
      .orderBy(asc(t.position), asc(t.id));
  }
  return rows;
}

/** What names a row in its parent's log: its title field, else "Item 12". */
export function rowTitle(child: ChildModel, row: Row): unknown {
  const name = child.collection.titleField;
  const value = outputFieldValue(child.fields[name], row[name]);
  return value === null || value === "" ? `${child.collection.singular} ${String(row.id)}` : value;
}

/** A 400 for every row id of the body that is not a stored row of this parent. */
export function checkRowIds(model: ResourceModel, writes: ChildWrite[], stored: ChildRows): void {
  const errors: FieldError[] = [];
  for (const { child, rows } of writes) {
    const ids = new Set((stored[child.name] ?? []).map((r) => r.id));
    for (const row of rows) {
      if (row.id === null || ids.has(row.id)) continue;
      errors.push({
        field: `${child.name}.${row.index}.id`,
        message: `There is no ${child.rowSingular} with id ${row.id} in this ${model.singular}`,
      });
    }
  }
  if (errors.length > 0) throw validationFailed(errors);
}

/** Every collection as it will be after the write: the written ones replaced, the others as stored. */
export function mergeChildren(model: ResourceModel, writes: ChildWrite[], stored: ChildRows): ChildRows {
  const merged: ChildRows = {};
  for (const child of model.children) {
    const write = writes.find((w) => w.child === child);
    const before = stored[child.name] ?? [];
    if (!write) {
      merged[child.name] = before;
      continue;
    }
    const byId = new Map(before.map((r) => [r.id, r]));
    merged[child.name] = write.rows.map((row) =>
      row.id === null
        ? { ...row.values, position: row.index }
        : { ...byId.get(row.id), ...row.values, position: row.index },
    );
  }
  return merged;
}

/** The declared fields of a row (hooks may have added others). */
function fieldValues(child: ChildModel, row: Row): Row {
  return Object.fromEntries(
    Object.keys(child.fields)
      .filter((n) => n in row)
      .map((n) => [n, row[n]]),
  );
}

export interface ChildWriteContext {
  tx: Database;
  model: ResourceModel;
  tenantId: number;
  parentId: number;
  userId: number | null;
}

/**
 * Writes the collections `writes` carries, from `stored` to `merged` (mergeChildren, after the
 * hooks' compute); answers the parent's change-log keys and logs the rows of ownChangeLog ones.
 */
export async function writeChildren(
  ctx: ChildWriteContext,
  writes: ChildWrite[],
  merged: ChildRows,
  stored: ChildRows,
): Promise<Changes> {
  const { tx, tenantId, parentId, userId } = ctx;
  const changes: Changes = {};
  for (const { child } of writes) {
    const t = child.table.table;
    const before = stored[child.name] ?? [];
    const after = merged[child.name] ?? [];
    const logs: ChangeLogEntry[] = [];
    const entry = (row: Row, action: ChangeLogEntry["action"], rowChanges: Changes) =>
      logs.push({ tenantId, recordId: row.id as number, action, userId, changes: rowChanges });

    const kept = new Set(after.filter((r) => r.id !== undefined).map((r) => r.id));
    const removed = before.filter((r) => !kept.has(r.id));
    if (removed.length > 0) {
      await tx.delete(t).where(
        and(
          eq(t.tenant_id, tenantId),
          eq(t.parent_id, parentId),
          inArray(
            t.id,
            removed.map((r) => r.id as number),
          ),
        ),
      );
      for (const row of removed) {
        changes[`${child.name}.${row.id}`] = { from: rowTitle(child, row), to: null };
        entry(row, "delete", diffFields(child.fields, row, null));
      }
    }

    const storedById = new Map(before.map((r) => [r.id, r]));
    const inserts: Row[] = [];
    for (const row of after) {
      const values = fieldValues(child, row);
      const old = row.id === undefined ? undefined : storedById.get(row.id);
      if (!old) {
        inserts.push({ ...values, tenant_id: tenantId, parent_id: parentId, position: row.position });
        continue;
      }
      const moved = old.position !== row.position;
      if (!moved && Object.keys(diffFields(child.fields, old, row)).length === 0) continue;
      const [updated] = await tx
        .update(t)
        .set({ ...values, position: row.position })
        .where(and(eq(t.id, row.id as number), eq(t.parent_id, parentId), eq(t.tenant_id, tenantId)))
        .returning();
      const rowChanges = diffFields(child.fields, old, updated);
      for (const [field, change] of Object.entries(rowChanges))
        changes[`${child.name}.${row.id}.${field}`] = change;
      if (Object.keys(rowChanges).length > 0) entry(updated, "update", rowChanges);
    }
    if (inserts.length > 0) {
      for (const row of await tx.insert(t).values(inserts).returning()) {
        changes[`${child.name}.${row.id}`] = { from: null, to: rowTitle(child, row) };
        entry(row, "create", diffFields(child.fields, null, row));
      }
    }
    if (child.collection.ownChangeLog) await writeChangeLogs(tx, child.logKind, logs);
  }
  return changes;
}

/**
 * A parent's delete: its rows go with it (ON DELETE CASCADE); answers the removal keys for the
 * parent's entry and logs each row's delete in the ownChangeLog collections.
 */
export async function logRemovedChildren(
  ctx: Omit<ChildWriteContext, "parentId">,
  stored: ChildRows,
): Promise<Changes> {
  const changes: Changes = {};
  for (const child of ctx.model.children) {
    const rows = stored[child.name] ?? [];
    for (const row of rows) changes[`${child.name}.${row.id}`] = { from: rowTitle(child, row), to: null };
    if (!child.collection.ownChangeLog) continue;
    await writeChangeLogs(
      ctx.tx,
      child.logKind,
      rows.map((row) => ({
        tenantId: ctx.tenantId,
        recordId: row.id as number,
        action: "delete" as const,
        userId: ctx.userId,
        changes: diffFields(child.fields, row, null),
      })),
    );
  }
  return changes;
}

/** A record's collections for a single-record answer; undefined for a kind without any. */
export function childrenOf(
  db: Database,
  model: ResourceModel,
  tenantId: number,
  id: number,
): Promise<ChildRows | undefined> {
  return model.children.length > 0 ? loadChildren(db, model, tenantId, id) : Promise.resolve(undefined);
}
