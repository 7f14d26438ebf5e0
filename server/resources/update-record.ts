import { and, eq } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import { getAuth } from "../auth/authenticate";
import type { Database } from "../db/open";
import { type FieldError, validationFailed } from "../http/errors";
import { lockWritable } from "./caller-scope";
import { type Changes, diffRows, writeChangeLogs } from "./change-logs";
import type { ChildWrite } from "./child-bodies";
import { checkRowIds, childrenOf, loadChildren, mergeChildren, writeChildren } from "./children";
import { fillServerDefaults } from "./create-defaults";
import { checkDependentReferences, unsettlesChildren } from "./dependent-references";
import { mapWriteError } from "./errors";
import { checkFieldRelations } from "./field-relations";
import { checkGuardedFields } from "./guarded-fields";
import type { ChildRows, Row } from "./hooks";
import { type KindContext, writeContext } from "./kind-context";
import { checkRemovedRows, recordLabel } from "./status-rules";
import { checkVersion, updateAtVersion } from "./version-check";
import { checkEnumMoves, checkStatusMoves, type StatusMove, statusMoves } from "./workflow";
import type { UpdateInput } from "./write-input";

// PATCH's write, after validate and check references (write-input.ts), in one transaction, in this
// order: read the stored row (locked) and check the version read; the written child collections
// (their row ids, the rows they remove, their workflow moves, new rows' first statuses); the rules
// that need the stored record (dependent references, status moves, computed fields, relations
// between fields); the UPDATE at the version read; the child rows and the change-log entry; the
// kind's afterWrite hook.

export interface Updated {
  row: Row;
  children?: ChildRows;
}

/** The collections the body writes, as stored and as they will be, and the moves of their kept rows. */
interface ChildPlan {
  touched: boolean;
  stored: ChildRows;
  merged?: ChildRows;
  moves: StatusMove[];
}

export async function updateRecord(
  ctx: KindContext,
  request: FastifyRequest,
  id: number,
  input: UpdateInput,
): Promise<Updated> {
  const { app, model } = ctx;
  const { values, version } = input;
  const { tenantId } = getAuth(request);
  try {
    return await app.db.transaction(async (tx) => {
      const before = await lockWritable(tx, model, request, id);
      checkVersion(before, version, model);
      if (Object.keys(values).length === 0 && input.writes.length === 0) {
        return { row: before, children: await childrenOf(tx, model, tenantId, id) };
      }
      const plan = await planChildren(ctx, tx, tenantId, before, input);
      await checkUpdateRules(ctx, tx, tenantId, before, values, plan);
      const where = and(eq(model.table.table.id, id), eq(model.table.table.tenant_id, tenantId));
      const after = await updateAtVersion(tx, model.table.table, where, version, values, model);
      const hooks = writeContext(ctx, tx, request);
      const childChanges = plan.merged
        ? await writeChildren({ ...hooks, parentId: id }, input.writes, plan.merged, plan.stored)
        : {};
      const changes: Changes = { ...diffRows(model, before, after), ...childChanges };
      if (Object.keys(changes).length > 0) {
        await writeChangeLogs(tx, model, [
          { tenantId, recordId: id, action: "update", userId: hooks.userId, changes },
        ]);
      }
      const children = await childrenOf(tx, model, tenantId, id);
      await checkGuardedFields(request, model, {
        before,
        after,
        storedChildren: plan.stored,
        children: plan.touched ? children : undefined,
      });
      await model.hooks.afterWrite?.({
        ...hooks,
        action: "update",
        record: after,
        previous: before,
        children: plan.touched ? children : undefined,
        previousChildren: plan.touched ? plan.stored : undefined,
      });
      return { row: after, children };
    });
  } catch (error) {
    mapWriteError(model, error, values);
  }
}

/**
 * The record's own enum and status moves, and for the collections the body carries: the stored
 * rows, a 400 for ids that are not this record's, the removed rows' rules, the kept rows' moves,
 * the collections as they will be and new rows' first statuses (create-defaults.ts).
 */
async function planChildren(
  { registry, model }: KindContext,
  tx: Database,
  tenantId: number,
  before: Row,
  { values, writes }: UpdateInput,
): Promise<ChildPlan> {
  checkEnumMoves(model.singular, model.fields, before, values);
  const moves = statusMoves(model.singular, model.fields, before, values);
  if (writes.length === 0) return { touched: false, stored: {}, moves };
  const stored = await loadChildren(tx, model, tenantId, before.id as number);
  checkRowIds(model, writes, stored);
  await checkRemovedRows(tx, registry, tenantId, model, before, writes, stored);
  moves.push(...childMoves(writes, stored, recordLabel(model, before)));
  const merged = mergeChildren(model, writes, stored);
  await fillServerDefaults({ tx, registry, model, tenantId, values, children: merged, action: "update" });
  return { touched: true, stored, merged, moves };
}

/** The rules that read the stored record: dependent references, status moves, computed fields, field relations. */
async function checkUpdateRules(
  ctx: KindContext,
  tx: Database,
  tenantId: number,
  before: Row,
  values: Row,
  plan: ChildPlan,
): Promise<void> {
  const { registry, model } = ctx;
  await checkDependencies(ctx, tx, tenantId, before, values, plan);
  await checkStatusMoves(tx, registry, tenantId, plan.moves, recordLabel(model, before));
  model.hooks.compute?.(values, before, plan.merged);
  checkFieldRelations(model.fields, values, before);
}

/**
 * An update's dependent references (dependent-references.ts): the record as it will be, and its
 * rows where the write sets them or changes a parent field they depend on. 400 on a mismatch.
 */
async function checkDependencies(
  { registry, model }: KindContext,
  tx: Database,
  tenantId: number,
  before: Row,
  values: Row,
  { merged, stored }: ChildPlan,
): Promise<void> {
  const unsettled = !merged && unsettlesChildren(model, before, values);
  const storedRows = unsettled ? await loadChildren(tx, model, tenantId, before.id as number) : stored;
  const errors: FieldError[] = [];
  const write = {
    record: { ...before, ...values },
    previous: before,
    children: merged ?? (unsettled ? storedRows : undefined),
    storedChildren: storedRows,
  };
  await checkDependentReferences(tx, registry, model, tenantId, write, errors);
  if (errors.length > 0) throw validationFailed(errors);
}

/** The workflow moves of the kept rows of the written collections (enum ones are refused here). */
function childMoves(writes: ChildWrite[], stored: ChildRows, label: string): StatusMove[] {
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
