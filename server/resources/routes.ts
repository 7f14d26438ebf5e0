import { Readable } from "node:stream";
import { and, count, eq, type SQL, sql } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { type Scope, scopeFor, type Verb } from "../../src/access/permissions";
import { kindOpenToRead } from "../../src/access/route-requirements";
import { getAuth, requestGrants, requireAuth } from "../auth/authenticate";
import { errorAnswers } from "../auth/schemas";
import type { Database } from "../db/open";
import { change_logs } from "../db/schema";
import { type FieldError, forbidden, notFound, validationFailed } from "../http/errors";
import { listAnswerKey, listAnswers, recordAnswerKey, recordAnswers, recordTables } from "./answer-cache";
import { boundsRoute } from "./bounds";
import { type Changes, diffRows, listChangeLogs, writeChangeLogs } from "./change-logs";
import { type ChildWrite, checkChildBodies } from "./child-bodies";
import { checkRowIds, loadChildren, logRemovedChildren, mergeChildren, writeChildren } from "./children";
import { listCountKey, listTotals } from "./count-cache";
import { createDefaultsRoute, fillServerDefaults } from "./create-defaults";
import { exportCsv } from "./csv-export";
import { checkDependentReferences, unsettlesChildren } from "./dependent-references";
import { mapWriteError, staleVersion } from "./errors";
import { checkFieldRelations } from "./field-relations";
import { fillSourcesRoute } from "./fill-sources";
import type { ChildRows, Row } from "./hooks";
import { lookupRoute } from "./lookups";
import type { ChildModel, ResourceModel, ResourceRegistry } from "./model";
import {
  changeLogSchema,
  childIdParamsSchema,
  idParamsSchema,
  metaSchema,
  pagingQuerySchema,
  resourceSchemas,
} from "./openapi";
import { column, orderBy, parseListQuery, parsePaging, rejectNul } from "./query-language";
import { createRecord } from "./record-create";
import { toRecord } from "./records";
import { checkReferenceValues, childReferenceValues, referenceValues } from "./reference-checks";
import { releaseReferences } from "./release-references";
import { listTables } from "./search-references";
import { checkRemovedRows, recordLabel } from "./status-rules";
import { checkUpdateBody, INT_MAX } from "./validators";
import { checkEnumMoves, checkStatusMoves, statusMoves } from "./workflow";

// The contract's routes for every declared kind, under /api/v1/{path}:
//   GET {path}                 list (query language: query-language.ts)
//   GET {path}/export.csv      the same query as CSV (csv-export.ts)
//   GET {path}/{id}            one record
//   POST {path}                create → 201
//   PATCH {path}/{id}          update with the version read → 200, stale → 409
//   DELETE {path}/{id}         → { data: { id } }, 409 while referenced
//   GET {path}/{id}/change-logs
//   GET {path}/{id}/{child-path}/{childId}/change-logs   (collections with ownChangeLog)
// A single record (GET, and the answers of POST and PATCH) nests its child collections
// (children.ts); lists and exports do not. Each route: the session (requireAuth), the permission (the shared merge; Any/Own kinds see
// their own records only under <Verb>Own), the tenant on every query (another tenant's record
// is a 404). Writes and their change-log rows (and hooks) share one transaction.

const scopes = new WeakMap<FastifyRequest, Scope>();

/** onRequest: 403 unless the caller may `verb` the kind at all; remembers the scope (all/own). */
function allow(model: ResourceModel, verb: Verb) {
  return async (request: FastifyRequest): Promise<void> => {
    const open = verb === "Read" && kindOpenToRead(model.resource);
    const scope = open ? "all" : scopeFor(await requestGrants(request), model.kind, verb);
    if (scope === "none") throw forbidden();
    scopes.set(request, scope);
  };
}

function scopeOf(request: FastifyRequest): Scope {
  const scope = scopes.get(request);
  if (!scope) throw new Error("resource route without its allow() hook");
  return scope;
}

/** The owner condition of an "own" scope; without an ownerField nothing is the caller's (fails closed). */
function ownership(model: ResourceModel, scope: Scope, userId: number): SQL | undefined {
  if (scope !== "own") return undefined;
  if (!model.resource.ownerField) return sql`false`;
  return eq(column(model, model.resource.ownerField), userId);
}

/** A path id: digits within the id range, anything else is no record (404). */
function recordId(raw: unknown): number {
  if (typeof raw !== "string" || !/^\d{1,10}$/.test(raw)) throw notFound();
  const id = Number(raw);
  if (id < 1 || id > INT_MAX) throw notFound();
  return id;
}

