import { and, asc, eq, inArray, ne, type SQL, sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { getAuth, requestGrants } from "../auth/authenticate";
import type { Database } from "../db/open";
import { group_roles, group_sites, groups, user_groups } from "../db/schema";
import { notFound } from "../http/errors";
import { guardedWrite } from "./administrators";
import { listChanges, logChange } from "./change-log";
import { assertAdminFlag, assertManageableGroups } from "./escalation";
import { BEARER, guard } from "./guard";
import { countAll, type ListSpec, parseListQuery } from "./list-query";
import { checkReferences, touchUsers } from "./memberships";
import {
  changeLogAnswerSchema,
  changeLogQuerySchema,
  commonErrors,
  deletedAnswerSchema,
  groupRecordSchema,
  idListSchema,
  idParamsSchema,
  iso,
  listQuerySchema,
  many,
  nameSchema,
  one,
  versionSchema,
  writeErrors,
} from "./schemas";
import { duplicateName, staleVersion } from "./writes";

// Groups (kind Group, path "user-groups"): the memberships of spec §6. A group has a name, the
// is_admin flag, sites (it counts for the tenant when one of them is the tenant's), roles and
// members. Its associations are part of the record (site_ids, role_ids, member_ids) and a PATCH
// replaces each list it sends. Names are unique in a tenant. Every write keeps the tenant with
// at least one administrator (administrators.ts).

type GroupRow = typeof groups.$inferSelect;
export type GroupRecord = z.infer<typeof groupRecordSchema>;

const associationTables = {
  site_ids: { table: group_sites, column: group_sites.site_id },
  role_ids: { table: group_roles, column: group_roles.role_id },
  member_ids: { table: user_groups, column: user_groups.user_id },
} as const;
type Association = keyof typeof associationTables;
const ASSOCIATIONS = Object.keys(associationTables) as Association[];

/** The records of group rows, their associations loaded in one query each. */
export async function groupRecords(db: Database, rows: GroupRow[]): Promise<GroupRecord[]> {
  const ids = rows.map((r) => r.id);
  const lists = new Map<string, number[]>();
  if (ids.length > 0) {
    for (const name of ASSOCIATIONS) {
      const { table, column } = associationTables[name];
      const links = await db
        .select({ group_id: table.group_id, id: column })
        .from(table)
        .where(inArray(table.group_id, ids))
        .orderBy(asc(column));
      for (const link of links) {
        const key = `${name}:${link.group_id}`;
        lists.set(key, [...(lists.get(key) ?? []), link.id]);
      }
    }
  }
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    is_admin: row.is_admin,
    site_ids: lists.get(`site_ids:${row.id}`) ?? [],
    role_ids: lists.get(`role_ids:${row.id}`) ?? [],
    member_ids: lists.get(`member_ids:${row.id}`) ?? [],
    version: row.version,
    created_at: iso(row.created_at) as string,
    updated_at: iso(row.updated_at) as string,
  }));
}

async function groupRecord(db: Database, row: GroupRow): Promise<GroupRecord> {
  return (await groupRecords(db, [row]))[0];
}

export async function findGroup(db: Database, tenantId: number, id: number): Promise<GroupRow | null> {
  const [row] = await db
    .select()
    .from(groups)
    .where(and(eq(groups.id, id), eq(groups.tenant_id, tenantId)));
  return row ?? null;
}

const has =
  (name: Association) =>
  (ids: number[]): SQL => {
    const { table, column } = associationTables[name];
    return sql`exists (select 1 from ${table} where ${table.group_id} = ${groups.id} and ${inArray(column, ids)})`;
  };

const GROUP_LIST: ListSpec = {
  fields: {
    id: { type: "integer", column: groups.id },
    name: { type: "text", column: groups.name, searchable: true },
    is_admin: { type: "boolean", column: groups.is_admin },
    created_at: { type: "datetime", column: groups.created_at },
    updated_at: { type: "datetime", column: groups.updated_at },
  },
  // "Has any of": ?role_ids=3 lists the groups given role 3.
  relations: { site_ids: has("site_ids"), role_ids: has("role_ids"), member_ids: has("member_ids") },
};

async function nameTaken(db: Database, tenantId: number, name: string, exceptId?: number) {
  const conditions = [eq(groups.tenant_id, tenantId), eq(sql`lower(${groups.name})`, name.toLowerCase())];
  if (exceptId !== undefined) conditions.push(ne(groups.id, exceptId));
  const [row] = await db
    .select({ id: groups.id })
    .from(groups)
    .where(and(...conditions))
    .limit(1);
  return row !== undefined;
}

