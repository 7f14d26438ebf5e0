import { and, asc, count, eq, exists, ilike, inArray, type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { scopeFor } from "../../src/access/permissions";
import { kindOpenToRead } from "../../src/access/route-requirements";
import type { Field, ReferenceField } from "../../src/resource-engine/fields";
import { type StatusNode, startStatuses, statusesAllowedFrom } from "../../src/resource-engine/status-moves";
import { getAuth, requestGrants, requireAuth } from "../auth/authenticate";
import { errorAnswers } from "../auth/schemas";
import type { Database } from "../db/open";
import { user_groups, users } from "../db/schema";
import { type FieldError, forbidden, notFound, validationFailed } from "../http/errors";
import { dependencyValues } from "./dependent-references";
import { isIdentityReference, type ResourceModel, type ResourceRegistry } from "./model";
import { metaSchema } from "./openapi";
import { orderBy, parsePaging, rejectNul, type SortKey, searchCondition } from "./query-language";
import { outputFieldValue } from "./records";
import { INT_MAX } from "./validators";

// GET {path}/lookups/{field}: the records a reference field of this kind may name, as titles,
// for whoever may read, create or update this kind, without Read on the target kind (a CSR sees
// an order's statuses and addresses by name; a press operator picks a run's status).
//   field   a reference of the kind ("bill_to_id") or of a child collection ("items.product_id")
//   id=1,2  those records (titles of stored values); search=words; page, limit
//   {dependsOn.field}=id  a dependent reference's value (customer_id=7 for an order's bill_to_id)
//   from=id | from=new  a status reference's statuses a record in that status may take, or a new
//           record may start in (status-moves.ts: what the server's workflow rules allow)
// → { data: [{ id, title, …label fields, scope value, colour }], meta: { page, limit, total } }
// Always the caller's tenant; a status reference's entity only; users (an identity kind) from
// the identity tables, members of the tenant, by name.

interface LookupField {
  field: ReferenceField;
  /** Whose fields a dependency names besides the field's own record (a row's parent). */
  parentFields?: Record<string, Field>;
  siblings: Record<string, Field>;
}

/** Every reference field of the kind and of its child collections, by its look-up name. */
export function lookupFields(model: ResourceModel): Map<string, LookupField> {
  const found = new Map<string, LookupField>();
  const add = (prefix: string, fields: Record<string, Field>, parentFields?: Record<string, Field>) => {
    for (const [name, field] of Object.entries(fields)) {
      if (field.type === "reference" || field.type === "referenceList")
        found.set(`${prefix}${name}`, { field, siblings: fields, parentFields });
    }
  };
  add("", model.fields);
  for (const child of model.children) add(`${child.name}.`, child.fields, model.fields);
  return found;
}

export interface LookupQuery {
  page: number;
  limit: number;
  ids?: number[];
  search?: string;
  /** The dependent reference's value, when given. */
  dependency?: number;
  /** A status reference: only the statuses allowed from this one ("new": a new record's). */
  from?: number | "new";
}

const ID = /^\d{1,10}$/;
const isId = (text: string) => ID.test(text) && Number(text) >= 1 && Number(text) <= INT_MAX;

function parseLookupQuery(
  rawQuery: unknown,
  dependencyParam: string | undefined,
  statusField = false,
): LookupQuery {
  const query = (rawQuery ?? {}) as Record<string, string | string[] | undefined>;
  rejectNul(query);
  const errors: FieldError[] = [];
  const parsed: LookupQuery = { ...parsePaging(query, errors) };
  for (const [key, value] of Object.entries(query)) {
    const texts = (Array.isArray(value) ? value : [value ?? ""]).flatMap((v) => v.split(","));
    if (key === "page" || key === "limit") continue;
    if (key === "id") {
      const ids = texts.map((t) => t.trim()).filter(Boolean);
      if (!ids.every(isId)) errors.push({ field: key, message: "Expected record ids" });
      else if (ids.length > 1000) errors.push({ field: key, message: "At most 1,000 values" });
      else parsed.ids = ids.map(Number);
    } else if (key === "search") {
      const text = texts.join(",").trim();
      if (text.length > 200) errors.push({ field: key, message: "Use at most 200 characters" });
      else if (text) parsed.search = text;
    } else if (key === dependencyParam) {
      if (texts.length !== 1 || !isId(texts[0].trim()))
        errors.push({ field: key, message: "Expected one record id" });
      else parsed.dependency = Number(texts[0].trim());
    } else if (key === "from" && statusField) {
      const text = texts.length === 1 ? texts[0].trim() : "";
      if (text !== "new" && !isId(text)) errors.push({ field: key, message: "Expected a status id or new" });
      else parsed.from = text === "new" ? "new" : Number(text);
    } else errors.push({ field: key, message: "Unknown parameter" });
  }
  if (errors.length > 0) throw validationFailed(errors);
  return parsed;
}

/**
 * 403 unless the caller may read (any scope), create or update records of the kind. Answers
 * whether the caller only reads their own records (ReadOwn, nothing to create or update): they
 * are answered only what their own records name, not the tenant's whole list to browse.
 */
async function allowLookup(model: ResourceModel, request: FastifyRequest): Promise<{ ownOnly: boolean }> {
  if (kindOpenToRead(model.resource)) return { ownOnly: false };
  const grants = await requestGrants(request);
  const [read, create, update] = (["Read", "Create", "Update"] as const).map((verb) =>
    scopeFor(grants, model.kind, verb),
  );
  if (read === "none" && create === "none" && update === "none") throw forbidden();
  return { ownOnly: read === "own" && create === "none" && update === "none" };
}

/**
 * The target ids an own-only reader's records name in `name` (a field of the kind, or of a child
 * collection as "items.order_id"): a subquery, so nothing outside their records is answered.
 */
function namedByOwnRecords(model: ResourceModel, name: string, tenantId: number, userId: number): SQL {
  const owner = model.resource.ownerField;
  if (!owner) return sql`false`;
  const parent = model.table.table;
  const mine = and(eq(parent.tenant_id, tenantId), eq(parent[owner], userId));
  const [first, second] = name.split(".");
  const child = second === undefined ? undefined : model.children.find((c) => c.name === first);
  const holder = child ? child.table.table : parent;
  const column = holder[second ?? first];
  const field = child ? child.fields[second] : model.fields[first];
  const from = child ? sql`${holder} JOIN ${parent} ON ${parent.id} = ${holder.parent_id}` : sql`${parent}`;
  // A list of references (integer[]) names each of its elements.
  const named = field?.type === "referenceList" ? sql`unnest(${column})` : sql`${column}`;
  return sql`(SELECT ${named} FROM ${from} WHERE ${mine})`;
}

/** The statuses of `entity` a record in status `from` may take (or a new one start in); [0] for none. */
async function allowedStatuses(
  db: Database,
  t: ResourceModel["table"]["table"],
  tenantId: number,
  entity: string,
  from: number | "new",
): Promise<number[]> {
  const rows = await db
    .select({ id: t.id, category: t.category ?? t.entity, next: t.next_status_ids })
    .from(t)
    .where(and(eq(t.tenant_id, tenantId), eq(t.entity, entity)));
  const all: StatusNode[] = rows.map((r) => ({
    id: r.id as number,
    category: t.category ? (r.category as string | null) : undefined,
    next: Array.isArray(r.next) ? (r.next as number[]) : [],
  }));
  const current = from === "new" ? undefined : all.find((s) => s.id === from);
  const ids = from === "new" ? startStatuses(all) : current ? statusesAllowedFrom(current, all) : [];
  return ids.length > 0 ? ids : [0];
}

export interface LookupAnswer {
  data: Record<string, unknown>[];
  meta: { page: number; limit: number; total: number };
}

const words = (text: string) => text.split(/\s+/).filter(Boolean).slice(0, 10);
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Users of the tenant (a user_groups row of it), titled by name. */
async function lookupUsers(
  db: Database,
  tenantId: number,
  query: LookupQuery,
  within?: SQL,
): Promise<LookupAnswer> {
  const member = exists(
    db
      .select({ one: sql`1` })
      .from(user_groups)
      .where(and(eq(user_groups.user_id, users.id), eq(user_groups.tenant_id, tenantId))),
  );
  const where = and(
    member,
    within ? sql`${users.id} IN ${within}` : undefined,
    query.ids ? inArray(users.id, query.ids) : undefined,
    ...words(query.search ?? "").map((w) => ilike(users.name, `%${escapeLike(w)}%`)),
  );
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ id: users.id, title: users.name })
      .from(users)
      .where(where)
      .orderBy(asc(users.name), asc(users.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ total: count() }).from(users).where(where),
  ]);
  return { data: rows, meta: { page: query.page, limit: query.limit, total } };
}

