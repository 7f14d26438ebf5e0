import type { FastifyRequest } from "fastify";
import { getAuth } from "../auth/authenticate";
import { diffRows, writeChangeLogs } from "./change-logs";
import { childrenOf, mergeChildren, writeChildren } from "./children";
import { fillServerDefaults } from "./create-defaults";
import { mapWriteError } from "./errors";
import { checkFieldRelations } from "./field-relations";
import { checkGuardedFields } from "./guarded-fields";
import type { ChildRows, Row } from "./hooks";
import { type KindContext, writeContext } from "./kind-context";
import type { ResourceModel } from "./model";
import { generateSecret } from "./secrets";
import { isGeneratedSecret } from "./validators";
import type { WriteInput } from "./write-input";

// POST's write, after validate and check references (write-input.ts): the record, its child rows,
// its change-log entry and the kind's hooks, in one transaction. Numbers and first statuses the body
// left empty are the server's (create-defaults.ts); generated secrets are made here and shown once.

export interface Created {
  row: Row;
  children?: ChildRows;
  /** The generated secrets in plaintext, for the answer. */
  secrets: Record<string, string>;
}

/** Sets each generated secret's stored form on `values`; answers the plaintexts. */
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

export async function createRecord(
  ctx: KindContext,
  request: FastifyRequest,
  { values, writes }: WriteInput,
): Promise<Created> {
  const { app, registry, model } = ctx;
  const auth = getAuth(request);
  const secrets = generateSecrets(model, values);
  const merged = writes.length > 0 ? mergeChildren(model, writes, {}) : undefined;
  const now = new Date();
  try {
    return await app.db.transaction(async (tx) => {
      // Numbers and first statuses left empty (create-defaults.ts), then the computed fields.
      const filled = await fillServerDefaults({
        tx,
        registry,
        model,
        tenantId: auth.tenantId,
        values,
        children: merged,
        action: "create",
      });
      model.hooks.compute?.(values, null, merged);
      checkFieldRelations(model.fields, values, null);
      const [row] = await tx
        .insert(model.table.table)
        .values({ ...values, tenant_id: auth.tenantId, created_at: now, updated_at: now, version: 1 })
        .returning();
      const id = row.id as number;
      const hooks = writeContext(ctx, tx, request);
      const childChanges = merged ? await writeChildren({ ...hooks, parentId: id }, writes, merged, {}) : {};
      await writeChangeLogs(tx, model, [
        {
          tenantId: auth.tenantId,
          recordId: id,
          action: "create",
          userId: auth.user.id,
          changes: { ...diffRows(model, null, row), ...childChanges },
        },
      ]);
      const children = await childrenOf(tx, model, auth.tenantId, id);
      await checkGuardedFields(request, model, {
        before: null,
        after: row,
        children: merged ? children : undefined,
      });
      await model.hooks.afterWrite?.({
        ...hooks,
        action: "create",
        record: row,
        previous: null,
        filled,
        children: merged ? children : undefined,
      });
      return { row, children, secrets };
    });
  } catch (error) {
    mapWriteError(model, error, values);
  }
}
