import { z } from "zod";
import type { Field } from "../../src/resource-engine/fields";
import { jsonValue } from "./json-value";
import type { ChildModel, ResourceModel } from "./model";
import { DEFAULT_LIMIT, type ListSchema, listSchemaOf, MAX_LIMIT } from "./query-language";
import { fieldSchema, idSchema, isGeneratedSecret } from "./validators";

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
    case "secret":
      // Never the value, never its hash.
      return field.secret === "generated"
        ? z
            .union([z.string(), z.boolean()])
            .describe(`${field.label}: the secret itself in the create answer, once; afterwards true`)
        : z.boolean().describe(`${field.label}: true when set; the value is never returned`);
    case "datetime":
      schema = z.iso.datetime();
      break;
    case "referenceList":
      return z.array(z.number().int()).describe(field.label ?? "");
    case "json":
      schema = jsonValue;
      break;
    default:
      schema = fieldSchema(field);
  }
  const description = [field.label, field.help].filter(Boolean).join(". ");
  return (description ? schema.describe(description) : schema).nullable();
}

/** Field types a `_like` filter does not apply to (it finds text). */
const NOT_TEXT = new Set<Field["type"]>([
  "integer",
  "decimal",
  "money",
  "percent",
  "boolean",
  "date",
  "datetime",
  "reference",
  "referenceList",
]);

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

/** The fields a body may carry: not computed, not made by the server. */
const writableOf = (fields: Record<string, Field>) =>
  Object.entries(fields).filter(([, f]) => !f.readOnly && !isGeneratedSecret(f));

/** A child collection as answered: its rows in order. */
function childOutput(child: ChildModel): z.ZodType {
  const row = z.object({
    id: z.number().int(),
    position: z.number().int().describe("The row's index in the collection"),
    ...Object.fromEntries(Object.entries(child.fields).map(([name, field]) => [name, outputSchema(field)])),
  });
  return z
    .array(row)
    .optional()
    .describe(`${child.collection.label}, in order; in single-record answers only (not in lists)`);
}

/** A child collection in a body: replaces the stored one (rows with an id change that row). */
function childInput(child: ChildModel): z.ZodType {
  const row = z.strictObject({
    id: idSchema
      .optional()
      .describe(`An existing ${child.rowSingular} of this record; leave out for a new one`),
    ...Object.fromEntries(
      writableOf(child.fields).map(([name, field]) => {
        const schema = field.required ? fieldSchema(field) : fieldSchema(field).nullable();
        return [name, schema.optional()];
      }),
    ),
  });
  const { min, max } = child.collection;
  return z
    .array(row)
    .min(min)
    .max(max)
    .optional()
    .describe(
      `${child.collection.label}: replaces the collection; stored rows left out are deleted, the order is kept`,
    );
}

export function resourceSchemas(model: ResourceModel): ResourceSchemas {
  const cached = cache.get(model);
  if (cached) {
    // The registry is global and keyed by the kind's name: another registry of the same process (the tests' own
    // kinds) may have taken the name since. The app being built now names its own record.
    register(model.kind, cached.record, `A ${model.singular} record`);
    return cached;
  }
  const writable = writableOf(model.fields);
  const childInputs = Object.fromEntries(model.children.map((c) => [c.name, childInput(c)]));

  const record = z.object({
    id: z.number().int(),
    ...Object.fromEntries(Object.entries(model.fields).map(([name, field]) => [name, outputSchema(field)])),
    ...Object.fromEntries(model.children.map((c) => [c.name, childOutput(c)])),
    tenant_id: z.number().int(),
    created_at: z.iso.datetime(),
    updated_at: z.iso.datetime(),
    version: z.number().int().describe("Raised by one on every update; send it back with PATCH"),
  });
  const create = z.strictObject({
    ...Object.fromEntries(
      writable.map(([name, field]) => {
        const schema = field.required ? fieldSchema(field) : fieldSchema(field).nullable();
        // A numbered field left out is the tenant's next number (numbering.ts).
        const assigned = field.default !== undefined || (field.type === "text" && field.numbering);
        return [name, field.required && !assigned ? schema : schema.optional()];
      }),
    ),
    ...childInputs,
  });
  const update = z.strictObject({
    version: z.number().int().positive().describe("The version you read; a stale one is a 409"),
    ...Object.fromEntries(
      writable.map(([name, field]) => [
        name,
        (field.required ? fieldSchema(field) : fieldSchema(field).nullable()).optional(),
      ]),
    ),
    ...childInputs,
  });

  const schemas: ResourceSchemas = {
    record: register(model.kind, record, `A ${model.singular} record`),
    create: create.describe(`The body creating a ${model.singular}`),
    update: update.describe(`The body changing a ${model.singular}`),
    ...listQuerySchemas(listSchemaOf(model)),
  };
  cache.set(model, schemas);
  return schemas;
}

/** The list query of a kind (either dialect), and the export's (the same without the stock paging). */
export function listQuerySchemas(list: ListSchema): { listQuery: z.ZodType; exportQuery: z.ZodType } {
  const filters: Record<string, z.ZodType> = {
    id: param("Ids, comma-separated or `id=` repeated (any of)"),
  };
  for (const name of list.filterable) {
    const field = list.fields[name];
    filters[name] = param(`${field.label}: equal to one of these comma-separated values`);
    filters[`${name}_ne`] = param(`${field.label}: equal to none of these (records with no value too)`);
    if (["integer", "decimal", "money", "percent", "date", "datetime"].includes(field.type)) {
      filters[`${name}_gte`] = param(`${field.label} at least`);
      filters[`${name}_lte`] = param(`${field.label} at most`);
    }
    if (!NOT_TEXT.has(field.type))
      filters[`${name}_like`] = param(`${field.label} contains (case-insensitive)`);
  }
  for (const name of ["created_at", "updated_at"]) {
    filters[`${name}_gte`] = param(`${name} at least (ISO 8601)`);
    filters[`${name}_lte`] = param(`${name} at most (ISO 8601)`);
  }
  const common = {
    sort: param(
      `Comma-separated, "-" for descending; one of ${[...list.sortable].join(", ")}. Default "${list.sort}"`,
    ),
    search: param(
      list.searchable.length
        ? `Words to find (case-insensitive) in ${list.searchable.join(", ")}`
        : "No searchable fields",
    ),
    ...filters,
  };
  const paging = {
    page: param("1-based page number (default 1)"),
    limit: param(`Records a page (default ${DEFAULT_LIMIT}, at most ${MAX_LIMIT})`),
  };
  // The stock @refinedev/simple-rest dialect (api-contract.md): the same query in its words. Paging,
  // sort and search are said in one dialect or the other; mixing them is a 400.
  const stockDialect = {
    _sort: param(`Stock dialect: comma-separated fields (as sort, without "-"); instead of sort`),
    _order: param(`Stock dialect: "asc" or "desc" for each _sort field (default asc)`),
    q: param("Stock dialect: instead of search"),
  };
  const stockPaging = {
    _start: param("Stock dialect: 0-based index of the first record; instead of page"),
    _end: param(
      `Stock dialect: index after the last record (at most ${MAX_LIMIT} after _start; without it the first ${MAX_LIMIT}); instead of limit`,
    ),
  };
  return {
    listQuery: z.object({ ...paging, ...stockPaging, ...common, ...stockDialect }),
    exportQuery: z.object({ ...paging, ...common, ...stockDialect }),
  };
}

export const idParamsSchema = z.object({ id: z.string().describe("The record id") });
export const childIdParamsSchema = z.object({
  id: z.string().describe("The record id"),
  childId: z.string().describe("The row id"),
});
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
