import { and, eq } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import { getAuth } from "../auth/authenticate";
import { lockWritable } from "./caller-scope";
import { diffRows, writeChangeLogs } from "./change-logs";
import { childrenOf, logRemovedChildren } from "./children";
import { mapWriteError } from "./errors";
import { type KindContext, writeContext } from "./kind-context";
import { releaseReferences } from "./release-references";

// DELETE's write, in one transaction: read the stored row (locked); the kind's beforeDelete hook
// may refuse; references declared to be released are (release-references.ts), others still
// pointing at it refuse it (409, mapWriteError); the row goes with its child rows (ON DELETE
// CASCADE); the change-log entry; the kind's afterWrite hook. What the hooks leave for after the
// commit (afterCommit: files on disk) runs once it has committed; its failure is logged, not answered.

export async function deleteRecord(ctx: KindContext, request: FastifyRequest, id: number): Promise<void> {
  const { app, model } = ctx;
  const t = model.table.table;
  const { tenantId, user } = getAuth(request);
  const committed: (() => Promise<void>)[] = [];
  try {
    await app.db.transaction(async (tx) => {
      const before = await lockWritable(tx, model, request, id);
      const hooks = {
        ...writeContext(ctx, tx, request),
        afterCommit: (task: () => Promise<void>) => committed.push(task),
      };
      await model.hooks.beforeDelete?.({ ...hooks, record: before });
      const stored = await childrenOf(tx, model, tenantId, id);
      await releaseReferences(tx, model, tenantId, id, user.id);
      await tx.delete(t).where(and(eq(t.id, id), eq(t.tenant_id, tenantId)));
      const childChanges = stored ? await logRemovedChildren(hooks, stored) : {};
      await writeChangeLogs(tx, model, [
        {
          tenantId,
          recordId: id,
          action: "delete",
          userId: user.id,
          changes: { ...diffRows(model, before, null), ...childChanges },
        },
      ]);
      await model.hooks.afterWrite?.({
        ...hooks,
        action: "delete",
        record: null,
        previous: before,
        previousChildren: stored,
      });
    });
  } catch (error) {
    mapWriteError(model, error, {}, "delete");
  }
  for (const task of committed) {
    await task().catch((error) => request.log.error({ err: error }, `after deleting ${model.kind} ${id}`));
  }
}