const plain = (field: Field | undefined, value: unknown): string => {
  if (value === null || value === undefined || value === "") return "";
  if (field?.type === "enum") return field.values.find((v) => v.value === value)?.label ?? String(value);
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return String(value);
};

/** The titles of the records a reference names (one level: a title that is itself a reference names the kind and id). */
async function referenceTitles(
  db: Database,
  registry: ResourceRegistry,
  tenantId: number,
  field: ReferenceField,
  ids: number[],
): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  if (isIdentityReference(field)) {
    const answer = await lookupUsers(db, tenantId, { page: 1, limit: ids.length, ids });
    return new Map(answer.data.map((row) => [row.id as number, String(row.title)]));
  }
  const target = registry.target(field);
  const t = target.table.table;
  const titleField = target.resource.titleField;
  const rows = await db
    .select({ id: t.id, title: t[titleField] })
    .from(t)
    .where(and(eq(t.tenant_id, tenantId), inArray(t.id, ids)));
  const isRef = target.fields[titleField]?.type === "reference";
  const untitled = (id: unknown) => `${target.resource.singular} ${id}`;
  return new Map(
    rows.map((row) => [
      row.id as number,
      isRef ? untitled(row.id) : plain(target.fields[titleField], row.title) || untitled(row.id),
    ]),
  );
}

