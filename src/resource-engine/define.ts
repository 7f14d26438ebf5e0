// A resource declaration: everything the generic pages and the server engine need to know about one kind.
import { pathOf, type ResourceKind } from "../access/kinds";
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

/**
 * Kinds whose records live in the identity tables rather than the engine's (users belong to a
 * tenant through their groups). A declaration may reference them; the server checks membership
 * in the caller's tenant and labels them by name; the app selects them from the users API.
 */
export const IDENTITY_KINDS = new Set<string>(["User"]);

/** Every record has these besides its declared fields (api-contract.md). */
export const SYSTEM_FIELDS = ["id", "created_at", "updated_at", "version"] as const;

/** A list, show or form layout: rows of field names. */
export type Layout = string[][];

/**
 * Rows that belong to one parent record (order items, purchase-order lines): declared in the
 * parent, edited inline in its form, returned nested by GET {path}/{id} as `{name}: [...]` (each
 * row with `id`, `position` and its fields), and written with the parent in one transaction, one
 * `version` and one change-log entry. A write that carries `{name}` replaces the collection: rows
 * with an `id` update that row (it must be one of this parent's), rows without one are added,
 * rows left out are deleted. Lists do not carry children.
 */
export interface ChildCollection {
  /** Plural label ("Items"); derived from the name when absent. */
  label?: string;
  /** Singular label ("Item"); derived from the label when absent. */
  singular?: string;
  fields: Record<string, Field>;
  /** Columns of the inline table; defaults to every field. */
  columns?: string[];
  /** Fewest and most rows a parent may have (defaults 0 and 500). */
  min?: number;
  max?: number;
  /**
   * Each row keeps a change log of its own (facility shipping addresses):
   * GET {path}/{id}/{child-path}/{childId}/change-logs, child-path = the name in kebab case.
   */
  ownChangeLog?: boolean;
  /** The field naming a row in logs and selects; defaults like a resource's. */
  titleField?: string;
  /**
   * Each row has a page of its own at {show route}/{childId}, linked from the record's table (a
   * site order setting's steps: /sites/{id}/{order_settings_id}/{step_id}).
   */
  rowPages?: boolean;
}

export interface ResourceInput {
  /** A kind of the contract, or an extension kind (kinds.ts, EXTENSION_KINDS). */
  kind: ResourceKind;
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
  /**
   * Fields that, after the title, tell records apart in reference pickers and titles (an
   * address's city and customer): the look-ups' titles add them (a reference by its title).
   */
  labelFields?: string[];
  /** Owner column for kinds with Any/Own actions. */
  ownerField?: string;
  /** Whether the list offers bulk delete. */
  bulkDelete?: boolean;
  /** Drawer: create/show/edit open over the list (kinds the spec lists with a list route only). */
  pages?: "drawer" | "routes";
  /** Kept out of the menu (reached from another screen). */
  hidden?: boolean;
  /** Child collections by name (snake_case, e.g. "items"); see ChildCollection. */
  children?: Record<string, ChildCollection>;
  /**
   * A reference field whose value scopes the app's routes: /{route}/{value} lists the records
   * with that value (a permanent filter, and the default on create), /{route}/{value}/{id} shows
   * one, /{route}/{value}/create creates one (products and templates per site).
   */
  scopedBy?: string;
  /**
   * A required reference field naming the record these records are part of (a site's order
   * settings): their pages live under that record's route, /{its route}/{value}/{id},
   * …/{id}/edit, /{its route}/{value}/create (the value scopes them as `scopedBy` does, which it
   * implies), and they have no list page nor menu entry: the holder's show page lists them
   * (declare them in its `related`). Needs `pages: "routes"`.
   */
  partOf?: string;
  /**
   * Records of other kinds that point back at this one, listed on its show page (a customer's
   * addresses): `field` is a reference of `kind` to this kind; the section's label defaults to
   * that kind's label.
   */
  related?: RelatedRecords[];
}

/** One related-records section of a show page; see ResourceInput.related. */
export interface RelatedRecords {
  kind: ResourceKind;
  field: string;
  label?: string;
}

export interface Resource
  extends Required<
    Omit<
      ResourceInput,
      "icon" | "group" | "ownerField" | "hidden" | "scopedBy" | "partOf" | "children" | "labelFields"
    >
  > {
  icon?: string;
  group?: MenuGroup;
  ownerField?: string;
  labelFields?: string[];
  scopedBy?: string;
  partOf?: string;
  /** The route a scoped kind's record routes hang under: its own, or its holder's (`partOf`). */
  scopeRoute?: string;
  hidden: boolean;
  /** Every child collection with its labels, columns and limits filled in. */
  children: Record<string, Required<Omit<ChildCollection, "titleField">> & { titleField: string }>;
}

/** The path segment of a child collection: "shipping_addresses" → "shipping-addresses". */
export const childPath = (name: string): string => name.replace(/_/g, "-");

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
  const children = Object.fromEntries(
    Object.entries(input.children ?? {}).map(([name, child]) => {
      const childNames = Object.keys(child.fields);
      const childLabel = child.label ?? labelFromName(name);
      return [
        name,
        {
          ...child,
          fields: Object.fromEntries(
            Object.entries(child.fields).map(([n, f]) => [n, { ...f, label: f.label ?? labelFromName(n) }]),
          ),
          label: childLabel,
          singular: child.singular ?? singularOf(childLabel),
          columns: child.columns ?? childNames,
          min: child.min ?? 0,
          max: child.max ?? 500,
          ownChangeLog: child.ownChangeLog ?? false,
          rowPages: child.rowPages ?? false,
          titleField: child.titleField ?? (childNames.includes("name") ? "name" : childNames[0]),
        },
      ];
    }),
  );
  // A part's pages hang under its holder's record route (the holder kind's default route).
  const holder = input.partOf === undefined ? undefined : input.fields[input.partOf];
  const partOf =
    holder?.type === "reference"
      ? { scopedBy: input.scopedBy ?? input.partOf, scopeRoute: `/${pathOf(holder.target)}` }
      : {};
  return {
    ...input,
    ...partOf,
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
    hidden: input.hidden ?? holder !== undefined,
    children,
    related: input.related ?? [],
  };
}
