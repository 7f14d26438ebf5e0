import { and, desc, eq, sql } from "drizzle-orm";
import type { Kind } from "../../../src/access/kinds";
import type { Database } from "../../db/open";
import { change_logs } from "../../db/schema";
import { notifyChanges } from "../../live/notify";
import { type Changes, diffRows, writeChangeLogs } from "../change-logs";
import type { Row } from "../hooks";
import { loadRegistry, type ResourceModel } from "../model";
import { sameValue } from "../records";

// What hooks write besides the record being written: computed fields of other records (an
// order's amount due after a payment, an inventory item's levels after a receipt or a run) and
// computed fields of the record itself that need the database (read in afterWrite). Every such
// write happens in the triggering write's transaction.

/** The model of another kind (the registry is built once per process). */
export async function modelOf(kind: Kind): Promise<ResourceModel> {
  const model = (await loadRegistry()).byKind.get(kind);
  if (!model) throw new Error(`No declaration of ${kind}`);
  return model;
}

/** A child collection's model ("items" of Order). */
export function childOf(model: ResourceModel, name: string) {
  const child = model.children.find((c) => c.name === name);
  if (!child) throw new Error(`${model.kind} has no child collection ${name}`);
  return child;
}

/**
 * Reads (and locks, for the rest of the transaction) one record of the tenant, as an UPDATE of
 * its non-key columns would: FOR NO KEY UPDATE. Two writers of the record queue up here; a plain
 * FOR UPDATE would also wait for the FOR KEY SHARE locks that inserting rows referencing the
 * record take, so two writes each inserting such a row (two POs with lines on one stock item)
 * would deadlock.
 */
export async function lockRecord(
  tx: Database,
  model: ResourceModel,
  tenantId: number,
  id: number,
): Promise<Row | undefined> {
  const t = model.table.table;
  const [row] = await tx
    .select()
    .from(t)
    .where(and(eq(t.tenant_id, tenantId), eq(t.id, id)))
    .for("no key update");
  return row;
}

/** A record's child rows as stored, in position order. */
export async function storedChildren(
  tx: Database,
  model: ResourceModel,
  name: string,
  tenantId: number,
  parentId: number,
): Promise<Row[]> {
  const t = childOf(model, name).table.table;
  return tx
    .select()
    .from(t)
    .where(and(eq(t.tenant_id, tenantId), eq(t.parent_id, parentId)))
    .orderBy(t.position, t.id);
}

/**
 * The server's own update of another record (a locked `before`): new version, updated_at and a
 * change-log entry under the user whose write caused it, like any other update. The model's
 * compute hook runs first, so dependent fields (available) follow. Nothing is written when no
 * value differs. Answers the stored row.
 */
export async function updateAsServer(
  tx: Database,
  model: ResourceModel,
  ctx: { tenantId: number; userId: number | null },
  before: Row,
  values: Row,
): Promise<Row> {
  model.hooks.compute?.(values, before);
  if (Object.entries(values).every(([name, value]) => sameValue(before[name], value))) return before;
  const t = model.table.table;
  const [after] = await tx
    .update(t)
    .set({ ...values, version: sql`${t.version} + 1`, updated_at: new Date() })
    .where(and(eq(t.tenant_id, ctx.tenantId), eq(t.id, before.id as number)))
    .returning();
  const changes = diffRows(model, before, after);
  if (Object.keys(changes).length > 0) {
    await writeChangeLogs(tx, model, [
      { tenantId: ctx.tenantId, recordId: after.id as number, action: "update", userId: ctx.userId, changes },
    ]);
  }
  return after;
}

/**
 * afterWrite's own computed fields of the record just written: stores them without a second
 * version (it is the same write), updates `record` in place (the answer is built from it) and
 * adds them to the write's change-log entry (or writes one when the write logged nothing).
 */
export async function completeWrite(
  tx: Database,
  model: ResourceModel,
  ctx: { tenantId: number; userId: number | null; action: "create" | "update" },
  record: Row,
  values: Row,
): Promise<void> {
  const changes: Changes = diffRows(model, record, { ...record, ...values });
  if (Object.keys(changes).length === 0) return;
  const t = model.table.table;
  await tx
    .update(t)
    .set(values)
    .where(and(eq(t.tenant_id, ctx.tenantId), eq(t.id, record.id as number)));
  Object.assign(record, values);
  const where = and(
    eq(change_logs.tenant_id, ctx.tenantId),
    eq(change_logs.kind, model.kind),
    eq(change_logs.record_id, record.id as number),
  );
  const [entry] = await tx
    .select({
      id: change_logs.id,
      action: change_logs.action,
      changed_at: change_logs.changed_at,
      changes: change_logs.changes,
    })
    .from(change_logs)
    .where(where)
    .orderBy(desc(change_logs.id))
    .limit(1);
  // This write's entry was written after its updated_at; an older one before (its row was locked).
  const ours =
    entry?.action === ctx.action &&
    record.updated_at instanceof Date &&
    entry.changed_at.getTime() >= record.updated_at.getTime();
  if (entry && ours) {
    // A create's entry lists values from null: keep its "from" (the write's own start).
    const merged = { ...entry.changes };
    for (const [name, change] of Object.entries(changes)) {
      merged[name] = { from: merged[name]?.from ?? change.from, to: change.to };
    }
    await tx.update(change_logs).set({ changes: merged }).where(eq(change_logs.id, entry.id));
    // The entry's event went out with the fields known then: tell these too (same event id).
    await notifyChanges(tx, model, [
      {
        logId: entry.id,
        tenantId: ctx.tenantId,
        recordId: record.id as number,
        action: ctx.action,
        changes: merged,
      },
    ]);
    return;
  }
  await writeChangeLogs(tx, model, [
    {
      tenantId: ctx.tenantId,
      recordId: record.id as number,
      action: ctx.action,
      userId: ctx.userId,
      changes,
    },
  ]);
}

/** A field's value after the write: the written one, else the stored one. */
export const currentValue = (values: Row, previous: Row | null, name: string): unknown =>
  name in values ? values[name] : previous?.[name];

/** Money as stored: rounded to the cent (sums of binary fractions drift). */
export const cents = (value: number): number => Math.round(value * 100) / 100;

/**
 * An amount as whole cents, exactly: a numeric column's text ("12345.67", as sums come back) is
 * read digit by digit; a number is rounded to the cent (inputs are validated to 2 places).
 * Totals are summed in BigInt cents, so no sum ever drifts, however large.
 */
export function toCents(value: unknown): bigint {
  if (typeof value === "bigint") return value;
  if (typeof value === "string") {
    const m = /^(-)?(\d*)(?:\.(\d*))?$/.exec(value.trim());
    if (m) {
      const whole = BigInt(m[2] || "0") * 100n + BigInt(((m[3] ?? "") + "00").slice(0, 2));
      return m[1] ? -whole : whole;
    }
    value = Number(value);
  }
  return typeof value === "number" && Number.isFinite(value) ? BigInt(Math.round(value * 100)) : 0n;
}

/** Whole cents as the stored amount (exact: bounded totals stay far below 2^53 cents). */
export const fromCents = (c: bigint): number => Number(c) / 100;

/** Σ of amounts, in cents. */
export const sumCents = (values: unknown[]): bigint => values.reduce<bigint>((s, v) => s + toCents(v), 0n);

export const numberOr = (value: unknown, fallback = 0): number =>
  typeof value === "number" && Number.isFinite(value) ? value : fallback;

/** "1,200" */
export const formatCount = (n: number): string => n.toLocaleString("en-US");