/**
 * The look-up answer of one reference field. `omit`: label fields the filter makes the same for
 * every record (the customer of addresses filtered by customer).
 */
export async function lookup(
  db: Database,
  registry: ResourceRegistry,
  tenantId: number,
  field: ReferenceField,
  query: LookupQuery,
  dependency?: { column: string; value: number | null },
  /** Only these ids (a subquery): an own-only reader's own records' references. */
  within?: SQL,
): Promise<LookupAnswer> {
  if (isIdentityReference(field)) return lookupUsers(db, tenantId, query, within);
  const target = registry.target(field);
  const t = target.table.table;
  const { titleField, labelFields = [], scopedBy } = target.resource;
  const conditions: (SQL | undefined)[] = [eq(t.tenant_id, tenantId)];
  if (within) conditions.push(sql`${t.id} IN ${within}`);
  if (field.statusOf && t.entity) conditions.push(eq(t.entity, field.statusOf));
  if (field.statusOf && t.entity && t.next_status_ids && query.from !== undefined) {
    conditions.push(inArray(t.id, await allowedStatuses(db, t, tenantId, field.statusOf, query.from)));
  }
  if (query.ids) conditions.push(inArray(t.id, query.ids));
  if (query.search) {
    const titleText = target.fields[titleField]?.type === "text";
    const matches =
      target.searchable.length > 0
        ? searchCondition(target, query.search)
        : titleText
          ? and(...words(query.search).map((w) => ilike(t[titleField], `%${escapeLike(w)}%`)))
          : sql`false`;
    conditions.push(matches);
  }
  if (dependency) {
    conditions.push(dependency.value === null ? sql`false` : eq(t[dependency.column], dependency.value));
  }
  const where = and(...conditions);
  const shown = labelFields.filter((name) => name !== dependency?.column);
  const names = [...new Set([titleField, ...shown, ...(scopedBy ? [scopedBy] : [])])];
  const colours = Object.keys(target.fields).filter((name) => target.fields[name].type === "colour");
  const columns: Record<string, PgColumn> = { id: t.id };
  for (const name of [...names, ...colours]) columns[name] = t[name];
  const sort: SortKey[] = [
    ...target.resource.sort
      .split(",")
      .map((part) => ({ field: part.replace(/^-/, ""), desc: part.startsWith("-") })),
    { field: "id", desc: false },
  ];
  const [rows, [{ total }]] = await Promise.all([
    db
      .select(columns)
      .from(t)
      .where(where)
      .orderBy(...orderBy(target, sort))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ total: count() }).from(t).where(where),
  ]);
  // Reference parts of a title (an address's customer) by their own titles, one query each.
  const refTitles = new Map<string, Map<number, string>>();
  for (const name of [titleField, ...shown]) {
    const f = target.fields[name];
    if (f?.type !== "reference") continue;
    const ids = [...new Set(rows.map((row) => row[name]).filter((v): v is number => typeof v === "number"))];
    refTitles.set(name, await referenceTitles(db, registry, tenantId, f, ids));
  }
  const part = (row: Record<string, unknown>, name: string) => {
    const titles = refTitles.get(name);
    if (titles) return typeof row[name] === "number" ? (titles.get(row[name] as number) ?? "") : "";
    return plain(target.fields[name], row[name]);
  };
  const data = rows.map((row) => {
    // An untitled record (a manual payment has no transaction id) is named by its kind and id.
    const title = part(row, titleField) || `${target.resource.singular} ${row.id}`;
    const details = shown.filter((n) => target.fields[n]?.type !== "reference").map((n) => part(row, n));
    const holders = shown.filter((n) => target.fields[n]?.type === "reference").map((n) => part(row, n));
    const text = [title, ...details].filter(Boolean).join(", ");
    const record: Record<string, unknown> = {
      id: row.id,
      title: [text, ...holders.filter(Boolean)].join(" · "),
    };
    for (const name of [...names, ...colours]) {
      if (name !== titleField) record[name] = outputFieldValue(target.fields[name], row[name]);
    }
    return record;
  });
  return { data, meta: { page: query.page, limit: query.limit, total } };
}

