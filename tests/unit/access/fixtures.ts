// Builders for the profile's UserGroups shape (api-contract.md), to keep the tables short.
import type { UserGroup } from "../../../src/access/permissions";

let nextId = 1;

export function membership(opts: {
  tenants: Array<number | string>;
  roles?: Array<Record<string, string[]>>;
  isAdmin?: boolean;
}): UserGroup {
  const id = nextId++;
  return {
    Groups: {
      id,
      name: `group ${id}`,
      is_admin: opts.isAdmin ?? false,
      Sites: opts.tenants.map((tenant, i) => ({ id: id * 100 + i, name: `site ${i}`, tenant_id: tenant })),
      GroupRoles: (opts.roles ?? []).map((permissions, i) => ({
        Roles: { id: id * 100 + i, name: `role ${i}`, permissions },
      })),
    },
  };
}
