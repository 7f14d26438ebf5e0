import { count } from "drizzle-orm";
import { hashPassword } from "../auth/passwords";
import { RESOURCE_KINDS } from "../auth/resource-kinds";
import type { Database } from "./open";
import {
  group_roles,
  group_sites,
  groups,
  type Permissions,
  roles,
  sites,
  tenants,
  user_groups,
  users,
} from "./schema";

// The fixed demo data a new installation starts with. It runs only on an empty
// database (no tenants), so a restart never duplicates or resets anything.

export const SEED_PASSWORD = "pressroom-demo";

export const SEED_TENANTS = [
  { id: 1, name: "Pressroom Demo Print" },
  { id: 2, name: "Other Print Co" },
] as const;

const SEED_SITES = [
  { tenant_id: 1, name: "Pressroom Demo Storefront", domain: "shop.pressroom.test", kind: "retail" },
  { tenant_id: 1, name: "Acme Corporate Portal", domain: "acme.pressroom.test", kind: "corporate" },
  { tenant_id: 2, name: "Other Print Storefront", domain: "shop.other.test", kind: "retail" },
];

// '*' on each kind rather than {"*": ["*"]}: the client merges permissions per kind.
const EVERYTHING: Permissions = Object.fromEntries(RESOURCE_KINDS.map((kind) => [kind, ["*"]]));

interface SeedRole {
  name: string;
  permissions: Permissions;
}
interface SeedGroup {
  tenant_id: number;
  name: string;
  is_admin: boolean;
  role: SeedRole;
}
interface SeedUser {
  email: string;
  name: string;
  group: SeedGroup;
  is_avante_csr?: boolean;
}

const ADMINISTRATOR: SeedRole = { name: "Administrator", permissions: EVERYTHING };

const SEED_GROUPS = {
  admins: { tenant_id: 1, name: "Administrators", is_admin: true, role: ADMINISTRATOR },
  csr: {
    tenant_id: 1,
    name: "Customer service",
    is_admin: false,
    role: {
      name: "Customer service",
      permissions: {
        Order: ["ReadAny", "CreateAny", "UpdateAny"],
        Customer: ["*"],
        MailOrder: ["Read", "Update"],
        PackingSlip: ["Read", "Update"],
        UserPayment: ["Read"],
        RefundApproval: ["Read", "Create"],
      },
    },
  },
  press: {
    tenant_id: 1,
    name: "Press room",
    is_admin: false,
    role: {
      name: "Press room",
      permissions: {
        ProductionStation: ["ReadPress", "ReadSpecialtyPress"],
        Run: ["Read", "Update", "Tasks"],
        Order: ["ReadOwn"],
      },
    },
  },
  otherAdmins: { tenant_id: 2, name: "Administrators", is_admin: true, role: ADMINISTRATOR },
} satisfies Record<string, SeedGroup>;

export const SEED_USERS: SeedUser[] = [
  { email: "admin@pressroom.test", name: "Avery Admin", group: SEED_GROUPS.admins },
  { email: "csr@pressroom.test", name: "Casey CSR", group: SEED_GROUPS.csr, is_avante_csr: true },
  { email: "press@pressroom.test", name: "Pat Pressman", group: SEED_GROUPS.press },
  { email: "admin@other.test", name: "Olive Other", group: SEED_GROUPS.otherAdmins },
];

/** Seeds an empty database; answers whether it did. */
export async function seedIfEmpty(db: Database): Promise<boolean> {
  const [{ n }] = await db.select({ n: count() }).from(tenants);
  if (n > 0) return false;
  // Hashing before the transaction keeps it short.
  const hashes = await Promise.all(SEED_USERS.map(() => hashPassword(SEED_PASSWORD)));
  await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(tenants)
      .values(SEED_TENANTS.map((t) => ({ name: t.name })))
      .returning({ id: tenants.id });
    // The app is built for tenant 1 (VITE_TENANT_ID): the fresh identity must have given 1 and 2.
    if (inserted.map((t) => t.id).join() !== SEED_TENANTS.map((t) => t.id).join()) {
      throw new Error("Seeding expected tenant ids 1 and 2 on an empty database");
    }
    const siteRows = await tx.insert(sites).values(SEED_SITES).returning();

    const groupIds = new Map<SeedGroup, number>();
    for (const group of Object.values(SEED_GROUPS)) {
      const [g] = await tx
        .insert(groups)
        .values({ tenant_id: group.tenant_id, name: group.name, is_admin: group.is_admin })
        .returning({ id: groups.id });
      const [r] = await tx
        .insert(roles)
        .values({ tenant_id: group.tenant_id, name: group.role.name, permissions: group.role.permissions })
        .returning({ id: roles.id });
      await tx.insert(group_roles).values({ tenant_id: group.tenant_id, group_id: g.id, role_id: r.id });
      // Each demo group is a membership of every site of its tenant.
      await tx
        .insert(group_sites)
        .values(
          siteRows
            .filter((s) => s.tenant_id === group.tenant_id)
            .map((s) => ({ tenant_id: group.tenant_id, group_id: g.id, site_id: s.id })),
        );
      groupIds.set(group, g.id);
    }

    for (const [i, user] of SEED_USERS.entries()) {
      const [u] = await tx
        .insert(users)
        .values({
          email: user.email,
          name: user.name,
          password_hash: hashes[i],
          is_avante_csr: user.is_avante_csr ?? false,
        })
        .returning({ id: users.id });
      await tx.insert(user_groups).values({
        tenant_id: user.group.tenant_id,
        user_id: u.id,
        group_id: groupIds.get(user.group) as number,
      });
    }
  });
  return true;
}
