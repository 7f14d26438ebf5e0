import { and, count, eq, inArray, ne, type SQL, sql } from "drizzle-orm";
import type { Database } from "../db/open";
import { type Changes, writeChangeLogs } from "./change-logs";
import { stillReferenced } from "./errors";
import type { IncomingReference, ResourceModel } from "./model";

// Before a delete: refuse while restricting references point at the record (one count per
// referencing field, of records or of child rows), then clear the setNull ones. Each record whose
// field (or one of whose rows) is cleared gets a new version and a change-log entry, as any
// other update would; a cleared row of an ownChangeLog collection also gets its own entry.

/** Where a reference lives: the record's table, or a child collection's. */
export function referencing(ref: IncomingReference, model: ResourceModel, tenantId: number, id: number) {
  const table = ref.child ? ref.child.table.table : ref.from.table.table;
  const col = table[ref.field];
  const pointsAt = ref.list ? sql`${id} = any(${col})` : eq(col, id);
  // The record's own rows go with it; it does not block (or get cleared for) itself.
  let self: SQL | undefined;
  if (ref.from === model) self = ref.child ? ne(table.parent_id, id) : ne(table.id, id);
  return { table, col, where: and(eq(table.tenant_id, tenantId), pointsAt, self) as SQL };
}

export async function releaseReferences(
  tx: Database,
  model: ResourceModel,
  tenantId: number,
  id: number,
  userId: number,
): Promise<void> {
  const users = new Map<object, { singular: string; plural: string; count: number }>();
  for (const ref of model.incoming.filter((r) => r.onDelete === "restrict")) {
    const { table, where } = referencing(ref, model, tenantId, id);
    const [{ n }] = await tx.select({ n: count() }).from(table).where(where);
    if (n === 0) continue;
    const words = ref.child ?? ref.from;
    const seen = users.get(words) ?? { singular: words.singular, plural: words.plural, count: 0 };
    seen.count += n;
    users.set(words, seen);
  }
  if (users.size > 0) throw stillReferenced(model, [...users.values()]);

  for (const ref of model.incoming.filter((r) => r.onDelete === "setNull")) {
    const { table, col, where } = referencing(ref, model, tenantId, id);
    const cleared = (value: unknown) => (ref.list ? (value as number[]).filter((v) => v !== id) : null);
    if (!ref.child) {
      const affected = await tx.select({ id: table.id, value: col }).from(table).where(where);
      if (affected.length === 0) continue;
      await tx
        .update(table)
        .set({
          [ref.field]: ref.list ? sql`array_remove(${col}, ${id})` : null,
          version: sql`${table.version} + 1`,
          updated_at: new Date(),
        })
        .where(where);
      await writeChangeLogs(
        tx,
        ref.from,
        affected.map((r) => ({
          tenantId,
          recordId: r.id as number,
          action: "update" as const,
          userId,
          changes: { [ref.field]: { from: r.value, to: cleared(r.value) } },
        })),
      );
      continue;
    }
    const child = ref.child;
    const rows = await tx
      .select({ id: table.id, parent_id: table.parent_id, value: col })
      .from(table)
      .where(where);
    if (rows.length === 0) continue;
    await tx
      .update(table)
      .set({ [ref.field]: ref.list ? sql`array_remove(${col}, ${id})` : null })
      .where(where);
    const byParent = new Map<number, Changes>();
    for (const row of rows) {
      const changes = byParent.get(row.parent_id as number) ?? {};
      changes[`${child.name}.${row.id}.${ref.field}`] = { from: row.value, to: cleared(row.value) };
      byParent.set(row.parent_id as number, changes);
    }
    const parents = ref.from.table.table;
    await tx
      .update(parents)
      .set({ version: sql`${parents.version} + 1`, updated_at: new Date() })
      .where(and(eq(parents.tenant_id, tenantId), inArray(parents.id, [...byParent.keys()])));
    await writeChangeLogs(
      tx,
      ref.from,
      [...byParent].map(([parentId, changes]) => ({
        tenantId,
        recordId: parentId,
        action: "update" as const,
        userId,
        changes,
      })),
    );
    if (child.collection.ownChangeLog) {
      await writeChangeLogs(
        tx,
        child.logKind,
        rows.map((row) => ({
          tenantId,
          recordId: row.id as number,
          action: "update" as const,
          userId,
          changes: { [ref.field]: { from: row.value, to: cleared(row.value) } },
        })),
      );
    }
  }
}
