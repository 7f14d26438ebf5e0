import { and, asc, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { validatePermissions } from "../../src/access/catalogue";
import { json, text } from "../../src/resource-engine/fields";
import { getAuth, requestGrants } from "../auth/authenticate";
import type { Database } from "../db/open";
import { group_roles, groups, type Permissions, roles } from "../db/schema";
import { HttpError, notFound, validationFailed } from "../http/errors";
import { BEARER, recordId } from "../resources/record-routes";
import { type AdminKind, adminList, findInTenant, logChange, withLabels } from "./admin-kind";
import { assertGrantable } from "./escalation";
import { guard } from "./guard";
import { iso, nameSchema, roleRecordSchema, versionSchema, writeErrors } from "./schemas";
import { assertNameFree, copyName, lockedWrite } from "./writes";

// Roles (kind Role, path "roles"): a name and permissions, { "<Kind>": ["<Action>", …] },
// checked against the catalogue (src/access/catalogue.ts) and never beyond what the caller holds
// (escalation.ts). Names are unique in a tenant without regard to case (writes.ts). A role still
// given to a group cannot be deleted. POST roles/{id}/duplicate copies one.

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

const FIELDS = withLabels({
  name: text({ max: 120, required: true, searchable: true, sortable: true, filter: true }),
  permissions: json(),
});

const permissionsSchema = z
  .record(z.string(), z.array(z.string()))
  .describe('Resource kind → actions, e.g. { "Order": ["ReadAny", "UpdateAny"], "Vendor": ["*"] }');

const createSchema = z.strictObject({ name: nameSchema, permissions: permissionsSchema.default({}) });
const updateSchema = z.strictObject({
  name: nameSchema.optional(),
  permissions: permissionsSchema.optional(),
  version: versionSchema,
});

/** A 400 naming each unknown kind or action. */
function checkCatalogue(value: Permissions): void {
  const errors = validatePermissions(value);
  if (errors.length > 0) throw validationFailed(errors);
}

/** The grants as stored: no repeated actions, no kind without actions. */
function tidy(value: Permissions): Permissions {
  const clean: Permissions = {};
  for (const [kind, actions] of Object.entries(value)) {
    if (actions.length > 0) clean[kind] = [...new Set(actions)];
  }
  return clean;
}

/** 409 while groups still have the role, naming them. */
async function assertUnused(tx: Database, id: number): Promise<void> {
  const users = await tx
    .select({ name: groups.name })
    .from(group_roles)
    .innerJoin(groups, eq(groups.id, group_roles.group_id))
    .where(eq(group_roles.role_id, id))
    .orderBy(asc(groups.name));
  if (users.length === 0) return;
  const names = users.map((g) => `"${g.name}"`).join(", ");
  throw new HttpError(
    409,
    `This role is still given to ${users.length === 1 ? "the group" : "the groups"} ${names}; take it away from them first.`,
  );
}

export const ROLES: AdminKind<
  RoleRow,
  RoleRecord,
  z.infer<typeof createSchema>,
  z.infer<typeof updateSchema>
> = {
  kind: "Role",
  path: "roles",
  singular: "role",
  plural: "roles",
  table: roles,
  fields: FIELDS,
  list: () => adminList(FIELDS, roles),
  inTenant: (tenantId) => eq(roles.tenant_id, tenantId),
  records: async (_db, _tenantId, rows) => rows.map(roleRecord),
  schemas: { record: roleRecordSchema, create: createSchema, update: updateSchema },
  notes: { delete: "Refused (409) while a group still has the role." },
  transaction: lockedWrite,
  check(held, body) {
    if (body.permissions === undefined) return;
    checkCatalogue(body.permissions);
    assertGrantable(held, tidy(body.permissions));
  },
  async create({ tx, tenantId }, { name, permissions }) {
    await assertNameFree(tx, roles, tenantId, name, ROLES);
    const [row] = await tx
      .insert(roles)
      .values({ tenant_id: tenantId, name, permissions: tidy(permissions) })
      .returning();
    return row;
  },
  async update({ tx, tenantId }, current, _before, { name, permissions }) {
    if (name !== undefined) await assertNameFree(tx, roles, tenantId, name, ROLES, current.id);
    return {
      ...(name !== undefined ? { name } : {}),
      ...(permissions !== undefined ? { permissions: tidy(permissions) } : {}),
    };
  },
  async remove({ tx, tenantId }, current) {
    await assertUnused(tx, current.id);
    await tx.delete(roles).where(and(eq(roles.id, current.id), eq(roles.tenant_id, tenantId)));
  },
};

/** POST roles/{id}/duplicate: the same permissions under "Copy of <name>" unless a name is given. */
export function duplicateRoute(app: FastifyInstance): void {
  app.post(
    "/:id/duplicate",
    {
      onRequest: guard("Role", "Read", "Create"),
      schema: {
        summary: "Copy a role",
        description:
          'The copy has the same permissions and is named "Copy of <name>" unless a name is given.',
        tags: [ROLES.path],
        security: BEARER,
        params: z.object({ id: z.string().describe("The record id") }),
        body: z.strictObject({ name: nameSchema.optional() }).nullish(),
        response: { 201: z.object({ data: roleRecordSchema }), ...writeErrors },
      },
    },
    async (request, reply) => {
      const id = recordId((request.params as { id: unknown }).id);
      const { tenantId, user } = getAuth(request);
      const held = await requestGrants(request);
      const wanted = (request.body as { name?: string } | null | undefined)?.name;
      const record = await lockedWrite(app.db, tenantId, async (tx) => {
        const source = await findInTenant<RoleRow>(ROLES, tx, tenantId, id);
        if (!source) throw notFound();
        assertGrantable(held, source.permissions);
        if (wanted !== undefined) await assertNameFree(tx, roles, tenantId, wanted, ROLES);
        const name = wanted ?? (await copyName(tx, roles, tenantId, source.name));
        const [row] = await tx
          .insert(roles)
          .values({ tenant_id: tenantId, name, permissions: source.permissions })
          .returning();
        const created = roleRecord(row);
        await logChange(ROLES, { tx, tenantId, userId: user.id, held }, row.id, "create", null, created);
        return created;
      });
      return reply.code(201).send({ data: record });
    },
  );
}
