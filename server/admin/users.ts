import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { getAuth, requestGrants } from "../auth/authenticate";
import { revokeUserSessions } from "../auth/sessions";
import type { Database } from "../db/open";
import { groups, sessions, user_groups, users } from "../db/schema";
import { fieldError, HttpError, notFound } from "../http/errors";
import { guardedWrite } from "./administrators";
import { listChanges, logChange } from "./change-log";
import { assertManageableGroups } from "./escalation";
import { BEARER, guard } from "./guard";
import { countAll, type ListSpec, parseListQuery } from "./list-query";
import { belongsElsewhere, checkReferences, inTenant, tenantGroupsOf, touchGroups } from "./memberships";
import {
  changeLogAnswerSchema,
  changeLogQuerySchema,
  commonErrors,
  deletedAnswerSchema,
  idListSchema,
  idParamsSchema,
  iso,
  listQuerySchema,
  many,
  nameSchema,
  one,
  userRecordSchema,
  versionSchema,
  writeErrors,
} from "./schemas";
import { staleVersion } from "./writes";

// Users (kind User, path "users"). A user is one identity across tenants: a tenant sees those
// with a membership in one of its groups, and group_ids lists only its own groups. People join
// by invitation (POST users/invite, invitations.ts); there is no POST users. A PATCH edits the
// profile fields, the flags, `active` and the tenant's memberships; the email is the sign-in
// and stays as it is. DELETE takes the user out of this tenant (their memberships and sessions
// here end); the identity itself stays for the other tenants it belongs to.
//
// Deactivating ends every session of the user at once. Because `active` is the identity's, a
// user who also belongs to another tenant cannot be deactivated from this one (that would lock
// them out there too): they are removed from this tenant instead.

type UserRow = typeof users.$inferSelect;
export type UserRecord = z.infer<typeof userRecordSchema>;

export async function userRecords(db: Database, tenantId: number, rows: UserRow[]): Promise<UserRecord[]> {
  const memberships = await tenantGroupsOf(
    db,
    tenantId,
    rows.map((r) => r.id),
  );
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    IsAvanteSalesRep: row.is_avante_sales_rep,
    IsAvanteCSR: row.is_avante_csr,
    isCustomerAgent: row.is_customer_agent,
    active: row.active,
    last_login_at: iso(row.last_login_at),
    group_ids: memberships.get(row.id) ?? [],
    version: row.version,
    created_at: iso(row.created_at) as string,
    updated_at: iso(row.updated_at) as string,
  }));
}

async function userRecord(db: Database, tenantId: number, row: UserRow): Promise<UserRecord> {
  return (await userRecords(db, tenantId, [row]))[0];
}

/** The user when they are a member of the tenant; another tenant's user is "not found". */
export async function findTenantUser(db: Database, tenantId: number, id: number): Promise<UserRow | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), inTenant(tenantId)));
  return row ?? null;
}

const USER_LIST = (tenantId: number): ListSpec => ({
  fields: {
    id: { type: "integer", column: users.id },
    name: { type: "text", column: users.name, searchable: true },
    email: { type: "text", column: users.email, searchable: true },
    phone: { type: "text", column: users.phone, searchable: true },
    IsAvanteSalesRep: { type: "boolean", column: users.is_avante_sales_rep },
    IsAvanteCSR: { type: "boolean", column: users.is_avante_csr },
    isCustomerAgent: { type: "boolean", column: users.is_customer_agent },
    active: { type: "boolean", column: users.active },
    last_login_at: { type: "datetime", column: users.last_login_at },
    created_at: { type: "datetime", column: users.created_at },
    updated_at: { type: "datetime", column: users.updated_at },
  },
  relations: {
    // Only this tenant's groups: asking about another tenant's group finds no one.
    group_ids: (ids) =>
      sql`exists (select 1 from ${user_groups} inner join ${groups} on ${groups.id} = ${user_groups.group_id}
                  where ${user_groups.user_id} = ${users.id} and ${groups.tenant_id} = ${tenantId}
                    and ${inArray(user_groups.group_id, ids)})`,
  },
});