/** The collections of a record, for a single-record answer (undefined for kinds without any). */
function childrenOf(db: Database, model: ResourceModel, tenantId: number, id: number) {
  return model.children.length > 0 ? loadChildren(db, model, tenantId, id) : Promise.resolve(undefined);
}

/** The per-route compilers: bodies and queries are checked by the handlers (one error per field). */
const passThrough = () => (data: unknown) => ({ value: data });
const stringify = () => (data: unknown) => JSON.stringify(data);
/** The read routes send JSON text they built (or kept, answer-cache.ts) themselves. */
const JSON_TYPE = "application/json; charset=utf-8";

export interface ResourceRoutesOptions {
  registry: ResourceRegistry;
}

export async function resourceRoutes(
  app: FastifyInstance,
  { registry }: ResourceRoutesOptions,
): Promise<void> {
  for (const model of registry.models) {
    await app.register(
      async (scope) => {
        scope.setValidatorCompiler(passThrough);
        scope.setSerializerCompiler(stringify);
        if (model.hooks.routes) await model.hooks.routes(scope, model);
        createDefaultsRoute(scope, registry, model);
        fillSourcesRoute(scope, registry, model);
        boundsRoute(scope, model);
        kindRoutes(scope, registry, model);
        lookupRoute(scope, registry, model);
      },
      { prefix: `/${model.resource.path}` },
    );
  }
}

