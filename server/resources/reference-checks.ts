import { and, eq, inArray } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { IDENTITY_KINDS } from "../../src/resource-engine/define";
import type { Field, ReferenceField } from "../../src/resource-engine/fields";
import type { Database } from "../db/open";
import { user_groups } from "../db/schema";
import type { FieldError } from "../http/errors";
import type { ChildWrite } from "./child-bodies";
import type { ResourceModel, ResourceRegistry } from "./model";

// Every reference a write carries (in the record or in its child rows) must name a record of
// the caller's tenant: a record of another tenant does not exist for the caller. A reference to
// a User names a member of the tenant (a user_groups row of it). A reference with statusOf names
// a Status of that entity. One error per bad field, at its path ("items.2.product_id").

export interface ReferenceValue {
  /** Where an error points: the field name, or `{child}.{index}.{field}`. */
  path: string;
  field: ReferenceField;
  ids: number[];
}

/** The references among `values` (field → value to store). */
export function referenceValues(
  fields: Record<string, Field>,
  values: Record<string, unknown>,
  at = "",
): ReferenceValue[] {
  const refs: ReferenceValue[] = [];
  for (const [name, value] of Object.entries(values)) {
    const field = fields[name];
    if (!field || (field.type !== "reference" && field.type !== "referenceList")) continue;
    const ids =
      field.type === "reference"
        ? typeof value === "number"
          ? [value]
          : []
        : Array.isArray(value)
          ? (value as number[])
          : [];
    if (ids.length > 0) refs.push({ path: `${at}${name}`, field, ids });
  }
  return refs;
}

/** The references of every row of the written collections. */
export function childReferenceValues(writes: ChildWrite[]): ReferenceValue[] {
  return writes.flatMap(({ child, rows }) =>
    rows.flatMap((row) => referenceValues(child.fields, row.values, `${child.name}.${row.index}.`)),
  );
}

/** A Status entity in words, for messages ("order_item" → "order items"). */
const ENTITY_WORDS: Record<string, string> = {
  order: "orders",
  order_item: "order items",
  run: "runs",
  mail_order: "mail orders",
  purchase_order: "purchase orders",
  refund: "refunds",
};
export const entityWords = (entity: unknown) =>
  ENTITY_WORDS[String(entity)] ?? String(entity).replace(/_/g, " ");

interface Found {
  entity?: unknown;
  name?: unknown;
}

/** The ids of `ids` that are records of the tenant (with a Status's entity and name). */
async function findTargets(
  db: Database,
  registry: ResourceRegistry,
  kind: string,
  tenantId: number,
  ids: number[],
): Promise<Map<number, Found>> {
  if (IDENTITY_KINDS.has(kind)) {
    const rows = await db
      .selectDistinct({ id: user_groups.user_id })
      .from(user_groups)
      .where(and(eq(user_groups.tenant_id, tenantId), inArray(user_groups.user_id, ids)));
    return new Map(rows.map((r) => [r.id, {}]));
  }
  const target = registry.byKind.get(kind as ResourceModel["kind"]);
  if (!target) return new Map();
  const t = target.table.table;
  const columns: Record<string, PgColumn> = { id: t.id };
  if (t.entity) Object.assign(columns, { entity: t.entity, name: t[target.resource.titleField] });
  const rows = await db
    .select(columns)
    .from(t)
    .where(and(eq(t.tenant_id, tenantId), inArray(t.id, ids)));
  return new Map(rows.map((r) => [r.id as number, r as Found]));
}

function wordsOf(registry: ResourceRegistry, field: ReferenceField): { one: string; many: string } {
  if (IDENTITY_KINDS.has(field.target)) return { one: "user", many: "users" };
  const target = registry.target(field);
  return { one: target.singular, many: target.plural };
}

export async function checkReferenceValues(
  db: Database,
  registry: ResourceRegistry,
  tenantId: number,
  refs: ReferenceValue[],
  errors: FieldError[],
): Promise<void> {
  const pending = refs.filter((ref) => !errors.some((e) => e.field === ref.path));
  const wanted = new Map<string, Set<number>>();
  for (const ref of pending) {
    const set = wanted.get(ref.field.target) ?? new Set<number>();
    for (const id of ref.ids) set.add(id);
    wanted.set(ref.field.target, set);
  }
  const found = new Map<string, Map<number, Found>>();
  for (const [kind, ids] of wanted)
    found.set(kind, await findTargets(db, registry, kind, tenantId, [...ids]));
  for (const ref of pending) {
    const rows = found.get(ref.field.target) ?? new Map<number, Found>();
    const missing = ref.ids.filter((id) => !rows.has(id));
    if (missing.length > 0) {
      const words = wordsOf(registry, ref.field);
      errors.push({
        field: ref.path,
        message:
          missing.length === 1
            ? `There is no ${words.one} with id ${missing[0]}`
            : `There are no ${words.many} with ids ${missing.join(", ")}`,
      });
      continue;
    }
    const statusOf = ref.field.statusOf;
    const wrong = statusOf
      ? ref.ids.map((id) => rows.get(id) as Found).find((s) => s.entity !== statusOf)
      : undefined;
    if (statusOf && wrong) {
      errors.push({
        field: ref.path,
        message: `"${String(wrong.name)}" is a status of ${entityWords(wrong.entity)}; choose one of ${entityWords(statusOf)}`,
      });
    }
  }
}

/** The references of a record's own values (see checkReferenceValues). */
export function checkReferences(
  db: Database,
  registry: ResourceRegistry,
  model: ResourceModel,
  tenantId: number,
  values: Record<string, unknown>,
  errors: FieldError[],
): Promise<void> {
  return checkReferenceValues(db, registry, tenantId, referenceValues(model.fields, values), errors);
}
