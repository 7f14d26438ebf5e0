import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { count, eq } from "drizzle-orm";
import { KINDS, type Kind } from "../../src/access/kinds";
import { hashPassword } from "../auth/passwords";
import { loadRegistry, type ResourceModel, type ResourceRegistry } from "../resources/model";
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
import {
  type AfterContext,
  isRef,
  type KindSeed,
  type SeedContext,
  type SeedRow,
  seededRandom,
} from "./seed-data/define";

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

/** Seeds an empty database (identity, then the demo records of every declared kind); answers whether it did. */
export async function seedIfEmpty(db: Database, registry?: ResourceRegistry): Promise<boolean> {
  const [{ n }] = await db.select({ n: count() }).from(tenants);
  if (n > 0) return false;
  const resources = registry ?? (await loadRegistry());
  const seeds = await loadSeeds(resources);
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

    // The identity's sites are the Site kind's records too: other kinds refer to them by name.
    for (const tenant of SEED_TENANTS) {
      const preset = new Map<Kind, Map<string, number>>([
        ["Site", new Map(siteRows.filter((s) => s.tenant_id === tenant.id).map((s) => [s.name, s.id]))],
      ]);
      await seedResources(tx, resources, seeds, tenant.id, preset);
    }
  });
  return true;
}

// --- resource records -------------------------------------------------------------

export const SEED_DATA_DIR = fileURLToPath(new URL("./seed-data/", import.meta.url));

/** The seed file (seed-data/{path}.ts) of every declared kind that has one. */
async function loadSeeds(registry: ResourceRegistry): Promise<Map<ResourceModel, KindSeed>> {
  const seeds = new Map<ResourceModel, KindSeed>();
  for (const model of registry.models) {
    const file = path.join(SEED_DATA_DIR, `${model.resource.path}.ts`);
    if (!existsSync(file)) continue;
    const module = (await import(pathToFileURL(file).href)) as { default?: KindSeed };
    if (module.default) seeds.set(model, module.default);
  }
  return seeds;
}

const INSERT_CHUNK = 500;

/**
 * Inserts records of one kind the way POST would store them, but many rows a statement and without
 * change logs: declared fields only (others are dropped), declared defaults for the missing ones,
 * computed fields from the kind's hooks. Answers the new ids in the order of `rows`.
 */
export async function insertRecords(
  tx: Database,
  model: ResourceModel,
  tenantId: number,
  rows: Record<string, unknown>[],
): Promise<number[]> {
  const now = new Date();
  const values = rows.map((row) => {
    const record: Record<string, unknown> = {};
    for (const [name, field] of Object.entries(model.fields)) {
      const value = row[name] ?? (field.default !== undefined ? structuredClone(field.default) : null);
      record[name] = field.type === "datetime" && typeof value === "string" ? new Date(value) : value;
      if (field.type === "referenceList" && record[name] === null) record[name] = [];
    }
    model.hooks.compute?.(record, null);
    return { ...record, tenant_id: tenantId, created_at: now, updated_at: now, version: 1 };
  });
  const ids: number[] = [];
  const t = model.table.table;
  for (let i = 0; i < values.length; i += INSERT_CHUNK) {
    const inserted = await tx
      .insert(t)
      .values(values.slice(i, i + INSERT_CHUNK))
      .returning({ id: t.id });
    ids.push(...inserted.map((r) => r.id as number));
  }
  return ids;
}

/** Kinds in an order where every kind comes after the kinds it references (self-references aside). */
function insertOrder(kinds: ResourceModel[], registry: ResourceRegistry, preset: Set<Kind>): ResourceModel[] {
  const pending = new Set(kinds);
  const order: ResourceModel[] = [];
  const dependsOn = (model: ResourceModel) =>
    Object.values(model.fields).flatMap((f) =>
      (f.type === "reference" || f.type === "referenceList") &&
      f.target !== model.kind &&
      !preset.has(f.target)
        ? [registry.target(f)]
        : [],
    );
  while (pending.size > 0) {
    const ready = [...pending].filter((m) => dependsOn(m).every((d) => !pending.has(d)));
    if (ready.length === 0) {
      throw new Error(
        `Seed data of ${[...pending].map((m) => m.kind).join(", ")} reference each other in a cycle`,
      );
    }
    for (const m of ready) {
      order.push(m);
      pending.delete(m);
    }
  }
  return order;
}

