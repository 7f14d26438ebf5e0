import { z } from "zod";
import type { Field } from "../../src/resource-engine/fields";
import type { ResourceModel } from "./model";
import { DEFAULT_LIMIT, MAX_LIMIT } from "./query-language";
import { fieldSchema, idSchema } from "./validators";

// The OpenAPI side of each kind: its record, create and update bodies and list query as zod
// schemas on the routes (the document at /api/v1/openapi.json is generated from them). The
// record schemas are registered under the kind's name, so the document lists them once in
// components.schemas and the routes refer to them.

// The global registry: descriptions (.describe) live there too, and the document reads both.
const schemaRegistry = z.globalRegistry;
const registered = new Map<string, z.ZodType>();

function register<T extends z.ZodType>(id: string, schema: T, description: string): T {
  const previous = registered.get(id);
  if (previous && previous !== schema) schemaRegistry.remove(previous);
  if (previous !== schema) schemaRegistry.add(schema, { id, description });
  registered.set(id, schema);
  return schema;
}

function outputSchema(field: Field): z.ZodType {
  let schema: z.ZodType;
  switch (field.type) {
    case "datetime":
      schema = z.iso.datetime();
      break;
    case "referenceList":
      return z.array(z.number().int()).describe(field.label ?? "");
    case "json":
      schema = z.json();
      break;
    default:
      schema = fieldSchema(field);
  }
  const description = [field.label, field.help].filter(Boolean).join(". ");
  return (description ? schema.describe(description) : schema).nullable();
}

/** A query parameter (always text in a URL), documented. */
const param = (description: string) => z.string().describe(description).optional();

export interface ResourceSchemas {
  record: z.ZodType;
  create: z.ZodType;
  update: z.ZodType;
  listQuery: z.ZodType;
  exportQuery: z.ZodType;
}

const cache = new WeakMap<ResourceModel, ResourceSchemas>();

export function resourceSchemas(model: ResourceModel): ResourceSchemas {
  const cached = cache.get(model);
  if (cached) return cached;
  const writable = Object.entries(model.fields).filter(([, f]) => !f.readOnly);

  const record = z.object({
    id: z.number().int(),
    ...Object.fromEntries(Object.entries(model.fields).map(([name, field]) => [name, outputSchema(field)])),
    tenant_id: z.number().int(),
    created_at: z.iso.datetime(),
    updated_at: z.iso.datetime(),
    version: z.number().int().describe("Raised by one on every update; send it back with PATCH"),
  });
  const create = z.strictObject(
    Object.fromEntries(
      writable.map(([name, field]) => {
        const schema = field.required ? fieldSchema(field) : fieldSchema(field).nullable();
        return [name, field.required && field.default === undefined ? schema : schema.optional()];
      }),
    ),
  );
  const update = z.strictObject({
    version: z.number().int().positive().describe("The version you read; a stale one is a 409"),
    ...Object.fromEntries(
      writable.map(([name, field]) => [
        name,
        (field.required ? fieldSchema(field) : fieldSchema(field).nullable()).optional(),
      ]),
    ),
  });

  const filters: Record<string, z.ZodType> = {
    id: param("Ids, comma-separated (any of)"),
  };
  for (const name of model.filterable) {
    const field = model.fields[name];
    filters[name] = param(`${field.label}: equal to one of these comma-separated values`);
    if (["integer", "decimal", "money", "percent", "date", "datetime"].includes(field.type)) {
      filters[`${name}_gte`] = param(`${field.label} at least`);
      filters[`${name}_lte`] = param(`${field.label} at most`);
    }
  }
  for (const name of ["created_at", "updated_at"]) {
    filters[`${name}_gte`] = param(`${name} at least (ISO 8601)`);
    filters[`${name}_lte`] = param(`${name} at most (ISO 8601)`);
  }
  const common = {
    sort: param(
      `Comma-separated, "-" for descending; one of ${[...model.sortable].join(", ")}. Default "${model.resource.sort}"`,
    ),
    search: param(
      model.searchable.length
        ? `Words to find (case-insensitive) in ${model.searchable.join(", ")}`
        : "No searchable fields",
    ),
    ...filters,
  };
  const paging = {
    page: param("1-based page number (default 1)"),
    limit: param(`Records a page (default ${DEFAULT_LIMIT}, at most ${MAX_LIMIT})`),
  };
  const schemas: ResourceSchemas = {
    record: register(model.kind, record, `A ${model.singular} record`),
    create: create.describe(`The body creating a ${model.singular}`),
    update: update.describe(`The body changing a ${model.singular}`),
    listQuery: z.object({ ...paging, ...common }),
    exportQuery: z.object({ ...paging, ...common }),
  };
  cache.set(model, schemas);
  return schemas;
}

export const idParamsSchema = z.object({ id: z.string().describe("The record id") });
export const pagingQuerySchema = z.object({
  page: param("1-based page number (default 1)"),
  limit: param(`Entries a page (default ${DEFAULT_LIMIT}, at most ${MAX_LIMIT})`),
});
export const metaSchema = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
});
export const userRefSchema = z.object({ id: z.number().int(), name: z.string() }).nullable();
export const changeLogSchema = z.object({
  id: z.number().int(),
  action: z.enum(["create", "update", "delete"]),
  changed_at: z.iso.datetime(),
  user: userRefSchema,
  changes: z.record(z.string(), z.object({ from: z.unknown(), to: z.unknown() })),
});
export { idSchema };
