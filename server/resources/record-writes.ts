import { and, eq, sql } from "drizzle-orm";
import type { Config } from "../config";
import type { Database } from "../db/open";
import { type FieldError, notFound, validationFailed } from "../http/errors";
import { type Changes, diffRows, writeChangeLogs } from "./change-logs";
import { type ChildWrite, checkChildBodies } from "./child-bodies";
import { checkRowIds, loadChildren, mergeChildren, writeChildren } from "./children";
import { fillServerDefaults } from "./create-defaults";
import { checkDependentReferences, unsettlesChildren } from "./dependent-references";
import { staleVersion } from "./errors";
import { checkFieldRelations } from "./field-relations";
import type { ChildRows, Row } from "./hooks";
import type { ResourceModel, ResourceRegistry } from "./model";
import { checkReferenceValues, childReferenceValues, referenceValues } from "./reference-checks";
import { checkRemovedRows, recordLabel } from "./status-rules";
import { checkCreateBody, checkUpdateBody } from "./validators";
import { checkEnumMoves, checkStatusMoves, statusMoves } from "./workflow";

// The engine's create and update for bodies the server builds itself, inside a transaction the
// caller holds (an order desk action writes an order, a payment and a refund request in one): the
// same steps, in the same order, as POST and PATCH {path} in routes.ts — the body checked as a
// client's would be (fields, rows, references, dependent references), workflow moves and removed
// rows, the first statuses and numbers, compute, field relations, the row with its version check,
// the child rows, the change log (with `note`: the action's own words, such as a reason, in the
// same entry) and the kind's afterWrite hook. Permissions are the caller's to check first.
// The HTTP routes' own steps (create-record.ts, update-record.ts) repeat these (`duplicates` pairs them):
// they should become one path. Until then a rule added there (guarded-fields.ts, UpdatePrice) is not checked here.

export interface EngineContext {
  tx: Database;
  registry: ResourceRegistry;
  tenantId: number;
  userId: number;
  config?: Config;
}

export interface Written {
  row: Row;
  children: ChildRows | undefined;
}

function childrenOf(tx: Database, model: ResourceModel, tenantId: number, id: number) {
  return model.children.length > 0 ? loadChildren(tx, model, tenantId, id) : Promise.resolve(undefined);
}

/** A body's field and row errors, then its references: a 400 with every error. */
async function checkBody(
  ctx: EngineContext,
  model: ResourceModel,
  values: Row,
  writes: ChildWrite[],
  errors: FieldError[],
): Promise<void> {
  await checkReferenceValues(
    ctx.tx,
    ctx.registry,
    ctx.tenantId,
    [...referenceValues(model.fields, values), ...childReferenceValues(writes)],
    errors,
  );
  if (errors.length > 0) throw validationFailed(errors);
}

/** POST {path}, for a body the server made; the owner field defaults to the caller. */
export async function createRecord(
  ctx: EngineContext,
  model: ResourceModel,
  body: Row,
  note: Changes = {},
): Promise<Written> {
  const { tx, tenantId, userId } = ctx;
  const { values, errors } = checkCreateBody(model, body);
  const writes = checkChildBodies(model, body, "create", errors);
  const owner = model.resource.ownerField;
  if (owner && values[owner] === null) values[owner] = userId;
  await checkBody(ctx, model, values, writes, errors);
  const merged = writes.length > 0 ? mergeChildren(model, writes, {}) : undefined;
  await checkDependentReferences(
    tx,
    ctx.registry,
    model,
    tenantId,
    { record: values, previous: null, children: merged },
    errors,
  );
  if (errors.length > 0) throw validationFailed(errors);
  const filled = await fillServerDefaults({
    tx,
    registry: ctx.registry,
    model,
    tenantId,
    values,
    children: merged,
    action: "create",
  });
  model.hooks.compute?.(values, null, merged);
  checkFieldRelations(model.fields, values, null);
  const now = new Date();
  const t = model.table.table;
  const [created] = await tx
    .insert(t)
    .values({ ...values, tenant_id: tenantId, created_at: now, updated_at: now, version: 1 })
    .returning();
  const id = created.id as number;
  const hookCtx = { tx, model, tenantId, userId, config: ctx.config };
  const childChanges = merged ? await writeChildren({ ...hookCtx, parentId: id }, writes, merged, {}) : {};
  await writeChangeLogs(tx, model, [
    {
      tenantId,
      recordId: id,
      action: "create",
      userId,
      changes: { ...diffRows(model, null, created), ...childChanges, ...note },
    },
  ]);
  const children = await childrenOf(tx, model, tenantId, id);
  await model.hooks.afterWrite?.({
    ...hookCtx,
    action: "create",
    record: created,
    previous: null,
    filled,
    children: merged ? children : undefined,
  });
  return { row: created, children };
}

