import { and, asc, eq } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { scopeFor } from "../../src/access/permissions";
import type { Field, ReferenceField } from "../../src/resource-engine/fields";
import { getAuth, requestGrants, requireAuth } from "../auth/authenticate";
import { errorAnswers } from "../auth/schemas";
import type { Database } from "../db/open";
import { forbidden } from "../http/errors";
import type { ChildRows, Row } from "./hooks";
import type { ResourceModel, ResourceRegistry } from "./model";
import { nextNumber, numberedFields } from "./numbering";

// What the server assigns when a write leaves it empty, for every kind that declares it:
// - a numbered field (fields.ts, `numbering`) of a new record: the tenant's next number;
// - a status reference (`statusOf`) of a new record, or of a new child row: the entity's first
//   status (the lowest sort order of the tenant's Status records of that entity), unless the row
//   sets the field's `noStatusWith` (it takes no status).
// Dates declared `default: "now"` are the validators' (they need no database).
// GET {path}/defaults tells a create form the statuses it would get, so the form shows them.

type StatusEntity = NonNullable<ReferenceField["statusOf"]>;

const statusFields = (fields: Record<string, Field>) =>
  Object.entries(fields).filter(
    (entry): entry is [string, ReferenceField & { statusOf: StatusEntity }] =>
      entry[1].type === "reference" && entry[1].statusOf !== undefined,
  );

/** The tenant's first status of `entity`, or null when it has none. */
export async function firstStatusId(
  db: Database,
  registry: ResourceRegistry,
  tenantId: number,
  entity: StatusEntity,
): Promise<number | null> {
  const statuses = registry.byKind.get("Status");
  if (!statuses) return null;
  const t = statuses.table.table;
  // A Status declared without an entity has no statuses "of" one; without a sort order, the first made.
  if (!t.entity) return null;
  const [row] = await db
    .select({ id: t.id })
    .from(t)
    .where(and(eq(t.tenant_id, tenantId), eq(t.entity, entity)))
    .orderBy(...(t.sort_order ? [asc(t.sort_order)] : []), asc(t.id))
    .limit(1);
  return (row?.id as number | undefined) ?? null;
}

export interface ServerDefaultsInput {
  tx: Database;
  registry: ResourceRegistry;
  model: ResourceModel;
  tenantId: number;
  /** The record's values (create) or changes (update); only a create's are filled. */
  values: Row;
  /** The collections as they will be written; their new rows (no id) are filled. */
  children?: ChildRows;
  action: "create" | "update";
}

/** Fills the values above in place; answers the record's fields it filled. */
export async function fillServerDefaults(input: ServerDefaultsInput): Promise<Set<string>> {
  const { tx, registry, model, tenantId, values, children, action } = input;
  const filled = new Set<string>();
  const firsts = new Map<StatusEntity, Promise<number | null>>();
  const first = (entity: StatusEntity) => {
    let id = firsts.get(entity);
    if (!id) {
      id = firstStatusId(tx, registry, tenantId, entity);
      firsts.set(entity, id);
    }
    return id;
  };
  if (action === "create") {
    for (const [name, field] of numberedFields(model)) {
      if (values[name] !== null && values[name] !== undefined) continue;
      values[name] = await nextNumber(tx, model, name, field.numbering, tenantId);
      filled.add(name);
    }
    for (const [name, field] of statusFields(model.fields)) {
      if (values[name] !== null && values[name] !== undefined) continue;
      const id = await first(field.statusOf);
      if (id === null) continue;
      values[name] = id;
      filled.add(name);
    }
  }
  for (const child of model.children) {
    const fields = statusFields(child.fields);
    if (fields.length === 0) continue;
    for (const row of children?.[child.name] ?? []) {
      if (row.id !== undefined && row.id !== null) continue;
      for (const [name, field] of fields) {
        if (field.noStatusWith && row[field.noStatusWith] !== null && row[field.noStatusWith] !== undefined)
          continue;
        if (row[name] === null || row[name] === undefined) row[name] = await first(field.statusOf);
      }
    }
  }
  return filled;
}

/** GET {path}/defaults: for whoever may create or update the kind (a form that adds rows). */
export function createDefaultsRoute(app: FastifyInstance, registry: ResourceRegistry, model: ResourceModel) {
  app.get(
    "/defaults",
    {
      onRequest: [requireAuth, mayWrite(model)],
      schema: {
        summary: `What a new ${model.singular} gets when left empty`,
        description:
          "The first status of each status field of a new record (values) and of a new row of each collection (rows).",
        tags: [model.resource.label],
        security: [{ bearer: [] }],
        response: {
          200: z.object({
            data: z.object({
              values: z.record(z.string(), z.unknown()),
              rows: z.record(z.string(), z.record(z.string(), z.unknown())),
            }),
          }),
          ...errorAnswers(401, 403),
        },
      },
    },
    async (request) => {
      const { tenantId } = getAuth(request);
      const db = app.db;
      const values: Row = {};
      for (const [name, field] of statusFields(model.fields)) {
        values[name] = await firstStatusId(db, registry, tenantId, field.statusOf);
      }
      const rows: Record<string, Row> = {};
      for (const child of model.children) {
        const row: Row = {};
        for (const [name, field] of statusFields(child.fields)) {
          row[name] = await firstStatusId(db, registry, tenantId, field.statusOf);
        }
        rows[child.name] = row;
      }
      return { data: { values, rows } };
    },
  );
}

/** onRequest: 403 unless the caller may create or update records of the kind. */
export function mayWrite(model: ResourceModel) {
  return async (request: FastifyRequest): Promise<void> => {
    const grants = await requestGrants(request);
    const can = (verb: "Create" | "Update") => scopeFor(grants, model.kind, verb) !== "none";
    if (!can("Create") && !can("Update")) throw forbidden();
  };
}