/**
 * Makes each given association list of the group exactly `ids`; answers the users whose
 * membership changed (their records' group_ids changed with it).
 */
async function replaceAssociations(
  tx: Database,
  tenantId: number,
  groupId: number,
  lists: Partial<Record<Association, number[]>>,
): Promise<number[]> {
  let changedUsers: number[] = [];
  for (const name of ASSOCIATIONS) {
    const wanted = lists[name];
    if (wanted === undefined) continue;
    const { table, column } = associationTables[name];
    const current = (await tx.select({ id: column }).from(table).where(eq(table.group_id, groupId))).map(
      (r) => r.id,
    );
    const removed = current.filter((id) => !wanted.includes(id));
    const added = wanted.filter((id) => !current.includes(id));
    if (removed.length > 0) {
      await tx.delete(table).where(and(eq(table.group_id, groupId), inArray(column, removed)));
    }
    if (added.length > 0) {
      const base = { tenant_id: tenantId, group_id: groupId };
      if (name === "site_ids")
        await tx.insert(group_sites).values(added.map((site_id) => ({ ...base, site_id })));
      if (name === "role_ids")
        await tx.insert(group_roles).values(added.map((role_id) => ({ ...base, role_id })));
      if (name === "member_ids")
        await tx.insert(user_groups).values(added.map((user_id) => ({ ...base, user_id })));
    }
    if (name === "member_ids") changedUsers = [...removed, ...added];
  }
  return changedUsers;
}

const associationsSchema = {
  site_ids: idListSchema
    .optional()
    .describe("The group's sites; it counts for a tenant with one of its sites"),
  role_ids: idListSchema.optional(),
  member_ids: idListSchema.optional().describe("Users already in the tenant; new people are invited"),
};

