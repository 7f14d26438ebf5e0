import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import { boolean, datetime, email, phone, referenceList, text } from "../../src/resource-engine/fields";
import { revokeUserSessions } from "../auth/sessions";
import type { Database } from "../db/open";
import { groups, sessions, user_groups, users } from "../db/schema";
import { fieldError, HttpError } from "../http/errors";
import { type AdminKind, adminList, withLabels } from "./admin-kind";
import { guardedWrite } from "./administrators";
import { assertManageableGroups } from "./escalation";
import { belongsElsewhere, checkReferences, inTenant, tenantGroupsOf, touchGroups } from "./memberships";
import { idListSchema, iso, nameSchema, userRecordSchema, versionSchema } from "./schemas";

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

const listed = { searchable: true, sortable: true, filter: true } as const;
const flag = { sortable: true, filter: true } as const;

const FIELDS = withLabels({
  name: text({ max: 120, required: true, ...listed }),
  email: email({ required: true, ...listed }),
  phone: phone({ max: 40, ...listed }),
  IsAvanteSalesRep: boolean(flag),
  IsAvanteCSR: boolean(flag),
  isCustomerAgent: boolean(flag),
  active: boolean(flag),
  last_login_at: datetime({ sortable: true, filter: true, readOnly: true }),
  group_ids: referenceList("Group", { filter: true }),
});

/** The record's names of the flags' columns. */
const COLUMNS = {
  IsAvanteSalesRep: users.is_avante_sales_rep,
  IsAvanteCSR: users.is_avante_csr,
  isCustomerAgent: users.is_customer_agent,
};

/** The user's groups in this tenant only: asking about another tenant's group finds no one. */
const groupIdsIn = (tenantId: number) =>
  sql`array(select ${user_groups.group_id} from ${user_groups} inner join ${groups} on ${groups.id} = ${user_groups.group_id}
            where ${user_groups.user_id} = ${users.id} and ${groups.tenant_id} = ${tenantId})`;

const phoneSchema = z
  .string()
  .trim()
  .max(40, "Use at most 40 characters")
  .regex(/^[0-9+().\-\s/x]*$/i, "Use digits, spaces and + ( ) - . / x only")
  .nullable();

const updateSchema = z.strictObject({
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
});

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

export const USERS: AdminKind<UserRow, UserRecord, never, z.infer<typeof updateSchema>> = {
  kind: "User",
  path: "users",
  singular: "user",
  plural: "users",
  table: users,
  fields: FIELDS,
  unlogged: ["last_login_at"],
  list: (tenantId) =>
    adminList(FIELDS, users, { columns: COLUMNS, linkedIds: { group_ids: groupIdsIn(tenantId) } }),
  inTenant,
  records: userRecords,
  schemas: { record: userRecordSchema, update: updateSchema },
  notes: {
    update:
      "active:false ends the user's sessions at once; group_ids replaces the user's groups in this tenant. " +
      "409: the last administrator, or deactivating someone who also belongs to another tenant.",
    delete:
      "Takes the user out of this tenant: ends their memberships and sessions here; the account stays for " +
      "other tenants. 409 for yourself or the last administrator.",
  },
  transaction: guardedWrite,
  async update({ tx, tenantId, userId, held }, current, before, body) {
    if (body.email !== undefined && body.email.trim().toLowerCase() !== current.email.toLowerCase()) {
      throw fieldError("email", "The email is how the user signs in; it cannot be changed here");
    }
    const deactivating = body.active === false && current.active;
    if (deactivating && current.id === userId) throw fieldError("active", "You cannot deactivate yourself");
    if (deactivating && (await belongsElsewhere(tx, tenantId, current.id))) {
      throw new HttpError(
        409,
        "This user also belongs to another tenant, so their account cannot be deactivated here; remove them from this tenant instead.",
      );
    }
    if (body.group_ids) {
      await checkReferences(tx, tenantId, { group_ids: body.group_ids });
      // Joining or leaving a group is managed like the group itself (no way up).
      const next = new Set(body.group_ids);
      const moved = [
        ...body.group_ids.filter((g) => !before.group_ids.includes(g)),
        ...before.group_ids.filter((g) => !next.has(g)),
      ];
      await assertManageableGroups(tx, held, tenantId, moved);
    }
    return {
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.phone !== undefined ? { phone: body.phone || null } : {}),
      ...(body.IsAvanteSalesRep !== undefined ? { is_avante_sales_rep: body.IsAvanteSalesRep } : {}),
      ...(body.IsAvanteCSR !== undefined ? { is_avante_csr: body.IsAvanteCSR } : {}),
      ...(body.isCustomerAgent !== undefined ? { is_customer_agent: body.isCustomerAgent } : {}),
      ...(body.active !== undefined ? { active: body.active } : {}),
    };
  },
  async afterUpdate({ tx, tenantId }, row, before, body) {
    if (body.group_ids) {
      const changed = await replaceMemberships(tx, tenantId, row.id, before.group_ids, body.group_ids);
      await touchGroups(tx, tenantId, changed);
    }
    // A deactivated user is out at once, on every device (their tokens stop working).
    if (body.active === false && before.active) await revokeUserSessions(tx, row.id);
  },
  async remove({ tx, tenantId, userId }, current, before) {
    if (current.id === userId) throw new HttpError(409, "You cannot remove yourself from this tenant.");
    await replaceMemberships(tx, tenantId, current.id, before.group_ids, []);
    await touchGroups(tx, tenantId, before.group_ids);
    await tx
      .update(users)
      .set({ updated_at: new Date(), version: sql`${users.version} + 1` })
      .where(eq(users.id, current.id));
    const now = new Date();
    await tx
      .update(sessions)
      .set({ revoked_at: now, updated_at: now })
      .where(
        and(eq(sessions.user_id, current.id), eq(sessions.tenant_id, tenantId), isNull(sessions.revoked_at)),
      );
  },
};
