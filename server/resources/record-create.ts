import type { Scope } from "../../src/access/permissions";
import type { Config } from "../config";
import type { Database } from "../db/open";
import { validationFailed } from "../http/errors";
import { diffRows, writeChangeLogs } from "./change-logs";
import { checkChildBodies } from "./child-bodies";
import { loadChildren, mergeChildren, writeChildren } from "./children";
import { fillServerDefaults } from "./create-defaults";
import { checkDependentReferences } from "./dependent-references";
import { mapWriteError } from "./errors";
import { checkFieldRelations } from "./field-relations";
import type { ChildRows, Row } from "./hooks";
import type { ResourceModel, ResourceRegistry } from "./model";
import { checkReferenceValues, childReferenceValues, referenceValues } from "./reference-checks";
import { generateSecret } from "./secrets";
import { checkCreateBody, isGeneratedSecret } from "./validators";

// The engine's create of one record (POST {path}, routes.ts), for the generic route and for the
// server's own endpoints that create a record as a person would (a packing slip made from an
// order: server/production/): the body checked field by field, references and dependent
// references, then in one transaction (a savepoint when `db` is already one) the server's
// defaults (numbers, first statuses), computed fields, the row and its child rows, the change
// log and the kind's afterWrite hook, whose rules may refuse the whole write.

export interface CreateContext {
  db: Database;
  registry: ResourceRegistry;
  model: ResourceModel;
  tenantId: number;
  userId: number;
  /** The caller's Create scope (own: the record must be theirs). */
  scope: Scope;
  config?: Config;
}

export interface Created {
  row: Row;
  children: ChildRows | undefined;
  /** Generated secrets' plaintexts, shown once. */
  secrets: Record<string, string>;
}

/** Sets each generated secret's stored form on `values`; answers the plaintexts, shown once. */
function generateSecrets(model: ResourceModel, values: Row): Record<string, string> {
  const plain: Record<string, string> = {};
  for (const [name, field] of Object.entries(model.fields)) {
    if (!isGeneratedSecret(field)) continue;
    const secret = generateSecret();
    values[name] = secret.stored;
    plain[name] = secret.plain;
  }
  return plain;
}

export async function createRecord(ctx: CreateContext, body: unknown): Promise<Created> {
  const { db, registry, model, tenantId, userId } = ctx;
  const t = model.table.table;
  const { values, errors } = checkCreateBody(model, body);
  const writes = checkChildBodies(model, body, "create", errors);
  const owner = model.resource.ownerField;
  if (owner && values[owner] === null) values[owner] = userId;
  if (owner && ctx.scope === "own" && values[owner] !== userId) {
    errors.push({ field: owner, message: "You may only create records you own" });
  }
  await checkReferenceValues(
    db,
    registry,
    tenantId,
    [...referenceValues(model.fields, values), ...childReferenceValues(writes)],
    errors,
  );
  if (errors.length === 0) {
    const children = writes.length > 0 ? mergeChildren(model, writes, {}) : undefined;
    const write = { record: values, previous: null, children };
    await checkDependentReferences(db, registry, model, tenantId, write, errors);
  }
  if (errors.length > 0) throw validationFailed(errors);
  const secrets = generateSecrets(model, values);
  const merged = writes.length > 0 ? mergeChildren(model, writes, {}) : undefined;
  const now = new Date();
  try {
    const { row, children } = await db.transaction(async (tx) => {
      // Numbers and first statuses left empty (create-defaults.ts), then the computed fields.
      const filled = await fillServerDefaults({
        tx,
        registry,
        model,
        tenantId,
        values,
        children: merged,
        action: "create",
      });
      model.hooks.compute?.(values, null, merged);
      checkFieldRelations(model.fields, values, null);
      const [created] = await tx
        .insert(t)
        .values({ ...values, tenant_id: tenantId, created_at: now, updated_at: now, version: 1 })
        .returning();
      const id = created.id as number;
      const hookCtx = { tx, model, tenantId, userId, config: ctx.config };
      const childChanges = merged
        ? await writeChildren({ ...hookCtx, parentId: id }, writes, merged, {})
        : {};
      await writeChangeLogs(tx, model, [
        {
          tenantId,
          recordId: id,
          action: "create",
          userId,
          changes: { ...diffRows(model, null, created), ...childChanges },
        },
      ]);
      const children = model.children.length > 0 ? await loadChildren(tx, model, tenantId, id) : undefined;
      await model.hooks.afterWrite?.({
        ...hookCtx,
        action: "create",
        record: created,
        previous: null,
        filled,
        children: merged ? children : undefined,
      });
      return { row: created, children };
    });
    return { row, children, secrets };
  } catch (error) {
    mapWriteError(model, error, values);
  }
}