/**
 * PATCH {path}/{id}, for a body the server made (with the `version` the caller read): a row
 * collection in it replaces the stored one, as in a client's PATCH (send every kept row's id).
 */
export async function updateRecord(
  ctx: EngineContext,
  model: ResourceModel,
  id: number,
  body: Row,
  note: Changes = {},
): Promise<Written> {
  const { tx, tenantId, userId, registry } = ctx;
  const { values, errors, version } = checkUpdateBody(model, body);
  const writes = checkChildBodies(model, body, "update", errors);
  await checkBody(ctx, model, values, writes, errors);
  const t = model.table.table;
  const [before] = await tx
    .select()
    .from(t)
    .where(and(eq(t.tenant_id, tenantId), eq(t.id, id)))
    .for("update");
  if (!before) throw notFound();
  if (before.version !== version) throw staleVersion(model);
  const label = recordLabel(model, before);
  checkEnumMoves(model.singular, model.fields, before, values);
  const moves = statusMoves(model.singular, model.fields, before, values);
  const touched = writes.length > 0;
  let stored: ChildRows = {};
  let merged: ChildRows | undefined;
  if (touched) {
    stored = await loadChildren(tx, model, tenantId, id);
    checkRowIds(model, writes, stored);
    await checkRemovedRows(tx, registry, tenantId, model, before, writes, stored);
    moves.push(...childMoves(writes, stored, label));
    merged = mergeChildren(model, writes, stored);
    await fillServerDefaults({ tx, registry, model, tenantId, values, children: merged, action: "update" });
  }
  const unsettled = !merged && unsettlesChildren(model, before, values);
  const storedRows = unsettled ? await loadChildren(tx, model, tenantId, id) : stored;
  const write = {
    record: { ...before, ...values },
    previous: before,
    children: merged ?? (unsettled ? storedRows : undefined),
    storedChildren: storedRows,
  };
  await checkDependentReferences(tx, registry, model, tenantId, write, errors);
  if (errors.length > 0) throw validationFailed(errors);
  await checkStatusMoves(tx, registry, tenantId, moves, label);
  model.hooks.compute?.(values, before, merged);
  checkFieldRelations(model.fields, values, before);
  const [after] = await tx
    .update(t)
    .set({ ...values, version: sql`${t.version} + 1`, updated_at: new Date() })
    .where(and(eq(t.id, id), eq(t.tenant_id, tenantId), eq(t.version, version)))
    .returning();
  if (!after) throw staleVersion(model);
  const hookCtx = { tx, model, tenantId, userId, config: ctx.config };
  const childChanges = merged
    ? await writeChildren({ ...hookCtx, parentId: id }, writes, merged, stored)
    : {};
  const changes: Changes = { ...diffRows(model, before, after), ...childChanges, ...note };
  if (Object.keys(changes).length > 0) {
    await writeChangeLogs(tx, model, [{ tenantId, recordId: id, action: "update", userId, changes }]);
  }
  const children = await childrenOf(tx, model, tenantId, id);
  await model.hooks.afterWrite?.({
    ...hookCtx,
    action: "update",
    record: after,
    previous: before,
    children: touched ? children : undefined,
    previousChildren: touched ? stored : undefined,
  });
  return { row: after, children };
}

/** The workflow moves of the kept rows of the written collections (as routes.ts's childMoves). */
function childMoves(writes: ChildWrite[], stored: ChildRows, label: string) {
  return writes.flatMap(({ child, rows }) =>
    rows.flatMap((row) => {
      const old = row.id === null ? undefined : stored[child.name]?.find((r) => r.id === row.id);
      if (!old) return [];
      const at = `${child.name}.${row.index}.`;
      checkEnumMoves(child.singular, child.fields, old, row.values, at);
      const rowLabel = `${child.rowSingular.charAt(0).toUpperCase()}${child.rowSingular.slice(1)} ${row.index + 1} of ${label}`;
      return statusMoves(child.singular, child.fields, old, row.values, at).map((m) => ({
        ...m,
        label: rowLabel,
      }));
    }),
  );
}
