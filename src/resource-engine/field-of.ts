// The field behind a column or layout name, including the system fields every record has
// (api-contract.md): lists and show views name "updated_at" without declaring it.
import type { Resource } from "./define";
import { type Field, labelFromName } from "./fields";

const SYSTEM: Record<string, Field> = {
  id: { type: "integer", label: "ID", readOnly: true, sortable: true },
  created_at: { type: "datetime", label: "Created", readOnly: true, sortable: true },
  updated_at: { type: "datetime", label: "Updated", readOnly: true, sortable: true },
  version: { type: "integer", label: "Version", readOnly: true },
};

export function fieldOf(resource: Resource, name: string): Field {
  const child = resource.children?.[name];
  // A child collection named where a field could be (a conflict note): its label, as text.
  if (child && !resource.fields[name]) return { type: "text", label: child.label, readOnly: true };
  return (
    resource.fields[name] ?? SYSTEM[name] ?? { type: "text", label: labelFromName(name), readOnly: true }
  );
}

/** A child collection's field by name, its row id and position included. */
export function childFieldOf(child: Resource["children"][string], name: string): Field {
  return child.fields[name] ?? SYSTEM[name] ?? { type: "text", label: labelFromName(name), readOnly: true };
}

export function labelOf(resource: Resource, name: string): string {
  return fieldOf(resource, name).label ?? labelFromName(name);
}

/** Whether the list may sort by the field: declared sortable, or a system column. */
export function isSortable(resource: Resource, name: string): boolean {
  return fieldOf(resource, name).sortable === true;
}

export function hasSearch(resource: Resource): boolean {
  return Object.values(resource.fields).some((field) => field.searchable);
}
