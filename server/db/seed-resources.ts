import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { eq } from "drizzle-orm";
import type { ResourceKind } from "../../src/access/kinds";
import { IDENTITY_KINDS } from "../../src/resource-engine/define";
import { type Field, NOW } from "../../src/resource-engine/fields";
import type { ChildModel, ResourceModel, ResourceRegistry } from "../resources/model";
import { seedNumbering } from "../resources/numbering";
import { allocateIds, type BulkColumn, bulkInsert, bulkUpdate, bumpIdSequence } from "./bulk-write";
import type { Database } from "./open";
import {
  type AfterContext,
  isRef,
  type KindSeed,
  type SeedContext,
  type SeedRef,
  type SeedRow,
  seededRandom,
} from "./seed-data/define";

// The demo records of the declared kinds, one tenant at a time, written the way POST would store
// them (declared fields only, declared defaults, computed fields from the kind's hooks) but many
// rows a statement and without change logs:
//   1. each kind's records, after the kinds they reference: ids are taken up front, so child rows
//      and later kinds can point at them; a field closing a cycle between kinds (a status's
//      station, whose input status is a status) and references within a kind are set at the end;
//   2. every child collection, once every record exists (a run's items name orders, an order's
//      items name runs);
//   3. the fields left for the end; then each seed file's `after`.

export const SEED_DATA_DIR = fileURLToPath(new URL("./seed-data/", import.meta.url));

/** The seed file (seed-data/{path}.ts) of every declared kind that has one. */
export async function loadSeeds(registry: ResourceRegistry): Promise<Map<ResourceModel, KindSeed>> {
  const seeds = new Map<ResourceModel, KindSeed>();
  for (const model of registry.models) {
    const file = path.join(SEED_DATA_DIR, `${model.resource.path}.ts`);
    if (!existsSync(file)) continue;
    // A template import of this folder, so that the server's bundle (scripts/build-server.mjs) carries it.
    const module = (await import(`./seed-data/${model.resource.path}.ts`)) as { default?: KindSeed };
    if (module.default) seeds.set(model, module.default);
  }
  return seeds;
}

export interface TenantSeedOptions {
  now: Date;
  orders: number;
}

const isReference = (field: Field) => field.type === "reference" || field.type === "referenceList";

/** A reference field of a kind or of one of its child collections. */
interface ReferenceEdge {
  field: string;
  target: ResourceKind;
  required: boolean;
  child?: string;
}

function referenceEdges(model: ResourceModel): ReferenceEdge[] {
  const edges = (fields: Record<string, Field>, child?: string): ReferenceEdge[] =>
    Object.entries(fields).flatMap(([field, f]) =>
      isReference(f) && "target" in f && !IDENTITY_KINDS.has(f.target)
        ? [{ field, target: f.target, required: f.required === true, child }]
        : [],
    );
  return [...edges(model.fields), ...model.children.flatMap((c) => edges(c.fields, c.name))];
}