function kindRoutes(app: FastifyInstance, registry: ResourceRegistry, model: ResourceModel): void {
  const t = model.table.table;
  const schemas = resourceSchemas(model);
  const tags = [model.resource.label];
  const security = [{ bearer: [] }];
  const one = z.object({ data: schemas.record });
  const db = (): Database => app.db;

  const visible = (request: FastifyRequest, id?: number): SQL => {
    const auth = getAuth(request);
    return and(
      eq(t.tenant_id, auth.tenantId),
      id === undefined ? undefined : eq(t.id, id),
      ownership(model, scopeOf(request), auth.user.id),
    ) as SQL;
  };

  // "" rather than "/": the contract's path is /api/v1/{path}, without a trailing slash.
  app.get(
    "",
    {
      onRequest: [requireAuth, allow(model, "Read")],
      schema: {
        summary: `List ${model.plural}`,
        tags,
        security,
        querystring: schemas.listQuery,
        response: {
          200: z.object({ data: z.array(schemas.record), meta: metaSchema }),
          ...errorAnswers(400, 401, 403),
        },
      },
    },
    async (request, reply) => {
      const query = parseListQuery(model, request.query);
      const where = and(visible(request), ...query.conditions);
      const counting = () =>
        db()
          .select({ total: count() })
          .from(t)
          .where(where)
          .then(([row]) => row.total);
      const auth = getAuth(request);
      const owner = scopeOf(request) === "own" ? auth.user.id : undefined;
      const answer = async () => {
        // The total is cached apart (count-cache.ts): the other pages of the same query share it.
        const [rows, total] = await Promise.all([
          db()
            .select()
            .from(t)
            .where(where)
            .orderBy(...orderBy(model, query.sort))
            .limit(query.limit)
            .offset(query.offset),
          listTotals.get(
            db(),
            listTables(model, request.query),
            listCountKey(model.kind, auth.tenantId, owner, request.query),
            counting,
          ),
        ]);
        const body = JSON.stringify({
          data: rows.map((row) => toRecord(model, row)),
          meta: { page: query.page, limit: query.limit, total },
        });
        return { body, total };
      };
      const key = listAnswerKey(model, auth.tenantId, owner, request.query);
      const { body, total } = await listAnswers.get(db(), listTables(model, request.query), key, answer);
      // The stock @refinedev/simple-rest provider reads the total from this header (api-contract.md).
      return reply.type(JSON_TYPE).header("x-total-count", String(total)).send(body);
    },
  );

  app.get(
    "/export.csv",
    {
      onRequest: [requireAuth, allow(model, "Read")],
      schema: {
        summary: `Export ${model.plural} as CSV`,
        description: "The list's filters, search and sort (not its page), up to 100,000 rows.",
        tags,
        security,
        querystring: schemas.exportQuery,
        response: {
          200: { description: "CSV, header = field labels", content: { "text/csv": { schema: z.string() } } },
          ...errorAnswers(400, 401, 403),
        },
      },
    },
    async (request, reply) => {
      const query = parseListQuery(model, request.query);
      const auth = getAuth(request);
      const csv = exportCsv({
        db: db(),
        registry,
        model,
        tenantId: auth.tenantId,
        where: and(visible(request), ...query.conditions),
        sort: query.sort,
      });
      reply
        .type("text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="${model.resource.path}.csv"`)
        .header("cache-control", "no-store");
      return reply.send(Readable.from(csv));
    },
  );

  app.get(
    "/:id",
    {
      onRequest: [requireAuth, allow(model, "Read")],
      schema: {
        summary: `One ${model.singular}`,
        tags,
        security,
        params: idParamsSchema,
        response: { 200: one, ...errorAnswers(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const id = recordId((request.params as { id: unknown }).id);
      const auth = getAuth(request);
      const owner = scopeOf(request) === "own" ? auth.user.id : undefined;
      const answer = async () => {
        const [row] = await db().select().from(t).where(visible(request, id));
        if (!row) throw notFound();
        const children = await childrenOf(db(), model, auth.tenantId, id);
        return JSON.stringify({ data: toRecord(model, row, { children }) });
      };
      const key = recordAnswerKey(model, auth.tenantId, owner, id);
      const body = await recordAnswers.get(db(), recordTables(model), key, answer);
      return reply.type(JSON_TYPE).send(body);
    },
  );

  app.post(
    "",
    {
      onRequest: [requireAuth, allow(model, "Create")],
      schema: {
        summary: `Create a ${model.singular}`,
        tags,
        security,
        body: schemas.create,
        response: { 201: one, ...errorAnswers(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const auth = getAuth(request);
      const { row, children, secrets } = await createRecord(
        {
          db: db(),
          registry,
          model,
          tenantId: auth.tenantId,
          userId: auth.user.id,
          scope: scopeOf(request),
          config: app.config,
        },
        request.body,
      );
      return reply.code(201).send({ data: toRecord(model, row, { children, secrets }) });
    },
  );

  app.patch(
    "/:id",
    {
      onRequest: [requireAuth, allow(model, "Update")],
      schema: {
        summary: `Change a ${model.singular}`,
        description: "Send the changed fields and the version you read; a stale version is a 409.",
        tags,
        security,
        params: idParamsSchema,
        body: schemas.update,
        response: { 200: one, ...errorAnswers(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const auth = getAuth(request);
      const id = recordId((request.params as { id: unknown }).id);
      const { values, errors, version } = checkUpdateBody(model, request.body);
      const writes = checkChildBodies(model, request.body, "update", errors);
      const owner = model.resource.ownerField;
      if (owner && scopeOf(request) === "own" && owner in values && values[owner] !== auth.user.id) {
        errors.push({ field: owner, message: "You may only give records to yourself" });
      }
      await checkReferenceValues(
        db(),
        registry,
        auth.tenantId,
        [...referenceValues(model.fields, values), ...childReferenceValues(writes)],
        errors,
      );
      if (errors.length > 0) throw validationFailed(errors);
      try {
        const { row, children } = await db().transaction(async (tx) => {
          // Lock the row: the diff is taken against what the update replaces.
          const [before] = await tx
            .select()
            .from(t)
            .where(and(eq(t.tenant_id, auth.tenantId), eq(t.id, id)))
            .for("update");
          if (!before) throw notFound();
          const own = ownership(model, scopeOf(request), auth.user.id);
          if (own && before[owner as string] !== auth.user.id) {
            // Visible only when they may read others' records too.
            if (scopeFor(await requestGrants(request), model.kind, "Read") === "all") throw forbidden();
            throw notFound();
          }
          if (before.version !== version) throw staleVersion(model);
          const touched = writes.length > 0;
          if (Object.keys(values).length === 0 && !touched) {
            return { row: before, children: await childrenOf(tx, model, auth.tenantId, id) };
          }
          checkEnumMoves(model.singular, model.fields, before, values);
          const moves = statusMoves(model.singular, model.fields, before, values);
          let stored: ChildRows = {};
          let merged: ChildRows | undefined;
          if (touched) {
            stored = await loadChildren(tx, model, auth.tenantId, id);
            checkRowIds(model, writes, stored);
            await checkRemovedRows(tx, registry, auth.tenantId, model, before, writes, stored);
            moves.push(...childMoves(writes, stored, recordLabel(model, before)));
            merged = mergeChildren(model, writes, stored);
            // New rows' first statuses (create-defaults.ts).
            await fillServerDefaults({
              tx,
              registry,
              model,
              tenantId: auth.tenantId,
              values,
              children: merged,
              action: "update",
            });
          }
          await checkDependencies(tx, registry, model, auth.tenantId, before, values, merged, stored);
          await checkStatusMoves(tx, registry, auth.tenantId, moves, recordLabel(model, before));
          model.hooks.compute?.(values, before, merged);
          checkFieldRelations(model.fields, values, before);
          // The version check is part of the UPDATE itself: of two racing writes, one wins.
          const [after] = await tx
            .update(t)
            .set({ ...values, version: sql`${t.version} + 1`, updated_at: new Date() })
            .where(and(eq(t.id, id), eq(t.tenant_id, auth.tenantId), eq(t.version, version)))
            .returning();
          if (!after) throw staleVersion(model);
          const ctx = { tx, model, tenantId: auth.tenantId, userId: auth.user.id, config: app.config };
          const childChanges = merged
            ? await writeChildren({ ...ctx, parentId: id }, writes, merged, stored)
            : {};
          const changes: Changes = { ...diffRows(model, before, after), ...childChanges };
          if (Object.keys(changes).length > 0) {
            await writeChangeLogs(tx, model, [
              { tenantId: auth.tenantId, recordId: id, action: "update", userId: auth.user.id, changes },
            ]);
          }
          const children = await childrenOf(tx, model, auth.tenantId, id);
          await model.hooks.afterWrite?.({
            ...ctx,
            action: "update",
            record: after,
            previous: before,
            children: touched ? children : undefined,
            previousChildren: touched ? stored : undefined,
          });
          return { row: after, children };
        });
        return { data: toRecord(model, row, { children }) };
      } catch (error) {
        mapWriteError(model, error, values);
      }
    },
  );

  app.delete(
    "/:id",
    {
      onRequest: [requireAuth, allow(model, "Delete")],
      schema: {
        summary: `Delete a ${model.singular}`,
        description: "Refused (409) while other records still reference it.",
        tags,
        security,
        params: idParamsSchema,
        response: {
          200: z.object({ data: z.object({ id: z.number().int() }) }),
          ...errorAnswers(401, 403, 404, 409),
        },
      },
    },
    async (request) => {
      const auth = getAuth(request);
      const id = recordId((request.params as { id: unknown }).id);
      try {
        await db().transaction(async (tx) => {
          const [before] = await tx
            .select()
            .from(t)
            .where(and(eq(t.tenant_id, auth.tenantId), eq(t.id, id)))
            .for("update");
          if (!before) throw notFound();
          const own = ownership(model, scopeOf(request), auth.user.id);
          if (own && before[model.resource.ownerField as string] !== auth.user.id) {
            if (scopeFor(await requestGrants(request), model.kind, "Read") === "all") throw forbidden();
            throw notFound();
          }
          const ctx = { tx, model, tenantId: auth.tenantId, userId: auth.user.id, config: app.config };
          await model.hooks.beforeDelete?.({ ...ctx, record: before });
          const stored = await childrenOf(tx, model, auth.tenantId, id);
          await releaseReferences(tx, model, auth.tenantId, id, auth.user.id);
          // Its rows go with it (ON DELETE CASCADE).
          await tx.delete(t).where(and(eq(t.id, id), eq(t.tenant_id, auth.tenantId)));
          const childChanges = stored ? await logRemovedChildren(ctx, stored) : {};
          await writeChangeLogs(tx, model, [
            {
              tenantId: auth.tenantId,
              recordId: id,
              action: "delete",
              userId: auth.user.id,
              changes: { ...diffRows(model, before, null), ...childChanges },
            },
          ]);
          await model.hooks.afterWrite?.({
            ...ctx,
            action: "delete",
            record: null,
            previous: before,
            previousChildren: stored,
          });
        });
      } catch (error) {
        mapWriteError(model, error, {}, "delete");
      }
      return { data: { id } };
    },
  );

  app.get(
    "/:id/change-logs",
    {
      onRequest: [requireAuth, allow(model, "Read")],
      schema: {
        summary: `The change history of a ${model.singular}`,
        description: "Newest first; kept after the record is deleted.",
        tags,
        security,
        params: idParamsSchema,
        querystring: pagingQuerySchema,
        response: {
          200: z.object({ data: z.array(changeLogSchema), meta: metaSchema }),
          ...errorAnswers(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      const auth = getAuth(request);
      const id = recordId((request.params as { id: unknown }).id);
      const { page, limit } = pagingOnly(request.query);
      const own = scopeOf(request) === "own";
      const [row] = await db().select({ id: t.id }).from(t).where(visible(request, id));
      if (!row && own) throw notFound();
      const { rows, total } = await listChangeLogs(db(), model, auth.tenantId, id, page, limit);
      if (!row && total === 0) throw notFound();
      return { data: rows, meta: { page, limit, total } };
    },
  );

  for (const child of model.children.filter((c) => c.collection.ownChangeLog)) {
    childChangeLogRoute(app, model, child, visible);
  }
}

/**
 * An update's dependent references (dependent-references.ts): the record as it will be, and its
 * rows where the write sets them or changes a parent field they depend on. 400 on a mismatch.
 */
async function checkDependencies(
  tx: Database,
  registry: ResourceRegistry,
  model: ResourceModel,
  tenantId: number,
  before: Row,
  values: Row,
  merged: ChildRows | undefined,
  stored: ChildRows,
): Promise<void> {
  const unsettled = !merged && unsettlesChildren(model, before, values);
  const storedRows = unsettled ? await loadChildren(tx, model, tenantId, before.id as number) : stored;
  const errors: FieldError[] = [];
  const write = {
    record: { ...before, ...values },
    previous: before,
    children: merged ?? (unsettled ? storedRows : undefined),
    storedChildren: storedRows,
  };
  await checkDependentReferences(tx, registry, model, tenantId, write, errors);
  if (errors.length > 0) throw validationFailed(errors);
}

/** The workflow moves of the kept rows of the written collections (enum ones are refused here). */
function childMoves(writes: ChildWrite[], stored: ChildRows, label: string) {
  return writes.flatMap(({ child, rows }) =>
    rows.flatMap((row) => {
      const old = row.id === null ? undefined : stored[child.name]?.find((r) => r.id === row.id);
      if (!old) return [];
      const at = `${child.name}.${row.index}.`;
      checkEnumMoves(child.singular, child.fields, old, row.values, at);
      const rowLabel = `${child.rowSingular.charAt(0).toUpperCase()}${child.rowSingular.slice(1)} ${row.index + 1} of ${label}`;
      return statusMoves(child.singular, child.fields, old, row.values, at).map((m) => ({
        ...m,
        label: rowLabel,
      }));
    }),
  );
}

/**
 * GET {path}/{id}/{child-path}/{childId}/change-logs: a row's own history. The row is this
 * record's when it is stored under it now, or when the record's log ever added or removed it
 * (so the history stays readable after the row, or the record, is deleted).
 */
function childChangeLogRoute(
  app: FastifyInstance,
  model: ResourceModel,
  child: ChildModel,
  visible: (request: FastifyRequest, id?: number) => SQL,
): void {
  const t = model.table.table;
  const rowsTable = child.table.table;
  app.get(
    `/:id/${child.path}/:childId/change-logs`,
    {
      onRequest: [requireAuth, allow(model, "Read")],
      schema: {
        summary: `The change history of one of a ${model.singular}'s ${child.rowPlural}`,
        description: "Newest first; kept after the row is removed.",
        tags: [model.resource.label],
        security: [{ bearer: [] }],
        params: childIdParamsSchema,
        querystring: pagingQuerySchema,
        response: {
          200: z.object({ data: z.array(changeLogSchema), meta: metaSchema }),
          ...errorAnswers(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      const auth = getAuth(request);
      const params = request.params as { id: unknown; childId: unknown };
      const id = recordId(params.id);
      const childId = recordId(params.childId);
      const { page, limit } = pagingOnly(request.query);
      const db = app.db;
      const [parent] = await db.select({ id: t.id }).from(t).where(visible(request, id));
      if (!parent && scopeOf(request) === "own") throw notFound();
      const [stored] = await db
        .select({ id: rowsTable.id })
        .from(rowsTable)
        .where(
          and(eq(rowsTable.tenant_id, auth.tenantId), eq(rowsTable.parent_id, id), eq(rowsTable.id, childId)),
        );
      if (!stored) {
        const [{ n }] = await db
          .select({ n: count() })
          .from(change_logs)
          .where(
            and(
              eq(change_logs.tenant_id, auth.tenantId),
              eq(change_logs.kind, model.kind),
              eq(change_logs.record_id, id),
              sql`${change_logs.changes} ? ${`${child.name}.${childId}`}`,
            ),
          );
        if (n === 0) throw notFound();
      }
      const { rows, total } = await listChangeLogs(db, child.logKind, auth.tenantId, childId, page, limit);
      return { data: rows, meta: { page, limit, total } };
    },
  );
}

/** page and limit, and nothing else. */
export function pagingOnly(rawQuery: unknown, extra: string[] = []): { page: number; limit: number } {
  const query = (rawQuery ?? {}) as Record<string, string | string[] | undefined>;
  rejectNul(query);
  const errors: { field: string; message: string }[] = [];
  const paging = parsePaging(query, errors);
  for (const key of Object.keys(query)) {
    if (key !== "page" && key !== "limit" && !extra.includes(key)) {
      errors.push({ field: key, message: "Unknown parameter" });
    }
  }
  if (errors.length > 0) throw validationFailed(errors);
  return paging;
}
