// A resource declaration: everything the generic pages and the server engine need to know about one kind.
import { type Kind, pathOf } from "../access/kinds";
import { type Field, labelFromName } from "./fields";

export type MenuGroup =
  | "Orders"
  | "Production"
  | "Prepress"
  | "Direct mail"
  | "Catalogue"
  | "Customers"
  | "Inventory"
  | "Purchasing"
  | "Master data"
  | "Production setup"
  | "Finance"
  | "Administration";

/** Every record has these besides its declared fields (api-contract.md). */
export const SYSTEM_FIELDS = ["id", "created_at", "updated_at", "version"] as const;

/** A list, show or form layout: rows of field names. */
export type Layout = string[][];

export interface ResourceInput {
  kind: Kind;
  /** The API path of the contract's table (derived from the kind), also the app's route unless `route` says otherwise. */
  path?: string;
  route?: string;
  /** Plural label for menus and titles; derived from the path when absent. */
  label?: string;
  /** Singular label for "Create vendor", "Edit vendor"; derived from the label when absent. */
  singular?: string;
  /** An icon name the app resolves (e.g. "shop"); the server ignores it. */
  icon?: string;
  group?: MenuGroup;
  fields: Record<string, Field>;
  /** Columns of the list; defaults to the first five fields. */
  list?: string[];
  /** Default sort in the contract's syntax ("name", "-created_at"); defaults to "-id". */
  sort?: string;
  /** Field names shown as list filters; defaults to every field declared with `filter: true`. */
  filters?: string[];
  form?: Layout;
  show?: Layout;
  /** The field whose value titles a record and labels it in reference selects. */
  titleField?: string;
  /** Owner column for kinds with Any/Own actions. */
  ownerField?: string;
  /** Whether the list offers bulk delete. */
  bulkDelete?: boolean;
  /** Drawer: create/show/edit open over the list (kinds the spec lists with a list route only). */
  pages?: "drawer" | "routes";
  /** Kept out of the menu (reached from another screen). */
  hidden?: boolean;
}

export interface Resource extends Required<Omit<ResourceInput, "icon" | "group" | "ownerField" | "hidden">> {
  icon?: string;
  group?: MenuGroup;
  ownerField?: string;
  hidden: boolean;
}

// "Categories" → "Category", "Addresses" → "Address", "Statuses" → "Status", "Purchases" → "Purchase".
function singularOf(label: string): string {
  if (label.endsWith("ies")) return `${label.slice(0, -3)}y`;
  if (/(ss|us|x|ch|sh)es$/.test(label)) return label.slice(0, -2);
  if (label.endsWith("s")) return label.slice(0, -1);
  return label;
}

/** The show layout when none is declared: the form's rows, then the fields the form leaves out (read-only ones), three a row. */
function showOf(form: Layout | undefined, names: string[]): Layout {
  if (!form) return names.map((n) => [n]);
  const inForm = new Set(form.flat());
  const rest = names.filter((n) => !inForm.has(n));
  const rows = [...form];
  for (let i = 0; i < rest.length; i += 3) rows.push(rest.slice(i, i + 3));
  return rows;
}

/** Fills every default, so the smallest declaration is a kind, a path and its fields. */
export function defineResource(input: ResourceInput): Resource {
  const names = Object.keys(input.fields);
  const fields = Object.fromEntries(
    Object.entries(input.fields).map(([name, field]) => [
      name,
      { ...field, label: field.label ?? labelFromName(name) },
    ]),
  );
  const path = input.path ?? pathOf(input.kind);
  const label = input.label ?? labelFromName(path.replace(/-/g, "_"));
  const titleField = input.titleField ?? (names.includes("name") ? "name" : names[0]);
  return {
    ...input,
    path,
    fields,
    route: input.route ?? `/${path}`,
    label,
    singular: input.singular ?? singularOf(label),
    list: input.list ?? names.slice(0, 5),
    sort: input.sort ?? "-id",
    filters: input.filters ?? names.filter((n) => input.fields[n].filter),
    form: input.form ?? names.filter((n) => !input.fields[n].readOnly).map((n) => [n]),
    show: input.show ?? showOf(input.form, names),
    titleField,
    bulkDelete: input.bulkDelete ?? false,
    pages: input.pages ?? "drawer",
    hidden: input.hidden ?? false,
  };
}
