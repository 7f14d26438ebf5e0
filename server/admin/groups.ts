import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import { boolean, referenceList, text } from "../../src/resource-engine/fields";
import type { Database } from "../db/open";
import { group_roles, group_sites, groups, user_groups } from "../db/schema";
import { type AdminKind, adminList, withLabels } from "./admin-kind";
import { guardedWrite } from "./administrators";
import { assertAdminFlag, assertManageableGroups } from "./escalation";
import { checkReferences, touchUsers } from "./memberships";
import { groupRecordSchema, idListSchema, iso, nameSchema, versionSchema } from "./schemas";
import { assertNameFree } from "./writes";

// Groups (kind Group, path "user-groups"): the memberships of spec §6. A group has a name, the
// is_admin flag, sites (it counts for the tenant when one of them is the tenant's), roles and
// members. Its associations are part of the record (site_ids, role_ids, member_ids, each a link
// table) and a PATCH replaces each list it sends. Names are unique in a tenant (writes.ts). Who is
// in a group, what it grants and where stay within the caller's own reach (escalation.ts), and
// every write keeps the tenant with at least one administrator (administrators.ts).

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

const FIELDS = withLabels({
  name: text({ max: 120, required: true, searchable: true, sortable: true, filter: true }),
  is_admin: boolean({ sortable: true, filter: true }),
  site_ids: referenceList("Site", { filter: true }),
  role_ids: referenceList("Role", { filter: true }),
  member_ids: referenceList("User", { filter: true }),
});

/** An association as the group's id list: ?role_ids=3 lists the groups given role 3. */
const linkedIds = Object.fromEntries(
  ASSOCIATIONS.map((name) => {
    const { table, column } = associationTables[name];
    return [name, sql`array(select ${column} from ${table} where ${table.group_id} = ${groups.id})`];
  }),
);

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

const createSchema = z.strictObject({
  name: nameSchema,
  is_admin: z.boolean().default(false),
  ...associationsSchema,
});
const updateSchema = z.strictObject({
  name: nameSchema.optional(),
  is_admin: z.boolean().optional(),
  ...associationsSchema,
  version: versionSchema,
});

export const GROUPS: AdminKind<
  GroupRow,
  GroupRecord,
  z.infer<typeof createSchema>,
  z.infer<typeof updateSchema>
> = {
  kind: "Group",
  path: "user-groups",
  singular: "group",
  plural: "groups",
  table: groups,
  fields: FIELDS,
  list: () => adminList(FIELDS, groups, { linkedIds }),
  inTenant: (tenantId) => eq(groups.tenant_id, tenantId),
  records: (db, _tenantId, rows) => groupRecords(db, rows),
  schemas: { record: groupRecordSchema, create: createSchema, update: updateSchema },
  notes: {
    update:
      "Each list sent replaces the group's. A change leaving the tenant without an administrator is a 409.",
    delete: "Its members leave it; refused (409) when that leaves the tenant without an administrator.",
  },
  transaction: guardedWrite,
  check: (held, body) => assertAdminFlag(held, body.is_admin),
  async create({ tx, tenantId, held }, { name, is_admin, site_ids = [], role_ids = [], member_ids = [] }) {
    await assertManageableGroups(tx, held, tenantId, [], role_ids);
    await assertNameFree(tx, groups, tenantId, name, GROUPS);
    await checkReferences(tx, tenantId, { site_ids, role_ids, member_ids });
    const [row] = await tx.insert(groups).values({ tenant_id: tenantId, name, is_admin }).returning();
    await touchUsers(tx, await replaceAssociations(tx, tenantId, row.id, { site_ids, role_ids, member_ids }));
    return row;
  },
  async update({ tx, tenantId, held }, current, _before, body) {
    const { name, is_admin, site_ids, role_ids, member_ids } = body;
    // Who is in it, what it grants and where: only within the caller's own reach.
    if (is_admin !== undefined || site_ids || role_ids || member_ids) {
      await assertManageableGroups(tx, held, tenantId, [current.id], role_ids ?? []);
    }
    if (name !== undefined) await assertNameFree(tx, groups, tenantId, name, GROUPS, current.id);
    await checkReferences(tx, tenantId, { site_ids, role_ids, member_ids });
    return { ...(name !== undefined ? { name } : {}), ...(is_admin !== undefined ? { is_admin } : {}) };
  },
  async afterUpdate({ tx, tenantId }, row, _before, { site_ids, role_ids, member_ids }) {
    await touchUsers(tx, await replaceAssociations(tx, tenantId, row.id, { site_ids, role_ids, member_ids }));
  },
  async remove({ tx, tenantId, held }, current, before) {
    await assertManageableGroups(tx, held, tenantId, [current.id]);
    await tx.delete(groups).where(and(eq(groups.id, current.id), eq(groups.tenant_id, tenantId)));
    await touchUsers(tx, before.member_ids);
  },
};