/** The strongly connected groups of `nodes` (Tarjan), each with more than one member or none. */
function cycles<T>(nodes: T[], next: (node: T) => T[]): T[][] {
  const index = new Map<T, number>();
  const low = new Map<T, number>();
  const stack: T[] = [];
  const onStack = new Set<T>();
  const groups: T[][] = [];
  const visit = (node: T) => {
    index.set(node, index.size);
    low.set(node, index.get(node) as number);
    stack.push(node);
    onStack.add(node);
    for (const other of next(node)) {
      if (!index.has(other)) {
        visit(other);
        low.set(node, Math.min(low.get(node) as number, low.get(other) as number));
      } else if (onStack.has(other)) {
        low.set(node, Math.min(low.get(node) as number, index.get(other) as number));
      }
    }
    if (low.get(node) === index.get(node)) {
      const group: T[] = [];
      let member: T;
      do {
        member = stack.pop() as T;
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      if (group.length > 1) groups.push(group);
    }
  };
  for (const node of nodes) if (!index.has(node)) visit(node);
  return groups;
}

/**
 * The order to write kinds in, and the fields to set afterwards. A kind waits for the kinds its
 * fields reference, and (softly) for those its child rows reference, so that its seed file can
 * see their keys. When nothing is ready, a cycle of fields between kinds is broken first: at the
 * kind of the cycle with the fewest optional fields closing it, those fields are set afterwards.
 * Without such a cycle, kinds wait on each other's child rows only (an order's items name runs,
 * a run's items name orders): the first of them goes ahead.
 */
export function seedOrder(
  models: ResourceModel[],
  done: Set<ResourceKind>,
): { order: ResourceModel[]; deferred: Map<ResourceModel, Set<string>> } {
  const pending = new Set(models);
  const seeded = new Map(models.map((m) => [m.kind, m]));
  const finished = new Set(done);
  const deferred = new Map<ResourceModel, Set<string>>(models.map((m) => [m, new Set()]));
  const waits = (model: ResourceModel, edge: ReferenceEdge) =>
    edge.target !== model.kind && seeded.has(edge.target) && !finished.has(edge.target);
  const hard = (model: ResourceModel) =>
    referenceEdges(model).filter((e) => !e.child && !deferred.get(model)?.has(e.field) && waits(model, e));
  const soft = (model: ResourceModel) => referenceEdges(model).filter((e) => e.child && waits(model, e));
  const order: ResourceModel[] = [];
  const take = (ready: ResourceModel[]) => {
    for (const m of ready) pending.delete(m);
    for (const m of ready) finished.add(m.kind);
    order.push(...ready);
  };
  while (pending.size > 0) {
    const list = [...pending];
    const ready = list.filter((m) => hard(m).length === 0 && soft(m).length === 0);
    if (ready.length > 0) {
      take(ready);
      continue;
    }
    const targets = (m: ResourceModel) => hard(m).map((e) => seeded.get(e.target) as ResourceModel);
    // A cycle whose kinds wait on nothing outside it can be broken now.
    const closed = cycles(list, targets).filter((group) =>
      group.every((m) => targets(m).every((t) => group.includes(t))),
    );
    if (closed.length > 0) {
      const breakable = closed[0]
        .map((m) => ({ m, edges: hard(m) }))
        .filter(({ edges }) => edges.every((e) => !e.required))
        .sort((a, b) => a.edges.length - b.edges.length || list.indexOf(a.m) - list.indexOf(b.m));
      if (breakable.length === 0) {
        throw new Error(
          `Seed data of ${closed[0].map((m) => m.kind).join(", ")} reference each other in a cycle`,
        );
      }
      for (const e of breakable[0].edges) deferred.get(breakable[0].m)?.add(e.field);
      continue;
    }
    const firm = list.find((m) => hard(m).length === 0);
    if (!firm) throw new Error(`Seed data of ${list.map((m) => m.kind).join(", ")} cannot be ordered`);
    take([firm]);
  }
  return { order, deferred };
}

/** A child collection's rows, kept until every record exists (parallel arrays: few objects). */
interface PendingChildren {
  child: ChildModel;
  ids: number[];
  parents: number[];
  positions: number[];
  values: Record<string, unknown>[];
}

interface PendingField {
  table: string;
  column: BulkColumn;
  values: [number, unknown][];
}

const RECORD_COLUMNS: BulkColumn[] = [
  { name: "id", sqlType: "integer" },
  { name: "tenant_id", sqlType: "integer" },
  { name: "created_at", sqlType: "timestamptz" },
  { name: "updated_at", sqlType: "timestamptz" },
  { name: "version", sqlType: "integer" },
];
const CHILD_COLUMNS: BulkColumn[] = [
  { name: "id", sqlType: "integer" },
  { name: "tenant_id", sqlType: "integer" },
  { name: "parent_id", sqlType: "integer" },
  { name: "position", sqlType: "integer" },
];

/** A stored value for a field from a seed value: declared default when absent, Dates for datetimes. */
function storedValue(field: Field, value: unknown): unknown {
  let v = value;
  if (v === undefined) {
    const d = field.default;
    v = d === undefined ? null : typeof d === "object" && d !== null ? structuredClone(d) : d;
    // "now" (fields.ts, NOW): the seed's rows say when they happened; a missing one is now.
    if (v === NOW && (field.type === "datetime" || field.type === "date")) v = new Date();
  }
  if (field.type === "datetime" && (typeof v === "string" || typeof v === "number")) v = new Date(v);
  if (field.type === "referenceList" && v === null) v = [];
  return v;
}

const isEmpty = (v: unknown) => v === null || v === undefined || (Array.isArray(v) && v.length === 0);

const rowsOf = (row: SeedRow, child: ChildModel) =>
  (Array.isArray(row[child.name]) ? row[child.name] : []) as SeedRow[];

/** Seeds the records of every declared kind with seed data into one tenant. */
export async function seedTenantResources(
  tx: Database,
  registry: ResourceRegistry,
  seeds: Map<ResourceModel, KindSeed>,
  tenantId: number,
  preset: Map<ResourceKind, Map<string, number>>,
  options: TenantSeedOptions,
  full: boolean,
): Promise<void> {
  const keys = new Map<ResourceKind, Map<string, number>>(preset);
  const generated = new Map<ResourceKind, SeedRow[]>();
  /** kind → child collection → parent key → the child rows' ids by position. */
  const childIds = new Map<ResourceKind, Map<string, Map<string, number[]>>>();
  const children: PendingChildren[] = [];
  const later: PendingField[] = [];

  const context: SeedContext = {
    tenantId,
    full,
    random: seededRandom(20_240_501 + tenantId),
    now: options.now,
    orders: options.orders,
    keys: (kind) => [...(keys.get(kind)?.keys() ?? [])],
    rows: (kind) => generated.get(kind) ?? [],
  };

  const lookup = (value: SeedRef): number | undefined => {
    if (value.child === undefined) return keys.get(value.$ref)?.get(value.key);
    return childIds.get(value.$ref)?.get(value.child)?.get(value.key)?.[value.index ?? 0];
  };
  /** ref(...) → id; `strict` throws on an unknown key, else answers null (its kind comes later). */
  const resolve = (value: unknown, where: string, strict = true): unknown => {
    if (value === null || typeof value !== "object" || value instanceof Date) return value;
    if (Array.isArray(value)) {
      return value.some(isRef)
        ? value.map((v) => resolve(v, where, strict)).filter((v) => v !== null)
        : value;
    }
    if (!isRef(value)) return value;
    if (!registry.byKind.has(value.$ref) && !IDENTITY_KINDS.has(value.$ref) && !keys.has(value.$ref)) {
      return null;
    }
    const id = lookup(value);
    if (id !== undefined) return id;
    if (!strict) return null;
    const child = value.child === undefined ? "" : ` ${value.child}[${value.index}]`;
    throw new Error(`Seed data of ${where}: no ${value.$ref} "${value.key}"${child}`);
  };
  const hasUnresolved = (value: unknown) =>
    isRef(value) || (Array.isArray(value) && value.some((v) => isRef(v) && lookup(v) === undefined));

  const withRows = [...seeds].filter(([, seed]) => seed.rows).map(([model]) => model);
  const { order, deferred } = seedOrder(withRows, new Set(preset.keys()));

  for (const model of order) {
    const rows = seeds.get(model)?.rows?.(context) ?? [];
    generated.set(model.kind, rows);
    if (rows.length === 0) continue;
    const tableName = model.table.name;
    const fresh = await allocateIds(tx, tableName, rows.filter((r) => r.$id === undefined).length);
    let next = 0;
    const ids = rows.map((r) => r.$id ?? fresh[next++]);
    const titleField = model.resource.titleField;
    const keyOf = (row: SeedRow) => String(row.$key ?? row[titleField]);
    const kindKeys = new Map<string, number>();
    rows.forEach((row, i) => {
      kindKeys.set(keyOf(row), ids[i]);
    });
    keys.set(model.kind, kindKeys);

    // Child rows get their ids now, so that later kinds can name them.
    const collections = new Map<string, Map<string, number[]>>();
    childIds.set(model.kind, collections);
    const pendings: PendingChildren[] = [];
    for (const child of model.children) {
      const count = rows.reduce((n, r) => n + rowsOf(r, child).length, 0);
      const allocated = await allocateIds(tx, child.table.name, count);
      const byParent = new Map<string, number[]>();
      let offset = 0;
      const pending: PendingChildren = { child, ids: allocated, parents: [], positions: [], values: [] };
      rows.forEach((row, i) => {
        const given = rowsOf(row, child);
        byParent.set(keyOf(row), allocated.slice(offset, offset + given.length));
        given.forEach((values, position) => {
          pending.parents.push(ids[i]);
          pending.positions.push(position);
          pending.values.push(values);
        });
        offset += given.length;
      });
      collections.set(child.name, byParent);
      children.push(pending);
      pendings.push(pending);
    }

    const fieldNames = Object.keys(model.fields);
    const postponed = new Set([
      ...(deferred.get(model) ?? []),
      ...fieldNames.filter((n) => {
        const f = model.fields[n];
        return isReference(f) && "target" in f && f.target === model.kind;
      }),
    ]);
    const postponedValues = new Map<string, [number, unknown][]>([...postponed].map((n) => [n, []]));
    const fieldList = fieldNames.map((name) => ({
      name,
      field: model.fields[name],
      later: postponed.has(name),
    }));
    const columns: BulkColumn[] = [
      ...RECORD_COLUMNS,
      ...model.table.columns.map((c) => ({ name: c.name, sqlType: c.sqlType })),
    ];
    const now = options.now;
    const compute = model.hooks.compute;
    const childStart = pendings.map(() => 0);
    const childFields = pendings.map((pending) => Object.entries(pending.child.fields));

    function* records(): Generator<unknown[]> {
      for (const [i, row] of rows.entries()) {
        const id = ids[i];
        const record: Record<string, unknown> = {};
        for (const { name, field, later } of fieldList) {
          const value = row[name];
          if (later) {
            if (!isEmpty(value)) postponedValues.get(name)?.push([id, value]);
            record[name] = storedValue(field, null);
          } else {
            record[name] = storedValue(field, resolve(value, model.kind));
          }
        }
        if (compute) {
          // The hook sees the child rows with what is known of them now (references to kinds
          // seeded later are null); what it sets on them stands, those references are kept.
          const kids: Record<string, Record<string, unknown>[]> = {};
          const starts = pendings.map((pending, p) => {
            const start = childStart[p];
            const count = rowsOf(row, pending.child).length;
            childStart[p] += count;
            kids[pending.child.name] = Array.from({ length: count }, (_, k) => {
              const raw = pending.values[start + k];
              const known: Record<string, unknown> = { id: pending.ids[start + k], position: k };
              for (const [name, field] of childFields[p]) {
                known[name] = storedValue(field, resolve(raw[name], pending.child.logKind, false));
              }
              return known;
            });
            return start;
          });
          model.hooks.compute?.(record, null, pendings.length > 0 ? kids : undefined);
          pendings.forEach((pending, p) => {
            kids[pending.child.name].forEach((known, k) => {
              const raw = pending.values[starts[p] + k];
              for (const name in pending.child.fields) if (hasUnresolved(raw[name])) known[name] = raw[name];
              pending.values[starts[p] + k] = known;
            });
          });
        }
        const values: unknown[] = [
          id,
          tenantId,
          row.$createdAt ?? now,
          row.$updatedAt ?? row.$createdAt ?? now,
          1,
        ];
        for (const c of model.table.columns) values.push(record[c.name]);
        yield values;
      }
    }
    await bulkInsert(tx, tableName, columns, records(), rows.length);
    if (rows.some((r) => r.$id !== undefined)) await bumpIdSequence(tx, tableName);
    for (const [name, values] of postponedValues) {
      if (values.length === 0) continue;
      const spec = model.table.columns.find((c) => c.name === name);
      if (spec) later.push({ table: tableName, column: { name, sqlType: spec.sqlType }, values });
    }
  }

  // Every record exists: the child rows can point anywhere now.
  for (const pending of children) {
    const { child } = pending;
    const columns: BulkColumn[] = [
      ...CHILD_COLUMNS,
      ...child.table.columns.map((c) => ({ name: c.name, sqlType: c.sqlType })),
    ];
    const fields = child.table.columns.map((c) => ({ name: c.name, field: child.fields[c.name] }));
    function* rows(): Generator<unknown[]> {
      for (let i = 0; i < pending.ids.length; i++) {
        const raw = pending.values[i];
        const values: unknown[] = [pending.ids[i], tenantId, pending.parents[i], pending.positions[i]];
        for (const { name, field } of fields)
          values.push(storedValue(field, resolve(raw[name], child.logKind)));
        yield values;
      }
    }
    await bulkInsert(tx, child.table.name, columns, rows(), pending.ids.length);
  }
  for (const field of later) {
    const values = field.values.map(([id, v]): [number, unknown] => [id, resolve(v, field.table)]);
    await bulkUpdate(tx, field.table, field.column, values);
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
          .map(([name, value]) => [name, storedValue(model.fields[name], resolve(value, kind))]),
      );
      if (Object.keys(set).length === 0) return;
      const t = model.table.table;
      await tx.update(t).set(set).where(eq(t.id, id));
    },
  };
  for (const seed of seeds.values()) await seed.after?.(after);
  // The tenant's numbering goes on after the numbers seeded here.
  await seedNumbering(tx, registry, tenantId);
}