/** Seeds the records of every declared kind with seed data into one tenant. */
async function seedResources(
  tx: Database,
  registry: ResourceRegistry,
  seeds: Map<ResourceModel, KindSeed>,
  tenantId: number,
  preset: Map<Kind, Map<string, number>>,
): Promise<void> {
  const keys = new Map<Kind, Map<string, number>>(preset);
  const context: SeedContext = {
    tenantId,
    full: tenantId === SEED_TENANTS[0].id,
    random: seededRandom(20_240_501 + tenantId),
    keys: (kind) => [...(keys.get(kind)?.keys() ?? [])],
  };
  const resolve = (value: unknown, where: string): unknown => {
    if (Array.isArray(value) && value.some(isRef))
      return value.map((v) => resolve(v, where)).filter((v) => v !== null);
    if (!isRef(value)) return value;
    if (!registry.byKind.has(value.$ref)) return null;
    const id = keys.get(value.$ref)?.get(value.key);
    if (id === undefined) throw new Error(`Seed data of ${where}: no ${value.$ref} "${value.key}"`);
    return id;
  };

  const withRows = [...seeds].filter(([, seed]) => seed.rows).map(([model]) => model);
  for (const model of insertOrder(withRows, registry, new Set(preset.keys()))) {
    const rows = (seeds.get(model)?.rows?.(context) ?? []) as SeedRow[];
    if (rows.length === 0) continue;
    const selfFields = Object.entries(model.fields)
      .filter(([, f]) => (f.type === "reference" || f.type === "referenceList") && f.target === model.kind)
      .map(([name]) => name);
    // Self-references (a parent, a next status) are set once the whole kind is in.
    const prepared = rows.map((row) => {
      const out: Record<string, unknown> = {};
      for (const [name, value] of Object.entries(row)) {
        if (!Object.hasOwn(model.fields, name)) continue;
        out[name] = selfFields.includes(name) ? null : resolve(value, model.kind);
      }
      return out;
    });
    const ids = await insertRecords(tx, model, tenantId, prepared);
    const titleField = model.resource.titleField;
    const kindKeys = new Map<string, number>();
    rows.forEach((row, i) => {
      kindKeys.set(String(row.$key ?? row[titleField]), ids[i]);
    });
    keys.set(model.kind, kindKeys);
    const t = model.table.table;
    for (const [i, row] of rows.entries()) {
      const set = Object.fromEntries(
        selfFields
          .filter((f) => row[f] !== undefined && row[f] !== null)
          .map((f) => [f, resolve(row[f], model.kind)]),
      );
      if (Object.keys(set).length > 0) await tx.update(t).set(set).where(eq(t.id, ids[i]));
    }
  }

  const after: AfterContext = {
    ...context,
    tx,
    id: (kind, key) => keys.get(kind)?.get(key) ?? null,
    async update(kind, key, values) {
      const model = registry.byKind.get(kind);
      const id = keys.get(kind)?.get(key);
      if (!model || id === undefined) return;
      const set = Object.fromEntries(
        Object.entries(values)
          .filter(([name]) => Object.hasOwn(model.fields, name))
          .map(([name, value]) => [name, resolve(value, kind)]),
      );
      if (Object.keys(set).length === 0) return;
      const t = model.table.table;
      await tx.update(t).set(set).where(eq(t.id, id));
    },
  };
  for (const seed of seeds.values()) await seed.after?.(after);
}
