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
  return (
    resource.fields[name] ?? SYSTEM[name] ?? { type: "text", label: labelFromName(name), readOnly: true }
  );
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
