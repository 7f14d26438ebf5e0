// The validation pass over every declaration (in the spirit of Django's system checks): a mistake in a
// declaration is found by a test, not by a user on a page.
import { isKnownAction } from "../access/catalogue";
import { isResourceKind, pathOf } from "../access/kinds";
import { IDENTITY_KINDS, type Resource, SYSTEM_FIELDS } from "./define";
import type { Field, ReferenceField } from "./fields";

const NAME = /^[a-z][a-z0-9_]*$/;

export function validateResources(resources: Resource[]): string[] {
  const errors: string[] = [];
  const kinds = new Set<string>([...resources.map((r) => r.kind), ...IDENTITY_KINDS]);
  const seen = {
    kind: new Map<string, number>(),
    path: new Map<string, number>(),
    route: new Map<string, number>(),
  };

  for (const r of resources) {
    const where = `${r.kind}:`;
    if (!isResourceKind(r.kind)) errors.push(`${where} unknown kind`);
    else if (r.path !== pathOf(r.kind))
      errors.push(`${where} path "${r.path}" differs from the contract's "${pathOf(r.kind)}"`);
    for (const key of ["kind", "path", "route"] as const) {
      seen[key].set(r[key], (seen[key].get(r[key]) ?? 0) + 1);
    }
    if (!r.label.trim()) errors.push(`${where} missing label`);

    const names = new Set([...Object.keys(r.fields), ...SYSTEM_FIELDS]);
    checkFields(where, r.fields, kinds, errors);
    checkRequires(where, r, errors);
    checkDependencies(where, r.fields, undefined, resources, errors);
    for (const [childName, child] of Object.entries(r.children)) {
      const at = `${where} child "${childName}":`;
      if (!NAME.test(childName)) errors.push(`${at} name is not snake_case`);
      if (names.has(childName)) errors.push(`${at} name clashes with a field`);
      checkFields(at, child.fields, kinds, errors);
      checkDependencies(at, child.fields, r.fields, resources, errors);
      for (const reserved of ["id", "position", "parent_id", "tenant_id"]) {
        if (reserved in child.fields) errors.push(`${at} field "${reserved}" is a system field`);
      }
      for (const column of [...child.columns, child.titleField]) {
        if (!(column in child.fields)) errors.push(`${at} names unknown field "${column}"`);
      }
      if (child.min > child.max) errors.push(`${at} min > max`);
    }
    // Row pages sit at {show}/{childId}: two collections with them would share the route.
    if (Object.values(r.children).filter((child) => child.rowPages).length > 1)
      errors.push(`${where} more than one child collection has rowPages`);
    checkRelated(r, resources, errors);
    checkPartOf(r, resources, errors);
    if (r.scopedBy !== undefined && r.fields[r.scopedBy]?.type !== "reference") {
      errors.push(`${where} scopedBy "${r.scopedBy}" is not a reference field`);
    }
    for (const [name, field] of Object.entries(r.fields)) {
      if (!NAME.test(name)) errors.push(`${where} field "${name}" is not snake_case`);
      if ((SYSTEM_FIELDS as readonly string[]).includes(name) || name === "tenant_id") {
        errors.push(`${where} field "${name}" is a system field`);
      }
      if (field.type === "secret" && (field.searchable || field.sortable || field.filter || field.unique))
        errors.push(`${where} secret "${name}" cannot be searched, sorted, filtered or unique`);
    }
    const check = (what: string, list: string[]) => {
      for (const name of list)
        if (!names.has(name)) errors.push(`${where} ${what} names unknown field "${name}"`);
    };
    check("list", r.list);
    check("filters", r.filters);
    check("form", r.form.flat());
    check("show", r.show.flat());
    const sortFields = r.sort.split(",").map((s) => s.replace(/^-/, ""));
    check("sort", sortFields);
    for (const name of sortFields) {
      // The server accepts a sort only on sortable fields, so the default sort must be one.
      if (r.fields[name] && !r.fields[name].sortable)
        errors.push(`${where} sort names unsortable field "${name}"`);
    }
    check("titleField", [r.titleField]);
    check("labelFields", r.labelFields ?? []);
    if (r.ownerField) check("ownerField", [r.ownerField]);
    for (const name of r.form.flat()) {
      const system = (SYSTEM_FIELDS as readonly string[]).includes(name);
      if (system || r.fields[name]?.readOnly) errors.push(`${where} form names read-only field "${name}"`);
    }
  }
  for (const key of ["kind", "path", "route"] as const) {
    for (const [value, count] of seen[key]) if (count > 1) errors.push(`duplicate ${key} "${value}"`);
  }
  return errors;
}

/** Each related-records section names a declared kind and its reference back to this kind. */
function checkRelated(r: Resource, resources: Resource[], errors: string[]): void {
  for (const { kind, field } of r.related) {
    const at = `${r.kind}: related ${kind}.${field}:`;
    const other = resources.find((candidate) => candidate.kind === kind);
    if (!other) {
      errors.push(`${at} ${kind} is not declared`);
      continue;
    }
    const back = other.fields[field];
    if (back?.type !== "reference" || back.target !== r.kind)
      errors.push(`${at} not a reference field of ${kind} to ${r.kind}`);
  }
}

