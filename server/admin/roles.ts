import { and, asc, eq, ne, sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { validatePermissions } from "../../src/access/catalogue";
import { getAuth, requestGrants } from "../auth/authenticate";
import type { Database } from "../db/open";
import { group_roles, groups, type Permissions, roles } from "../db/schema";
import { HttpError, notFound, validationFailed } from "../http/errors";
import { listChanges, logChange } from "./change-log";
import { assertGrantable } from "./escalation";
import { BEARER, guard } from "./guard";
import { countAll, type ListSpec, parseListQuery } from "./list-query";
import {
  changeLogAnswerSchema,
  changeLogQuerySchema,
  commonErrors,
  deletedAnswerSchema,
  idParamsSchema,
  iso,
  listQuerySchema,
  many,
  nameSchema,
  one,
  roleRecordSchema,
  versionSchema,
  writeErrors,
} from "./schemas";
import { duplicateName, lockedWrite, staleVersion } from "./writes";

// Roles (kind Role, path "roles"): a name and permissions, { "<Kind>": ["<Action>", …] },
// checked against the catalogue (src/access/catalogue.ts). A role can be duplicated. Names are
// unique in a tenant (without regard to case). A role still given to a group cannot be deleted.

type RoleRow = typeof roles.$inferSelect;
export type RoleRecord = z.infer<typeof roleRecordSchema>;

export const roleRecord = (row: RoleRow): RoleRecord => ({
  id: row.id,
  name: row.name,
  permissions: row.permissions,
  version: row.version,
  created_at: iso(row.created_at) as string,
  updated_at: iso(row.updated_at) as string,
});

const ROLE_LIST: ListSpec = {
  fields: {
    id: { type: "integer", column: roles.id },
    name: { type: "text", column: roles.name, searchable: true },
    created_at: { type: "datetime", column: roles.created_at },
    updated_at: { type: "datetime", column: roles.updated_at },
  },
};

const permissionsSchema = z
  .record(z.string(), z.array(z.string()))
  .describe('Resource kind → actions, e.g. { "Order": ["ReadAny", "UpdateAny"], "Vendor": ["*"] }');

/** A 400 naming each unknown kind or action; otherwise the grants without repeats or empty kinds. */
export function checkedPermissions(value: Permissions): Permissions {
  const errors = validatePermissions(value);
  if (errors.length > 0) throw validationFailed(errors);
  const clean: Permissions = {};
  for (const [kind, actions] of Object.entries(value)) {
    if (actions.length > 0) clean[kind] = [...new Set(actions)];
  }
  return clean;
}

export async function findRole(db: Database, tenantId: number, id: number): Promise<RoleRow | null> {
  const [row] = await db
    .select()
    .from(roles)
    .where(and(eq(roles.id, id), eq(roles.tenant_id, tenantId)));
  return row ?? null;
}

async function nameTaken(db: Database, tenantId: number, name: string, exceptId?: number) {
  const conditions = [eq(roles.tenant_id, tenantId), eq(sql`lower(${roles.name})`, name.toLowerCase())];
  if (exceptId !== undefined) conditions.push(ne(roles.id, exceptId));
  const [row] = await db
    .select({ id: roles.id })
    .from(roles)
    .where(and(...conditions))
    .limit(1);
  return row !== undefined;
}

/** "Copy of X", or "Copy of X (2)", "(3)" … when that name is taken. */
export async function copyName(db: Database, tenantId: number, name: string): Promise<string> {
  const base = `Copy of ${name}`.slice(0, 120);
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? base : `${base.slice(0, 120 - ` (${n})`.length)} (${n})`;
    if (!(await nameTaken(db, tenantId, candidate))) return candidate;
  }
}

