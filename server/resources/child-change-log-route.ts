import { and, count, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { getAuth } from "../auth/authenticate";
import { errorAnswers } from "../auth/schemas";
import { change_logs } from "../db/schema";
import { notFound } from "../http/errors";
import { allow, scopeOf, visibleRows } from "./caller-scope";
import { listChangeLogs } from "./change-logs";
import type { KindContext } from "./kind-context";
import type { ChildModel } from "./model";
import { changeLogSchema, childIdParamsSchema, metaSchema, pagingQuerySchema } from "./openapi";
import { pagingOnly } from "./query-language";
import { BEARER, recordId } from "./record-routes";

/**
 * GET {path}/{id}/{child-path}/{childId}/change-logs (collections declared with ownChangeLog): a
 * row's own history. The row is this record's when it is stored under it now, or when the record's
 * log ever added or removed it (so the history stays readable after the row, or the record, is
 * deleted).
 */
export function childChangeLogRoute({ app, model }: KindContext, child: ChildModel): void {
  const t = model.table.table;
  const rowsTable = child.table.table;
  app.get(
    `/:id/${child.path}/:childId/change-logs`,
    {
      onRequest: allow(model, "Read"),
      schema: {
        summary: `The change history of one of a ${model.singular}'s ${child.rowPlural}`,
        description: "Newest first; kept after the row is removed.",
        tags: [model.resource.label],
        security: BEARER,
        params: childIdParamsSchema,
        querystring: pagingQuerySchema,
        response: {
          200: z.object({ data: z.array(changeLogSchema), meta: metaSchema }),
          ...errorAnswers(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      const { tenantId } = getAuth(request);
      const params = request.params as { id: unknown; childId: unknown };
      const id = recordId(params.id);
      const childId = recordId(params.childId);
      const { page, limit } = pagingOnly(request.query);
      const db = app.db;
      const [parent] = await db
        .select({ id: t.id })
        .from(t)
        .where(visibleRows(model, request, id));
      if (!parent && scopeOf(request) === "own") throw notFound();
      const [stored] = await db
        .select({ id: rowsTable.id })
        .from(rowsTable)
        .where(
          and(eq(rowsTable.tenant_id, tenantId), eq(rowsTable.parent_id, id), eq(rowsTable.id, childId)),
        );
      if (!stored) {
        const [{ n }] = await db
          .select({ n: count() })
          .from(change_logs)
          .where(
            and(
              eq(change_logs.tenant_id, tenantId),
              eq(change_logs.kind, model.kind),
              eq(change_logs.record_id, id),
              sql`${change_logs.changes} ? ${`${child.name}.${childId}`}`,
            ),
          );
        if (n === 0) throw notFound();
      }
      const { rows, total } = await listChangeLogs(db, child.logKind, tenantId, childId, page, limit);
      return { data: rows, meta: { page, limit, total } };
    },
  );
}