const phoneSchema = z
  .string()
  .trim()
  .max(40, "Use at most 40 characters")
  .regex(/^[0-9+().\-\s/x]*$/i, "Use digits, spaces and + ( ) - . / x only")
  .nullable();

/** Makes the user's memberships in the tenant exactly `wanted`; answers the groups that changed. */
async function replaceMemberships(
  tx: Database,
  tenantId: number,
  userId: number,
  current: number[],
  wanted: number[],
): Promise<number[]> {
  const removed = current.filter((id) => !wanted.includes(id));
  const added = wanted.filter((id) => !current.includes(id));
  if (removed.length > 0) {
    await tx
      .delete(user_groups)
      .where(and(eq(user_groups.user_id, userId), inArray(user_groups.group_id, removed)));
  }
  if (added.length > 0) {
    await tx
      .insert(user_groups)
      .values(added.map((group_id) => ({ tenant_id: tenantId, user_id: userId, group_id })));
  }
  return [...removed, ...added];
}

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ["users"];

  app.get(
    "/users",
    {
      onRequest: guard("User", "Read"),
      schema: {
        summary: "List the tenant's users",
        tags,
        security: BEARER,
        querystring: listQuerySchema,
        response: { 200: many(userRecordSchema), ...commonErrors },
      },
    },
    async (request) => {
      const { tenantId } = getAuth(request);
      const q = parseListQuery(request.query, USER_LIST(tenantId));
      const where = and(inTenant(tenantId), q.where);
      const [rows, [{ total }]] = await Promise.all([
        app.db
          .select()
          .from(users)
          .where(where)
          .orderBy(...q.orderBy)
          .limit(q.limit)
          .offset(q.offset),
        app.db.select({ total: countAll }).from(users).where(where),
      ]);
      return {
        data: await userRecords(app.db, tenantId, rows),
        meta: { page: q.page, limit: q.limit, total },
      };
    },
  );

  app.get(
    "/users/:id",
    {
      onRequest: guard("User", "Read"),
      schema: {
        summary: "One user of the tenant",
        tags,
        security: BEARER,
        params: idParamsSchema,
        response: { 200: one(userRecordSchema), ...commonErrors },
      },
    },
    async (request) => {
      const { tenantId } = getAuth(request);
      const row = await findTenantUser(app.db, tenantId, request.params.id);
      if (!row) throw notFound();
      return { data: await userRecord(app.db, tenantId, row) };
    },
  );

  app.patch(
    "/users/:id",
    {
      onRequest: guard("User", "Update"),
      schema: {
        summary: "Change a user",
        description:
          "Send the changed fields and the version you read. active:false ends the user's sessions at once; " +
          "group_ids replaces the user's groups in this tenant. 409: a stale version, the last administrator, " +
          "or deactivating someone who also belongs to another tenant.",
        tags,
        security: BEARER,
        params: idParamsSchema,
        body: z.strictObject({
          name: nameSchema.optional(),
          phone: phoneSchema.optional(),
          IsAvanteSalesRep: z.boolean().optional(),
          IsAvanteCSR: z.boolean().optional(),
          isCustomerAgent: z.boolean().optional(),
          active: z.boolean().optional(),
          group_ids: idListSchema
            .refine(
              (ids) => ids.length > 0,
              "Choose at least one group; to take the user out of this tenant, delete them",
            )
            .optional(),
          email: z.string().optional().describe("Read-only: accepted only unchanged"),
          version: versionSchema,
        }),
        response: { 200: one(userRecordSchema), ...writeErrors },
      },
    },
    async (request) => {
      const auth = getAuth(request);
      const { tenantId } = auth;
      const { id } = request.params;
      const body = request.body;
      const record = await guardedWrite(app.db, tenantId, async (tx) => {
        const current = await findTenantUser(tx, tenantId, id);
        if (!current) throw notFound();
        if (current.version !== body.version) throw staleVersion("user");
        if (body.email !== undefined && body.email.trim().toLowerCase() !== current.email.toLowerCase()) {
          throw fieldError("email", "The email is how the user signs in; it cannot be changed here");
        }
        const deactivating = body.active === false && current.active;
        if (deactivating && id === auth.user.id) throw fieldError("active", "You cannot deactivate yourself");
        if (deactivating && (await belongsElsewhere(tx, tenantId, id))) {
          throw new HttpError(
            409,
            "This user also belongs to another tenant, so their account cannot be deactivated here; remove them from this tenant instead.",
          );
        }
        if (body.group_ids) await checkReferences(tx, tenantId, { group_ids: body.group_ids });

        const before = await userRecord(tx, tenantId, current);
        if (body.group_ids) {
          // Joining or leaving a group is managed like the group itself (no way up).
          const next = new Set(body.group_ids);
          const moved = [
            ...body.group_ids.filter((g) => !before.group_ids.includes(g)),
            ...before.group_ids.filter((g) => !next.has(g)),
          ];
          await assertManageableGroups(tx, await requestGrants(request), tenantId, moved);
        }
        const [row] = await tx
          .update(users)
          .set({
            ...(body.name !== undefined ? { name: body.name } : {}),
            ...(body.phone !== undefined ? { phone: body.phone || null } : {}),
            ...(body.IsAvanteSalesRep !== undefined ? { is_avante_sales_rep: body.IsAvanteSalesRep } : {}),
            ...(body.IsAvanteCSR !== undefined ? { is_avante_csr: body.IsAvanteCSR } : {}),
            ...(body.isCustomerAgent !== undefined ? { is_customer_agent: body.isCustomerAgent } : {}),
            ...(body.active !== undefined ? { active: body.active } : {}),
            updated_at: new Date(),
            version: sql`${users.version} + 1`,
          })
          .where(and(eq(users.id, id), eq(users.version, body.version)))
          .returning();
        if (!row) throw staleVersion("user");
        if (body.group_ids) {
          const changed = await replaceMemberships(tx, tenantId, id, before.group_ids, body.group_ids);
          await touchGroups(tx, tenantId, changed);
        }
        // A deactivated user is out at once, on every device (their tokens stop working).
        if (deactivating) await revokeUserSessions(tx, id);
        const after = await userRecord(tx, tenantId, row);
        await logChange(tx, {
          tenantId,
          kind: "User",
          recordId: id,
          action: "update",
          userId: auth.user.id,
          before,
          after,
        });
        return after;
      });
      return { data: record };
    },
  );

  app.delete(
    "/users/:id",
    {
      onRequest: guard("User", "Delete"),
      schema: {
        summary: "Take a user out of this tenant",
        description:
          "Ends the user's memberships and sessions in this tenant; the account stays for other tenants. " +
          "409 for yourself or the last administrator.",
        tags,
        security: BEARER,
        params: idParamsSchema,
        response: { 200: deletedAnswerSchema, ...writeErrors },
      },
    },
    async (request) => {
      const auth = getAuth(request);
      const { tenantId } = auth;
      const { id } = request.params;
      await guardedWrite(app.db, tenantId, async (tx) => {
        const current = await findTenantUser(tx, tenantId, id);
        if (!current) throw notFound();
        if (id === auth.user.id) throw new HttpError(409, "You cannot remove yourself from this tenant.");
        const before = await userRecord(tx, tenantId, current);
        await replaceMemberships(tx, tenantId, id, before.group_ids, []);
        await touchGroups(tx, tenantId, before.group_ids);
        await tx
          .update(users)
          .set({ updated_at: new Date(), version: sql`${users.version} + 1` })
          .where(eq(users.id, id));
        const now = new Date();
        await tx
          .update(sessions)
          .set({ revoked_at: now, updated_at: now })
          .where(
            and(eq(sessions.user_id, id), eq(sessions.tenant_id, tenantId), isNull(sessions.revoked_at)),
          );
        await logChange(tx, {
          tenantId,
          kind: "User",
          recordId: id,
          action: "delete",
          userId: auth.user.id,
          before,
          after: null,
        });
      });
      return { data: { id } };
    },
  );

  app.get(
    "/users/:id/change-logs",
    {
      onRequest: guard("User", "Read"),
      schema: {
        summary: "Who changed a user, when, and what",
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
      if (!(await findTenantUser(app.db, tenantId, id))) throw notFound();
      const { page = 1, limit = 25 } = request.query;
      return listChanges(app.db, { tenantId, kind: "User", recordId: id }, page, limit);
    },
  );
};