export const roleRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ["roles"];

  app.get(
    "/roles",
    {
      onRequest: guard("Role", "Read"),
      schema: {
        summary: "List roles",
        tags,
        security: BEARER,
        querystring: listQuerySchema,
        response: { 200: many(roleRecordSchema), ...commonErrors },
      },
    },
    async (request) => {
      const { tenantId } = getAuth(request);
      const q = parseListQuery(request.query, ROLE_LIST);
      const where = and(eq(roles.tenant_id, tenantId), q.where);
      const [rows, [{ total }]] = await Promise.all([
        app.db
          .select()
          .from(roles)
          .where(where)
          .orderBy(...q.orderBy)
          .limit(q.limit)
          .offset(q.offset),
        app.db.select({ total: countAll }).from(roles).where(where),
      ]);
      return { data: rows.map(roleRecord), meta: { page: q.page, limit: q.limit, total } };
    },
  );

  app.get(
    "/roles/:id",
    {
      onRequest: guard("Role", "Read"),
      schema: {
        summary: "One role",
        tags,
        security: BEARER,
        params: idParamsSchema,
        response: { 200: one(roleRecordSchema), ...commonErrors },
      },
    },
    async (request) => {
      const row = await findRole(app.db, getAuth(request).tenantId, request.params.id);
      if (!row) throw notFound();
      return { data: roleRecord(row) };
    },
  );

  app.post(
    "/roles",
    {
      onRequest: guard("Role", "Create"),
      schema: {
        summary: "Create a role",
        tags,
        security: BEARER,
        body: z.strictObject({ name: nameSchema, permissions: permissionsSchema.default({}) }),
        response: { 201: one(roleRecordSchema), ...writeErrors },
      },
    },
    async (request, reply) => {
      const { tenantId, user } = getAuth(request);
      const permissions = checkedPermissions(request.body.permissions);
      assertGrantable(await requestGrants(request), permissions);
      const { name } = request.body;
      const row = await lockedWrite(app.db, tenantId, async (tx) => {
        if (await nameTaken(tx, tenantId, name)) throw duplicateName("role", name);
        const [created] = await tx
          .insert(roles)
          .values({ tenant_id: tenantId, name, permissions })
          .returning();
        await logChange(tx, {
          tenantId,
          kind: "Role",
          recordId: created.id,
          action: "create",
          userId: user.id,
          before: null,
          after: roleRecord(created),
        });
        return created;
      });
      reply.code(201);
      return { data: roleRecord(row) };
    },
  );

  app.post(
    "/roles/:id/duplicate",
    {
      onRequest: guard("Role", "Read", "Create"),
      schema: {
        summary: "Copy a role",
        description:
          'The copy has the same permissions and is named "Copy of <name>" unless a name is given.',
        tags,
        security: BEARER,
        params: idParamsSchema,
        body: z.strictObject({ name: nameSchema.optional() }).nullish(),
        response: { 201: one(roleRecordSchema), ...writeErrors },
      },
    },
    async (request, reply) => {
      const { tenantId, user } = getAuth(request);
      const row = await lockedWrite(app.db, tenantId, async (tx) => {
        const source = await findRole(tx, tenantId, request.params.id);
        if (!source) throw notFound();
        assertGrantable(await requestGrants(request), source.permissions);
        const wanted = request.body?.name;
        if (wanted !== undefined && (await nameTaken(tx, tenantId, wanted)))
          throw duplicateName("role", wanted);
        const name = wanted ?? (await copyName(tx, tenantId, source.name));
        const [created] = await tx
          .insert(roles)
          .values({ tenant_id: tenantId, name, permissions: source.permissions })
          .returning();
        await logChange(tx, {
          tenantId,
          kind: "Role",
          recordId: created.id,
          action: "create",
          userId: user.id,
          before: null,
          after: roleRecord(created),
        });
        return created;
      });
      reply.code(201);
      return { data: roleRecord(row) };
    },
  );

  app.patch(
    "/roles/:id",
    {
      onRequest: guard("Role", "Update"),
      schema: {
        summary: "Change a role",
        description: "Send the changed fields and the version you read; a stale version is a 409.",
        tags,
        security: BEARER,
        params: idParamsSchema,
        body: z.strictObject({
          name: nameSchema.optional(),
          permissions: permissionsSchema.optional(),
          version: versionSchema,
        }),
        response: { 200: one(roleRecordSchema), ...writeErrors },
      },
    },
    async (request) => {
      const { tenantId, user } = getAuth(request);
      const { id } = request.params;
      const { name, version } = request.body;
      const permissions =
        request.body.permissions === undefined ? undefined : checkedPermissions(request.body.permissions);
      if (permissions) assertGrantable(await requestGrants(request), permissions);
      const row = await lockedWrite(app.db, tenantId, async (tx) => {
        const current = await findRole(tx, tenantId, id);
        if (!current) throw notFound();
        if (current.version !== version) throw staleVersion("role");
        if (name !== undefined && (await nameTaken(tx, tenantId, name, id)))
          throw duplicateName("role", name);
        const [updated] = await tx
          .update(roles)
          .set({
            ...(name !== undefined ? { name } : {}),
            ...(permissions !== undefined ? { permissions } : {}),
            updated_at: new Date(),
            version: sql`${roles.version} + 1`,
          })
          // The version is checked by the write itself too, not only by the read above.
          .where(and(eq(roles.id, id), eq(roles.tenant_id, tenantId), eq(roles.version, version)))
          .returning();
        if (!updated) throw staleVersion("role");
        await logChange(tx, {
          tenantId,
          kind: "Role",
          recordId: id,
          action: "update",
          userId: user.id,
          before: roleRecord(current),
          after: roleRecord(updated),
        });
        return updated;
      });
      return { data: roleRecord(row) };
    },
  );

  app.delete(
    "/roles/:id",
    {
      onRequest: guard("Role", "Delete"),
      schema: {
        summary: "Delete a role",
        description: "Refused (409) while a group still has the role.",
        tags,
        security: BEARER,
        params: idParamsSchema,
        response: { 200: deletedAnswerSchema, ...writeErrors },
      },
    },
    async (request) => {
      const { tenantId, user } = getAuth(request);
      const { id } = request.params;
      await lockedWrite(app.db, tenantId, async (tx) => {
        const current = await findRole(tx, tenantId, id);
        if (!current) throw notFound();
        const users = await tx
          .select({ name: groups.name })
          .from(group_roles)
          .innerJoin(groups, eq(groups.id, group_roles.group_id))
          .where(eq(group_roles.role_id, id))
          .orderBy(asc(groups.name));
        if (users.length > 0) {
          const names = users.map((g) => `"${g.name}"`).join(", ");
          throw new HttpError(
            409,
            `This role is still given to ${users.length === 1 ? "the group" : "the groups"} ${names}; take it away from them first.`,
          );
        }
        await tx.delete(roles).where(and(eq(roles.id, id), eq(roles.tenant_id, tenantId)));
        await logChange(tx, {
          tenantId,
          kind: "Role",
          recordId: id,
          action: "delete",
          userId: user.id,
          before: roleRecord(current),
          after: null,
        });
      });
      return { data: { id } };
    },
  );

  app.get(
    "/roles/:id/change-logs",
    {
      onRequest: guard("Role", "Read"),
      schema: {
        summary: "Who changed a role, when, and what",
        tags,
        security: BEARER,
        params: idParamsSchema,
        querystring: changeLogQuerySchema,
        response: { 200: changeLogAnswerSchema, ...commonErrors },
      },
    },
    async (request) => {
      const { tenantId } = getAuth(request);
      const { id } = request.params;
      if (!(await findRole(app.db, tenantId, id))) throw notFound();
      const { page = 1, limit = 25 } = request.query;
      return listChanges(app.db, { tenantId, kind: "Role", recordId: id }, page, limit);
    },
  );
};
