import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { Field, ReferenceField } from "../../src/resource-engine/fields";
import { fillSources } from "../../src/resource-engine/pricing";
import { getAuth, requireAuth } from "../auth/authenticate";
import { errorAnswers } from "../auth/schemas";
import { notFound } from "../http/errors";
import { mayWrite } from "./create-defaults";
import { isIdentityReference, type ResourceModel, type ResourceRegistry } from "./model";
import { toRecord } from "./records";
import { INT_MAX } from "./validators";

// GET {path}/fills/{field}/{id}: what picking record {id} in a reference field that `fills`
// others (fields.ts) fills them from: the picked record's source fields only (a product's name
// and price tiers for an order item), for whoever may create or update the referencing kind,
// so a CSR without Read on products still gets an item's description and price. {field} is the
// record's field or a child row's ("items.product_id").

type Filling = ReferenceField & { fills: NonNullable<ReferenceField["fills"]> };

const fills = (field: Field | undefined): field is Filling =>
  field?.type === "reference" && field.fills !== undefined && !isIdentityReference(field);

/** The kind's fields that fill others, by their name in the route ("items.product_id"). */
export function fillingFields(model: ResourceModel): Map<string, Filling> {
  const found = new Map<string, Filling>();
  for (const [name, field] of Object.entries(model.fields)) if (fills(field)) found.set(name, field);
  for (const child of model.children) {
    for (const [name, field] of Object.entries(child.fields)) {
      if (fills(field)) found.set(`${child.name}.${name}`, field);
    }
  }
  return found;
}

export function fillSourcesRoute(app: FastifyInstance, registry: ResourceRegistry, model: ResourceModel) {
  const fields = fillingFields(model);
  if (fields.size === 0) return;
  app.get(
    "/fills/:field/:id",
    {
      onRequest: [requireAuth, mayWrite(model)],
      schema: {
        summary: "What picking a record fills",
        description: `The picked record's fields that fill others: ${[...fields.keys()].join(", ")}.`,
        tags: [model.resource.label],
        security: [{ bearer: [] }],
        params: z.object({ field: z.string(), id: z.string() }),
        response: {
          200: z.object({ data: z.record(z.string(), z.unknown()) }),
          ...errorAnswers(401, 403, 404),
        },
      },
    },
    async (request) => {
      const params = request.params as { field: string; id: string };
      const field = fields.get(params.field);
      const id = Number(params.id);
      if (!field || !/^\d{1,10}$/.test(params.id) || id < 1 || id > INT_MAX) throw notFound();
      const target = registry.target(field);
      const t = target.table.table;
      const [row] = await app.db
        .select()
        .from(t)
        .where(and(eq(t.tenant_id, getAuth(request).tenantId), eq(t.id, id)));
      if (!row) throw notFound();
      const record = toRecord(target, row);
      const data: Record<string, unknown> = { id: record.id };
      for (const name of fillSources(field.fills)) data[name] = record[name] ?? null;
      return { data };
    },
  );
}
