// The validation pass over every declaration (in the spirit of Django's system checks): a mistake in a
// declaration is found by a test, not by a user on a page.
import { isKind, pathOf } from "../access/kinds";
import { type Resource, SYSTEM_FIELDS } from "./define";

const NAME = /^[a-z][a-z0-9_]*$/;

export function validateResources(resources: Resource[]): string[] {
  const errors: string[] = [];
  const kinds = new Set(resources.map((r) => r.kind));
  const seen = {
    kind: new Map<string, number>(),
    path: new Map<string, number>(),
    route: new Map<string, number>(),
  };

  for (const r of resources) {
    const where = `${r.kind}:`;
    if (!isKind(r.kind)) errors.push(`${where} unknown kind`);
    else if (r.path !== pathOf(r.kind))
      errors.push(`${where} path "${r.path}" differs from the contract's "${pathOf(r.kind)}"`);
    for (const key of ["kind", "path", "route"] as const) {
      seen[key].set(r[key], (seen[key].get(r[key]) ?? 0) + 1);
    }
    if (!r.label.trim()) errors.push(`${where} missing label`);

    const names = new Set([...Object.keys(r.fields), ...SYSTEM_FIELDS]);
    for (const [name, field] of Object.entries(r.fields)) {
      if (!NAME.test(name)) errors.push(`${where} field "${name}" is not snake_case`);
      if ((SYSTEM_FIELDS as readonly string[]).includes(name) || name === "tenant_id") {
        errors.push(`${where} field "${name}" is a system field`);
      }
      if (!field.label?.trim()) errors.push(`${where} field "${name}" has no label`);
      if (field.type === "enum" && field.values.length === 0)
        errors.push(`${where} enum "${name}" has no values`);
      else if (
        field.type === "enum" &&
        field.default !== undefined &&
        !field.values.some((v) => v.value === field.default)
      )
        errors.push(`${where} enum "${name}" defaults to "${String(field.default)}", not one of its values`);
      if ((field.type === "reference" || field.type === "referenceList") && !kinds.has(field.target)) {
        errors.push(`${where} field "${name}" references undeclared kind ${field.target}`);
      }
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
