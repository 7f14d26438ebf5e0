import { and, eq, inArray } from "drizzle-orm";
import type { ReferenceDependency, ReferenceField } from "../../src/resource-engine/fields";
import type { Database } from "../db/open";
import type { FieldError } from "../http/errors";
import type { ChildRows, Row } from "./hooks";
import type { ChildModel, ResourceModel, ResourceRegistry } from "./model";

// References that belong together (`dependsOn`, fields.ts): an order's bill-to address must be
// one of the order's customer's, an order item's product one of the order's site's. A write is
// checked where it sets the reference or the value it depends on (a changed customer with the
// stored address of another is refused too); a record written before the rule is left alone
// until then. One error per bad reference, at its path, naming the rule.

const article = (words: string) => (/^[aeiou]/i.test(words) ? `an ${words}` : `a ${words}`);
const lower = (text: string) =>
  /^[A-Z]{2}/.test(text) ? text : text.charAt(0).toLowerCase() + text.slice(1);

/** "Bill to must be a customer address of the order's customer." */
export function dependencyMessage(
  registry: ResourceRegistry,
  owner: ResourceModel,
  label: string,
  field: ReferenceField,
  on: { label?: string },
  throughLabel?: string,
): string {
  const target = registry.target(field);
  const whose = [owner.singular, lower(on.label ?? ""), ...(throughLabel ? [lower(throughLabel)] : [])];
  const last = whose.pop();
  return `${label} must be ${article(target.singular)} of the ${whose.map((w) => `${w}'s`).join(" ")} ${last}`;
}

const idOf = (value: unknown): number | null => (typeof value === "number" ? value : null);

/**
 * The value a dependent reference's targets must hold, from the value of `field` (through the
 * record it names when the dependency goes `through`); null: no constraint.
 */
export async function dependencyValues(
  db: Database,
  registry: ResourceRegistry,
  tenantId: number,
  source: ReferenceField | undefined,
  dependency: ReferenceDependency,
  values: number[],
): Promise<Map<number, number | null>> {
  if (!dependency.through || !source) return new Map(values.map((v) => [v, v]));
  const named = registry.target(source).table.table;
  const rows = await db
    .select({ id: named.id, value: named[dependency.through] })
    .from(named)
    .where(and(eq(named.tenant_id, tenantId), inArray(named.id, values)));
  return new Map(rows.map((row) => [row.id as number, idOf(row.value)]));
}

interface Pending {
  path: string;
  label: string;
  field: ReferenceField;
  dependency: ReferenceDependency;
  on: ReferenceField;
  ids: number[];
  /** The value of `dependency.field`. */
  value: number;
}

const sameIds = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
const idsIn = (value: unknown): number[] =>
  Array.isArray(value)
    ? value.filter((v): v is number => typeof v === "number")
    : idOf(value) === null
      ? []
      : [value as number];

/** The dependent references of one record (or row) that this write sets or unsettles. */
function pendingOf(
  fields: Record<string, ReferenceField | object>,
  row: Row,
  previous: Row | undefined,
  parent: { fields: Record<string, unknown>; row: Row; previous: Row | null } | undefined,
  at: string,
): Pending[] {
  const found: Pending[] = [];
  for (const [name, field] of Object.entries(fields as Record<string, ReferenceField>)) {
    const dependency = field.dependsOn;
    if (!dependency || (field.type !== "reference" && field.type !== "referenceList")) continue;
    const own = dependency.field in fields;
    const on = (own ? fields[dependency.field] : parent?.fields[dependency.field]) as ReferenceField;
    const value = idOf(own ? row[dependency.field] : parent?.row[dependency.field]);
    const before = own ? previous?.[dependency.field] : parent?.previous?.[dependency.field];
    const ids = idsIn(row[name]);
    if (value === null || ids.length === 0) continue;
    const unsettled = !previous || !sameIds(previous[name], row[name]) || !sameIds(before, value);
    if (!unsettled) continue;
    found.push({ path: `${at}${name}`, label: field.label ?? name, field, dependency, on, ids, value });
  }
  return found;
}

export interface DependentWrite {
  /** The record as it will be stored (create: the values; update: the stored row with the changes). */
  record: Row;
  /** The stored row (update), null on create. */
  previous: Row | null;
  /** Every collection's rows as they will be stored, where the write touches or may unsettle them. */
  children?: ChildRows;
  /** The stored rows (update), to tell which rows changed. */
  storedChildren?: ChildRows;
}

/** Whether an update may unsettle stored child rows: a parent field they depend on changes. */
export function unsettlesChildren(model: ResourceModel, previous: Row, values: Row): boolean {
  return model.children.some((child) =>
    Object.values(child.fields).some(
      (field) =>
        (field.type === "reference" || field.type === "referenceList") &&
        field.dependsOn !== undefined &&
        !(field.dependsOn.field in child.fields) &&
        field.dependsOn.field in values &&
        !sameIds(values[field.dependsOn.field], previous[field.dependsOn.field]),
    ),
  );
}

export async function checkDependentReferences(
  db: Database,
  registry: ResourceRegistry,
  model: ResourceModel,
  tenantId: number,
  write: DependentWrite,
  errors: FieldError[],
): Promise<void> {
  const pending = pendingOf(model.fields, write.record, write.previous ?? undefined, undefined, "");
  for (const child of model.children) pending.push(...childPending(model, child, write));
  const open = pending.filter((p) => !errors.some((e) => e.field === p.path));
  for (const check of open) {
    const expected = (
      await dependencyValues(db, registry, tenantId, check.on, check.dependency, [check.value])
    ).get(check.value);
    if (expected === null || expected === undefined) continue;
    const target = registry.target(check.field).table.table;
    const rows = await db
      .select({ id: target.id, value: target[check.dependency.targetField] })
      .from(target)
      .where(and(eq(target.tenant_id, tenantId), inArray(target.id, check.ids)));
    if (rows.some((row) => row.value !== expected)) {
      const throughLabel = check.dependency.through
        ? registry.target(check.on).fields[check.dependency.through]?.label
        : undefined;
      const owner = check.path.includes(".") ? childOwner(model, check.path) : model;
      errors.push({
        field: check.path,
        message: dependencyMessage(registry, owner, check.label, check.field, check.on, throughLabel),
      });
    }
  }
}

/** Whose field a child row's dependency names: the row's own collection reads as "the order item's". */
function childOwner(model: ResourceModel, path: string): ResourceModel {
  const child = model.children.find((c) => path.startsWith(`${c.name}.`));
  const field = child?.fields[path.split(".")[2]] as ReferenceField | undefined;
  if (!child || !field?.dependsOn || !(field.dependsOn.field in child.fields)) return model;
  return { ...model, singular: child.singular };
}

function childPending(model: ResourceModel, child: ChildModel, write: DependentWrite): Pending[] {
  const rows = write.children?.[child.name];
  if (!rows) return [];
  const stored = new Map((write.storedChildren?.[child.name] ?? []).map((row) => [row.id, row]));
  const parent = { fields: model.fields, row: write.record, previous: write.previous };
  return rows.flatMap((row, index) =>
    pendingOf(
      child.fields,
      row,
      row.id === undefined ? undefined : stored.get(row.id),
      parent,
      `${child.name}.${index}.`,
    ),
  );
}
