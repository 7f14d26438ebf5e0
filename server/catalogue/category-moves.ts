import { and, asc, eq, inArray, isNull, or, type SQL } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { SORT_STEP } from "../../src/custom/catalogue/category-tree";
import { requireAuth } from "../auth/authenticate";
import { HttpError, validationFailed } from "../http/errors";
import { modelIn } from "../orders/order-state";
import { inTransaction, parseBody, pathId, requireCan, version } from "../orders/route-helpers";
import { staleVersion } from "../resources/errors";
import type { ResourceRegistry } from "../resources/model";
import { updateRecord } from "../resources/record-writes";
import { toRecord } from "../resources/records";

// The category tree's moves (issue 21), one request each:
//   POST /product-categories/{id}/move  { parent_id, order: [{ id, version }, …] }
// `order` is the new parent's categories in their new order, the moved one among them, each with the
// version the tree read. In one transaction: the level's rows are locked, `order` must name exactly
// the categories now under that parent (else someone moved one meanwhile: 409), each at the version
// read (409), then the moved category's parent and the level's sort orders (SORT_STEP apart) are
// written through the engine's update, each with its change log, live event and the kind's hook
// (hooks/product-categories.ts: no cycle, no parent on another site). Any refusal changes nothing.
// ProductCategory Update gates it, as the PATCHes it replaces.

const bodySchema = z
  .object({
    parent_id: z
      .number({ error: "Send the new parent's id, or null for the top level" })
      .int()
      .min(1)
      .max(2_147_483_647)
      .nullable(),
    order: z
      .array(z.object({ id: z.number().int().min(1).max(2_147_483_647), version }).strict(), {
        error: "Send the categories under the new parent in their new order, each with its version",
      })
      .min(1, "Send at least the moved category")
      .max(1000, "At most 1,000 categories under one parent"),
  })
  .strict();

export async function categoryMoveRoutes(
  app: FastifyInstance,
  { registry }: { registry: ResourceRegistry },
): Promise<void> {
  const model = modelIn(registry, "ProductCategory");
  const t = model.table.table;

  app.post(
    "/product-categories/:id/move",
    { onRequest: requireAuth, schema: { hide: true } },
    async (request) => {
      const id = pathId((request.params as { id: string }).id);
      await requireCan(request, "ProductCategory", "Update");
      const body = parseBody(bodySchema, request.body);
      const ids = body.order.map((o) => o.id);
      if (!ids.includes(id)) {
        throw validationFailed([{ field: "order", message: "The order must include the moved category" }]);
      }
      if (new Set(ids).size !== ids.length) {
        throw validationFailed([{ field: "order", message: "Each category may appear once in the order" }]);
      }
      const rows = await inTransaction(app, request, registry, "ProductCategory", async (ctx) => {
        const { tx, tenantId } = ctx;
        const tenant = eq(t.tenant_id, tenantId);
        const [moved] = await tx
          .select()
          .from(t)
          .where(and(tenant, eq(t.id, id)))
          .for("update");
        if (!moved) throw new HttpError(404, "There is no such category: it may have been deleted");
        // The level as stored now: the parent's categories, or the top of the moved one's site.
        const site = moved.site_id === null ? isNull(t.site_id) : eq(t.site_id, moved.site_id as number);
        const level: SQL | undefined =
          body.parent_id === null ? and(isNull(t.parent_id), site) : eq(t.parent_id, body.parent_id);
        const stored = await tx
          .select()
          .from(t)
          .where(and(tenant, or(level, eq(t.id, id))))
          .orderBy(asc(t.id))
          .for("update");
        const byId = new Map(stored.map((r) => [Number(r.id), r]));
        if (stored.length !== ids.length || ids.some((i) => !byId.has(i))) {
          throw new HttpError(
            409,
            `The categories under ${body.parent_id === null ? "the top level" : "that parent"} changed since you loaded the tree: reload it and make the move again.`,
          );
        }
        for (const o of body.order) {
          if (byId.get(o.id)?.version !== o.version) throw staleVersion(model);
        }
        // The moved category first, so a refused move (cycle, another site) is refused before the rest.
        const writes = body.order
          .map((o, i) => {
            const row = byId.get(o.id) ?? {};
            const values: Record<string, unknown> = {};
            if (o.id === id && row.parent_id !== body.parent_id) values.parent_id = body.parent_id;
            if (row.sort_order !== (i + 1) * SORT_STEP) values.sort_order = (i + 1) * SORT_STEP;
            return { id: o.id, version: o.version, values };
          })
          .filter((w) => Object.keys(w.values).length > 0)
          .sort((a, b) => Number(b.id === id) - Number(a.id === id));
        for (const w of writes) {
          await updateRecord(ctx, model, w.id, { ...w.values, version: w.version });
        }
        return tx
          .select()
          .from(t)
          .where(and(tenant, inArray(t.id, ids)));
      });
      const order = new Map(ids.map((i, at) => [i, at]));
      rows.sort((a, b) => (order.get(Number(a.id)) ?? 0) - (order.get(Number(b.id)) ?? 0));
      return { data: rows.map((r) => toRecord(model, r)) };
    },
  );
}