const lookupRecordSchema = z
  .object({ id: z.number().int(), title: z.string() })
  .catchall(z.unknown())
  .describe("A record by its title, with the fields a label needs (a status's color, a scoped kind's scope)");

export function lookupRoute(app: FastifyInstance, registry: ResourceRegistry, model: ResourceModel): void {
  const fields = lookupFields(model);
  if (fields.size === 0) return;
  const dependencyParams = [...fields.values()].flatMap(({ field }) =>
    field.dependsOn ? [field.dependsOn.field] : [],
  );
  app.get(
    "/lookups/:field",
    {
      onRequest: [requireAuth],
      schema: {
        summary: `Titles of the records a ${model.singular}'s reference may name`,
        description:
          "For callers who may read, create or update this kind. `id` for given records, `search`, and for a " +
          "dependent reference its field's value (e.g. customer_id) to offer only the matching records.",
        tags: [model.resource.label],
        security: [{ bearer: [] }],
        params: z.object({ field: z.enum([...fields.keys()] as [string, ...string[]]) }),
        querystring: z.object({
          id: z.string().optional().describe("Comma-separated record ids"),
          search: z.string().optional(),
          page: z.string().optional(),
          limit: z.string().optional(),
          from: z
            .string()
            .optional()
            .describe(
              "A status reference: the statuses allowed from this status id, or for a new record (new)",
            ),
          ...Object.fromEntries(
            [...new Set(dependencyParams)].map((p) => [
              p,
              z.string().optional().describe(`A dependent reference's ${p}`),
            ]),
          ),
        }),
        response: {
          200: z.object({ data: z.array(lookupRecordSchema), meta: metaSchema }),
          ...errorAnswers(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      const name = (request.params as { field: string }).field;
      const found = fields.get(name);
      if (!found) throw notFound();
      const { ownOnly } = await allowLookup(model, request);
      const { field, siblings, parentFields } = found;
      const dependsOn = field.dependsOn;
      const query = parseLookupQuery(request.query, dependsOn?.field, field.statusOf !== undefined);
      const auth = getAuth(request);
      let dependency: { column: string; value: number | null } | undefined;
      if (dependsOn && query.dependency !== undefined) {
        const source = (siblings[dependsOn.field] ?? parentFields?.[dependsOn.field]) as ReferenceField;
        const values = await dependencyValues(app.db, registry, auth.tenantId, source, dependsOn, [
          query.dependency,
        ]);
        dependency = { column: dependsOn.targetField, value: values.get(query.dependency) ?? null };
      }
      const within = ownOnly ? namedByOwnRecords(model, name, auth.tenantId, auth.user.id) : undefined;
      return lookup(app.db, registry, auth.tenantId, field, query, dependency, within);
    },
  );
}