export const groupRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ["user-groups"];

  app.get(
    "/user-groups",
    {
      onRequest: guard("Group", "Read"),
      schema: {
        summary: "List groups",
        tags,
        security: BEARER,
        querystring: listQuerySchema,
        response: { 200: many(groupRecordSchema), ...commonErrors },
      },
    },
    async (request) => {
      const { tenantId } = getAuth(request);
      const q = parseListQuery(request.query, GROUP_LIST);
      const where = and(eq(groups.tenant_id, tenantId), q.where);
      const [rows, [{ total }]] = await Promise.all([
        app.db
          .select()
          .from(groups)
          .where(where)
          .orderBy(...q.orderBy)
          .limit(q.limit)
          .offset(q.offset),
        app.db.select({ total: countAll }).from(groups).where(where),
      ]);
      return { data: await groupRecords(app.db, rows), meta: { page: q.page, limit: q.limit, total } };
    },
  );

  app.get(
    "/user-groups/:id",
    {
      onRequest: guard("Group", "Read"),
      schema: {
        summary: "One group",
        tags,
        security: BEARER,
        params: idParamsSchema,
        response: { 200: one(groupRecordSchema), ...commonErrors },
      },
    },
    async (request) => {
      const row = await findGroup(app.db, getAuth(request).tenantId, request.params.id);
      if (!row) throw notFound();
      return { data: await groupRecord(app.db, row) };
    },
  );

  app.post(
    "/user-groups",
    {
      onRequest: guard("Group", "Create"),
      schema: {
        summary: "Create a group",
        tags,
        security: BEARER,
        body: z.strictObject({
          name: nameSchema,
          is_admin: z.boolean().default(false),
          ...associationsSchema,
        }),
        response: { 201: one(groupRecordSchema), ...writeErrors },
      },
    },
    async (request, reply) => {
      const { tenantId, user } = getAuth(request);
      const { name, is_admin, site_ids = [], role_ids = [], member_ids = [] } = request.body;
      const held = await requestGrants(request);
      assertAdminFlag(held, is_admin);
      const record = await guardedWrite(app.db, tenantId, async (tx) => {
        await assertManageableGroups(tx, held, tenantId, [], role_ids);
        if (await nameTaken(tx, tenantId, name)) throw duplicateName("group", name);
        await checkReferences(tx, tenantId, { site_ids, role_ids, member_ids });
        const [row] = await tx.insert(groups).values({ tenant_id: tenantId, name, is_admin }).returning();
        const members = await replaceAssociations(tx, tenantId, row.id, { site_ids, role_ids, member_ids });
        await touchUsers(tx, members);
        const created = await groupRecord(tx, row);
        await logChange(tx, {
          tenantId,
          kind: "Group",
          recordId: row.id,
          action: "create",
          userId: user.id,
          before: null,
          after: created,
        });
        return created;
      });
      reply.code(201);
      return { data: record };
    },
  );

  app.patch(
    "/user-groups/:id",
    {
      onRequest: guard("Group", "Update"),
      schema: {
        summary: "Change a group",
        description:
          "Send the changed fields and the version you read; each list sent replaces the group's. " +
          "A stale version is a 409, and so is a change leaving the tenant without an administrator.",
        tags,
        security: BEARER,
        params: idParamsSchema,
        body: z.strictObject({
          name: nameSchema.optional(),
          is_admin: z.boolean().optional(),
          ...associationsSchema,
          version: versionSchema,
        }),
        response: { 200: one(groupRecordSchema), ...writeErrors },
      },
    },
    async (request) => {
      const { tenantId, user } = getAuth(request);
      const { id } = request.params;
      const { name, is_admin, site_ids, role_ids, member_ids, version } = request.body;
      const held = await requestGrants(request);
      assertAdminFlag(held, is_admin);
      const record = await guardedWrite(app.db, tenantId, async (tx) => {
        const current = await findGroup(tx, tenantId, id);
        if (!current) throw notFound();
        // Who is in it, what it grants and where: only within the caller's own reach.
        if (is_admin !== undefined || site_ids || role_ids || member_ids) {
          await assertManageableGroups(tx, held, tenantId, [id], role_ids ?? []);
        }
        if (current.version !== version) throw staleVersion("group");
        if (name !== undefined && (await nameTaken(tx, tenantId, name, id)))
          throw duplicateName("group", name);
        await checkReferences(tx, tenantId, { site_ids, role_ids, member_ids });
        const before = await groupRecord(tx, current);
        const [row] = await tx
          .update(groups)
          .set({
            ...(name !== undefined ? { name } : {}),
            ...(is_admin !== undefined ? { is_admin } : {}),
            updated_at: new Date(),
            version: sql`${groups.version} + 1`,
          })
          .where(and(eq(groups.id, id), eq(groups.tenant_id, tenantId), eq(groups.version, version)))
          .returning();
        if (!row) throw staleVersion("group");
        const members = await replaceAssociations(tx, tenantId, id, { site_ids, role_ids, member_ids });
        await touchUsers(tx, members);
        const after = await groupRecord(tx, row);
        await logChange(tx, {
          tenantId,
          kind: "Group",
          recordId: id,
          action: "update",
          userId: user.id,
          before,
          after,
        });
        return after;
      });
      return { data: record };
    },
  );

  app.delete(
    "/user-groups/:id",
    {
      onRequest: guard("Group", "Delete"),
      schema: {
        summary: "Delete a group",
        description:
          "Its members leave it; refused (409) when that leaves the tenant without an administrator.",
        tags,
        security: BEARER,
        params: idParamsSchema,
        response: { 200: deletedAnswerSchema, ...writeErrors },
      },
    },
    async (request) => {
      const { tenantId, user } = getAuth(request);
      const { id } = request.params;
      const held = await requestGrants(request);
      await guardedWrite(app.db, tenantId, async (tx) => {
        const current = await findGroup(tx, tenantId, id);
        if (!current) throw notFound();
        await assertManageableGroups(tx, held, tenantId, [id]);
        const before = await groupRecord(tx, current);
        await tx.delete(groups).where(and(eq(groups.id, id), eq(groups.tenant_id, tenantId)));
        await touchUsers(tx, before.member_ids);
        await logChange(tx, {
          tenantId,
          kind: "Group",
          recordId: id,
          action: "delete",
          userId: user.id,
          before,
          after: null,
        });
      });
      return { data: { id } };
    },
  );

  app.get(
    "/user-groups/:id/change-logs",
    {
      onRequest: guard("Group", "Read"),
      schema: {
        summary: "Who changed a group, when, and what",
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
      if (!(await findGroup(app.db, tenantId, id))) throw notFound();
      const { page = 1, limit = 25 } = request.query;
      return listChanges(app.db, { tenantId, kind: "Group", recordId: id }, page, limit);
    },
  );
};