/**
 * A part of another kind's records: a required reference to a declared kind, whose record route
 * its pages hang under, as pages of their own (no list to open a drawer over).
 */
function checkPartOf(r: Resource, resources: Resource[], errors: string[]): void {
  if (r.partOf === undefined) return;
  const at = `${r.kind}: partOf "${r.partOf}":`;
  const field = r.fields[r.partOf];
  if (field?.type !== "reference" || !field.required) {
    errors.push(`${at} not a required reference field`);
    return;
  }
  const holder = resources.find((candidate) => candidate.kind === field.target);
  if (!holder) errors.push(`${at} ${field.target} is not declared`);
  else if (holder.route !== r.scopeRoute || holder.scopedBy)
    errors.push(`${at} ${field.target}'s records are not at ${r.scopeRoute}/{id}`);
  if (r.scopedBy !== r.partOf) errors.push(`${at} scopedBy must be the same field`);
  if (r.pages !== "routes") errors.push(`${at} needs pages: "routes"`);
}

/** The checks every field gets, in a resource or in one of its child collections. */
function checkFields(
  where: string,
  fields: Record<string, Field>,
  kinds: Set<string>,
  errors: string[],
): void {
  for (const [name, field] of Object.entries(fields)) {
    if (!field.label?.trim()) errors.push(`${where} field "${name}" has no label`);
    if (field.type === "enum" && field.values.length === 0)
      errors.push(`${where} enum "${name}" has no values`);
    else if (
      field.type === "enum" &&
      field.default !== undefined &&
      !field.values.some((v) => v.value === field.default)
    )
      errors.push(`${where} enum "${name}" defaults to "${String(field.default)}", not one of its values`);
    if (field.type === "enum" && field.transitions) {
      const values = new Set(field.values.map((v) => v.value));
      for (const [from, tos] of Object.entries(field.transitions)) {
        for (const value of [from, ...tos]) {
          if (!values.has(value))
            errors.push(`${where} enum "${name}" transition names unknown value "${value}"`);
        }
      }
    }
    if (field.type === "reference" || field.type === "referenceList") {
      if (!kinds.has(field.target))
        errors.push(`${where} field "${name}" references undeclared kind ${field.target}`);
      if (field.statusOf && field.target !== "Status")
        errors.push(`${where} field "${name}" has statusOf but does not reference Status`);
      for (const [filled, source] of Object.entries(field.fills ?? {})) {
        if (!fields[filled]) errors.push(`${where} field "${name}" fills unknown field "${filled}"`);
        if (typeof source === "object" && !fields[source.quantity])
          errors.push(`${where} field "${name}" prices by unknown field "${source.quantity}"`);
      }
    }
    if (field.type === "text" && field.numbering && !/\{n(?::\d+)?\}/.test(field.numbering.format))
      errors.push(`${where} field "${name}" has a numbering format without {n}`);
    if (
      "min" in field &&
      "max" in field &&
      field.min !== undefined &&
      field.max !== undefined &&
      field.min > field.max
    ) {
      errors.push(`${where} field "${name}" has min > max`);
    }
  }
}

/** A field's `requires` names an action of its kind beyond the verbs (Product UpdatePrice). */
function checkRequires(where: string, r: Resource, errors: string[]): void {
  const all = [r.fields, ...Object.values(r.children).map((c) => c.fields)];
  for (const [name, field] of all.flatMap((fields) => Object.entries(fields))) {
    if (field.requires === undefined) continue;
    if (
      !isKnownAction(r.kind, field.requires) ||
      ["Create", "Read", "Update", "Delete"].includes(field.requires)
    )
      errors.push(`${where} field "${name}" requires "${field.requires}", not an extra action of ${r.kind}`);
  }
}

/**
 * A dependent reference (`dependsOn`) names a field of its record (a child row's own, else its
 * parent's) and a field of the target that can equal it: both references to one kind, or with
 * `through`, the target's field and the named record's `through` field.
 */
function checkDependencies(
  where: string,
  fields: Record<string, Field>,
  parentFields: Record<string, Field> | undefined,
  resources: Resource[],
  errors: string[],
): void {
  const declared = (kind: string) => resources.find((candidate) => candidate.kind === kind);
  for (const [name, field] of Object.entries(fields)) {
    if ((field.type !== "reference" && field.type !== "referenceList") || !field.dependsOn) continue;
    const { field: on, targetField, through } = field.dependsOn;
    const at = `${where} field "${name}" dependsOn`;
    const source = fields[on] ?? parentFields?.[on];
    const target = declared(field.target)?.fields[targetField];
    if (on === name || !source) {
      errors.push(`${at} names unknown field "${on}"`);
      continue;
    }
    if (!target) {
      errors.push(`${at} names "${targetField}", not a field of ${field.target}`);
      continue;
    }
    let compared: Field | undefined = source;
    if (through !== undefined) {
      compared = source.type === "reference" ? declared(source.target)?.fields[through] : undefined;
      if (!compared) errors.push(`${at} goes through "${through}", not a field of "${on}"'s target`);
    }
    if (compared && !sameReference(compared, target))
      errors.push(`${at}: "${targetField}" of ${field.target} and what it is compared with differ`);
  }
}

const sameReference = (a: Field, b: Field) =>
  a.type === "reference" && b.type === "reference" && (a as ReferenceField).target === b.target;
