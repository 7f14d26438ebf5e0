import { and, asc, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../db/open";
import { group_roles, group_sites, groups, roles, sites, user_groups, users } from "../db/schema";

// The profile the app loads after sign-in (api-contract.md, "The user of the
// profile"). Only the memberships of the session's tenant are included: a
// group counts for a tenant when one of its sites has that tenant_id, and
// another tenant's groups and sites are none of this tenant's business.

export const profileUserSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  IsAvanteSalesRep: z.boolean(),
  IsAvanteCSR: z.boolean(),
  isCustomerAgent: z.boolean(),
  UserGroups: z.array(
    z.object({
      Groups: z.object({
        id: z.number().int(),
        name: z.string(),
        is_admin: z.boolean(),
        Sites: z.array(z.object({ id: z.number().int(), name: z.string(), tenant_id: z.number().int() })),
        GroupRoles: z.array(
          z.object({
            Roles: z.object({
              id: z.number().int(),
              name: z.string(),
              permissions: z.record(z.string(), z.array(z.string())),
            }),
          }),
        ),
      }),
    }),
  ),
});

export type ProfileUser = z.infer<typeof profileUserSchema>;

/** The ids of the user's groups that count for the tenant. */
export async function tenantGroupIds(db: Database, userId: number, tenantId: number): Promise<number[]> {
  const rows = await db
    .selectDistinct({ id: user_groups.group_id })
    .from(user_groups)
    .innerJoin(group_sites, eq(group_sites.group_id, user_groups.group_id))
    .innerJoin(sites, eq(sites.id, group_sites.site_id))
    .where(and(eq(user_groups.user_id, userId), eq(sites.tenant_id, tenantId)));
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

export async function isTenantMember(db: Database, userId: number, tenantId: number): Promise<boolean> {
  return (await tenantGroupIds(db, userId, tenantId)).length > 0;
}

export async function loadProfile(
  db: Database,
  userId: number,
  tenantId: number,
): Promise<ProfileUser | null> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) return null;
  const groupIds = await tenantGroupIds(db, userId, tenantId);

  const [groupRows, siteRows, roleRows] = groupIds.length
    ? await Promise.all([
        db.select().from(groups).where(inArray(groups.id, groupIds)).orderBy(asc(groups.id)),
        db
          .select({
            group_id: group_sites.group_id,
            id: sites.id,
            name: sites.name,
            tenant_id: sites.tenant_id,
          })
          .from(group_sites)
          .innerJoin(sites, eq(sites.id, group_sites.site_id))
          .where(and(inArray(group_sites.group_id, groupIds), eq(sites.tenant_id, tenantId)))
          .orderBy(asc(sites.id)),
        db
          .select({
            group_id: group_roles.group_id,
            id: roles.id,
            name: roles.name,
            permissions: roles.permissions,
          })
          .from(group_roles)
          .innerJoin(roles, eq(roles.id, group_roles.role_id))
          .where(inArray(group_roles.group_id, groupIds))
          .orderBy(asc(roles.id)),
      ])
    : [[], [], []];

  return {
    id: user.id,
    name: user.name,
    email: user.email,
    phone: user.phone,
    IsAvanteSalesRep: user.is_avante_sales_rep,
    IsAvanteCSR: user.is_avante_csr,
    isCustomerAgent: user.is_customer_agent,
    UserGroups: groupRows.map((g) => ({
      Groups: {
        id: g.id,
        name: g.name,
        is_admin: g.is_admin,
        Sites: siteRows
          .filter((s) => s.group_id === g.id)
          .map(({ id, name, tenant_id }) => ({ id, name, tenant_id })),
        GroupRoles: roleRows
          .filter((r) => r.group_id === g.id)
          .map(({ id, name, permissions }) => ({ Roles: { id, name, permissions } })),
      },
    })),
  };
}
