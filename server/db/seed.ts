import { count } from "drizzle-orm";
import { KINDS, type Kind } from "../../src/access/kinds";
import { hashPassword } from "../auth/passwords";
import { loadRegistry, type ResourceRegistry } from "../resources/model";
import { skipForeignKeyChecks } from "./bulk-write";
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
import { seedCampaigns } from "./seed-campaigns";
import { seedTenantSettings } from "./seed-data/tenant-settings";
import { seedFileMakerTables } from "./seed-filemaker";
import { seedMailTools } from "./seed-mail-tools";
import { loadSeeds, seedTenantResources } from "./seed-resources";

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
  { tenant_id: 1, name: "Realty Print Hub", domain: "realty.pressroom.test", kind: "reseller" },
  { tenant_id: 2, name: "Other Print Storefront", domain: "shop.other.test", kind: "retail" },
];

/** Orders of the demo tenant when neither the caller nor SEED_ORDERS says otherwise: 60 busy days. */
export const DEFAULT_SEED_ORDERS = 12_000;
/** The second tenant is a small shop whatever the demo tenant gets. */
const OTHER_TENANT_ORDERS = 8;

export interface SeedOptions {
  /** Orders of the demo tenant; default SEED_ORDERS from the environment, else DEFAULT_SEED_ORDERS. */
  orders?: number;
  /** Where the demo shop's 60 days end; default the moment of seeding. */
  now?: Date;
}

/** The demo tenant's order count: the option, else SEED_ORDERS (a whole number ≥ 0), else the default. */
export function seedOrderCount(options: SeedOptions = {}, env: NodeJS.ProcessEnv = process.env): number {
  if (options.orders !== undefined) return options.orders;
  const text = env.SEED_ORDERS?.trim();
  if (!text) return DEFAULT_SEED_ORDERS;
  const n = Number(text);
  if (!Number.isSafeInteger(n) || n < 0) {
    throw new Error(`SEED_ORDERS must be a whole number of orders, not "${env.SEED_ORDERS}"`);
  }
  return n;
}

// '*' on each kind rather than {"*": ["*"]}: the client merges permissions per kind.
const EVERYTHING: Permissions = Object.fromEntries(KINDS.map((kind) => [kind, ["*"]]));

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
        // Read too: the order routes the spec gives "Order Read" (job ticket, planning sections).
        Order: ["Read", "ReadAny", "CreateAny", "UpdateAny"],
        Customer: ["*"],
        // A customer's addresses are kept by whoever keeps the customer (its page lists them).
        CustomerAddress: ["*"],
        // What the README's table says customer service does: enters mail orders, packing slips
        // and payments and requests refunds (a manager, with RefundApproval Update, decides them).
        MailOrder: ["Read", "Create", "Update"],
        PackingSlip: ["Read", "Create", "Update"],
        UserPayment: ["Read", "Create"],
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
        // Tasks: the dashboards' operator actions; UpdateEndStatus: completing a run there.
        Run: ["Read", "Update", "Tasks", "UpdateEndStatus"],
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

/** Seeds an empty database (identity, then the demo records of every declared kind); answers whether it did. */
export async function seedIfEmpty(
  db: Database,
  registry?: ResourceRegistry,
  options: SeedOptions = {},
): Promise<boolean> {
  const [{ n }] = await db.select({ n: count() }).from(tenants);
  if (n > 0) return false;
  const orders = seedOrderCount(options);
  const now = options.now ?? new Date();
  const resources = registry ?? (await loadRegistry());
  const seeds = await loadSeeds(resources);
  // Hashing before the transaction keeps it short.
  const hashes = await Promise.all(SEED_USERS.map(() => hashPassword(SEED_PASSWORD)));
  await db.transaction(async (tx) => {
    await skipForeignKeyChecks(tx);
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

    const members = new Map<number, Map<string, number>>(SEED_TENANTS.map((t) => [t.id, new Map()]));
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
      members.get(user.group.tenant_id)?.set(user.email, u.id);
    }

    // The identity's sites are the Site kind's records too: other kinds refer to them by name,
    // and to the tenant's users (User references) by e-mail.
    for (const tenant of SEED_TENANTS) {
      const preset = new Map<Kind, Map<string, number>>([
        ["Site", new Map(siteRows.filter((s) => s.tenant_id === tenant.id).map((s) => [s.name, s.id]))],
        ["User", members.get(tenant.id) ?? new Map()],
      ]);
      const demo = tenant.id === SEED_TENANTS[0].id;
      await seedTenantResources(
        tx,
        resources,
        seeds,
        tenant.id,
        preset,
        { now, orders: demo ? orders : OTHER_TENANT_ORDERS },
        demo,
      );
      await seedFileMakerTables(tx, tenant.id);
      // Automated campaigns with past runs (the history's mail orders) and their next runs waiting.
      if (demo)
        await seedCampaigns(
          tx,
          resources,
          tenant.id,
          members.get(tenant.id)?.get("admin@pressroom.test") ?? null,
          now,
        );
      if (demo) await seedTenantSettings(tx, tenant.id, tenant.name);
      // The postcard and letter tools' rate table and a saved job of each.
      if (demo)
        await seedMailTools(tx, tenant.id, members.get(tenant.id)?.get("admin@pressroom.test") ?? null);
    }
  });
  return true;
}
