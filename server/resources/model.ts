import { pathOf, type ResourceKind } from "../../src/access/kinds";
import { childPath, IDENTITY_KINDS, type Resource } from "../../src/resource-engine/define";
import type { Field, ReferenceField } from "../../src/resource-engine/fields";
import { loadDeclarations } from "./declarations";
import { loadHooks, type ResourceHooks } from "./hooks";
import type { SearchTarget } from "./search-references";
import { buildChildTable, buildResourceTable, type ResourceTable, tableNameOf } from "./tables";

// What the engine knows about each declared kind at run time: its declaration, its table (and
// its child collections' tables), its hooks, the words its messages use, and which other kinds
// point at it.

/** A reference into this kind from a field of another (or the same) kind, or of its children. */
export interface IncomingReference {
  from: ResourceModel;
  /** The child collection of `from` holding the field; undefined for a field of the record itself. */
  child?: ChildModel;
  field: string;
  /** referenceList (an id array) rather than a single reference. */
  list: boolean;
  onDelete: "restrict" | "setNull";
}

/** A child collection as declared, every default filled in (define.ts). */
export type FilledChildCollection = Resource["children"][string];

/** One child collection of a kind (order items): rows of their own table, written with the parent. */
export interface ChildModel {
  /** The collection's key in bodies and answers ("items"). */
  name: string;
  collection: FilledChildCollection;
  /** The path segment of its routes (childPath(name)). */
  path: string;
  table: ResourceTable;
  fields: Record<string, Field>;
  /** "order item" / "order items": the parent's words and the row's, for sentences about other kinds. */
  singular: string;
  plural: string;
  /** "item" / "items": within the parent's own messages. */
  rowSingular: string;
  rowPlural: string;
  /** The change_logs kind of a row's own history ("Location.shipping_addresses"). */
  logKind: string;
}

export interface ResourceModel {
  kind: ResourceKind;
  resource: Resource;
  table: ResourceTable;
  hooks: ResourceHooks;
  /** "vendor category" / "vendor categories": for sentences. */
  singular: string;
  plural: string;
  fields: Record<string, Field>;
  /** Fields (and id, created_at, updated_at) a list may sort by. */
  sortable: Set<string>;
  /** Fields a list may filter on (declared `filter`, references), besides id. */
  filterable: Set<string>;
  searchable: string[];
  /** Searchable references: their target's table and title, which search matches too (search-references.ts). */
  searchTargets?: Record<string, SearchTarget>;
  incoming: IncomingReference[];
  /** Its child collections, in declaration order. */
  children: ChildModel[];
}

export interface ResourceRegistry {
  models: ResourceModel[];
  byKind: Map<ResourceKind, ResourceModel>;
  /**
   * The model of a referenced kind (declarations are validated, so it exists). Identity kinds
   * (User) have none: check isIdentityReference first.
   */
  target(field: ReferenceField): ResourceModel;
}

/** A reference to an identity kind (User): membership-checked, labelled from the users table. */
export function isIdentityReference(field: Field): boolean {
  return (field.type === "reference" || field.type === "referenceList") && IDENTITY_KINDS.has(field.target);
}

/** "Vendor category" → "vendor category"; an acronym ("SMS template", "PO") keeps its case. */
export function lowerFirst(text: string): string {
  if (/^[A-Z]{2}/.test(text)) return text;
  return text.charAt(0).toLowerCase() + text.slice(1);
}

export function pluralOf(word: string): string {
  if (/[^aeiou]y$/.test(word)) return `${word.slice(0, -1)}ies`;
  if (/(s|x|z|ch|sh)$/.test(word)) return `${word}es`;
  return `${word}s`;
}

/** The plural for counts: the label when the kind has no separate singular ("Equipment"). */
function pluralWords(resource: Resource): string {
  if (resource.label === resource.singular) return lowerFirst(resource.label);
  return lowerFirst(pluralOf(resource.singular));
}

function childModels(
  resource: Resource,
  table: ResourceTable,
  tableOfKind: (kind: ResourceKind) => string,
): ChildModel[] {
  const parentWords = lowerFirst(resource.singular);
  return Object.entries(resource.children).map(([name, collection]) => {
    const rowSingular = lowerFirst(collection.singular);
    const rowPlural =
      collection.label === collection.singular ? lowerFirst(collection.label) : pluralOf(rowSingular);
    return {
      name,
      collection,
      path: childPath(name),
      table: buildChildTable(table.name, name, collection.fields, tableOfKind),
      fields: collection.fields,
      singular: `${parentWords} ${rowSingular}`,
      plural: `${parentWords} ${rowPlural}`,
      rowSingular,
      rowPlural,
      logKind: `${resource.kind}.${name}`,
    };
  });
}

/** Secrets are never filtered, sorted or searched (their values are not the caller's to see). */
const isSecret = (field: Field) => field.type === "secret";

/** What a list may do with a kind's fields, from their declarations (query-language.ts reads them). */
export function listSets(fields: Record<string, Field>): {
  sortable: Set<string>;
  filterable: Set<string>;
  searchable: string[];
} {
  const names = Object.keys(fields).filter((n) => !isSecret(fields[n]));
  return {
    sortable: new Set(["id", "created_at", "updated_at", ...names.filter((n) => fields[n].sortable)]),
    filterable: new Set(
      names.filter((n) => fields[n].type !== "json" && (fields[n].filter || fields[n].type === "reference")),
    ),
    searchable: names.filter((n) => fields[n].searchable),
  };
}

/** A kind's searchable references: a single reference to a declared kind (not User) only. */
function searchTargetsOf(
  model: ResourceModel,
  target: (field: ReferenceField) => ResourceModel,
): Record<string, SearchTarget> {
  const targets: Record<string, SearchTarget> = {};
  for (const name of model.searchable) {
    const field = model.fields[name];
    if (field.type !== "reference" && field.type !== "referenceList") continue;
    if (field.type === "referenceList" || isIdentityReference(field)) {
      throw new Error(`${model.kind}.${name}: only a reference to a declared kind may be searchable`);
    }
    const to = target(field);
    const title = to.fields[to.resource.titleField];
    targets[name] = {
      table: to.table.name,
      titleField: to.resource.titleField,
      text: title !== undefined && ["text", "email", "phone", "url", "longText"].includes(title.type),
    };
  }
  return targets;
}

export function buildRegistry(
  resources: Resource[],
  hooksByKind: Map<ResourceKind, ResourceHooks>,
): ResourceRegistry {
  const paths = new Map(resources.map((r) => [r.kind, r.path]));
  const tableOfKind = (kind: ResourceKind) => tableNameOf(paths.get(kind) ?? pathOf(kind));
  const models: ResourceModel[] = resources.map((resource) => {
    const fields = resource.fields;
    const table = buildResourceTable(resource, tableOfKind);
    return {
      kind: resource.kind,
      resource,
      table,
      hooks: hooksByKind.get(resource.kind) ?? {},
      singular: lowerFirst(resource.singular),
      plural: pluralWords(resource),
      fields,
      ...listSets(fields),
      incoming: [],
      children: childModels(resource, table, tableOfKind),
    };
  });
  const tableNames = new Set<string>();
  for (const table of models.flatMap((m) => [m.table, ...m.children.map((c) => c.table)])) {
    if (tableNames.has(table.name)) throw new Error(`Two resource tables would be named ${table.name}`);
    tableNames.add(table.name);
  }
  const byKind = new Map(models.map((m) => [m.kind, m]));
  const target = (field: ReferenceField): ResourceModel => {
    const model = byKind.get(field.target);
    if (!model) throw new Error(`No declaration of ${field.target}`);
    return model;
  };
  const addIncoming = (model: ResourceModel, fields: Record<string, Field>, child?: ChildModel) => {
    for (const [name, field] of Object.entries(fields)) {
      if (field.type !== "reference" && field.type !== "referenceList") continue;
      // Users are not the engine's records: deleting one is the identity API's business.
      if (isIdentityReference(field)) continue;
      target(field).incoming.push({
        from: model,
        child,
        field: name,
        list: field.type === "referenceList",
        onDelete: field.onDelete ?? "restrict",
      });
    }
  };
  for (const model of models) {
    model.searchTargets = searchTargetsOf(model, target);
    addIncoming(model, model.fields);
    for (const child of model.children) addIncoming(model, child.fields, child);
  }
  return { models, byKind, target };
}

let loaded: Promise<ResourceRegistry> | undefined;

/** The declarations of src/resources with their tables and hooks, built once per process. */
export function loadRegistry(): Promise<ResourceRegistry> {
  loaded ??= (async () => {
    const resources = await loadDeclarations();
    const hooks = new Map<ResourceKind, ResourceHooks>();
    for (const resource of resources) hooks.set(resource.kind, await loadHooks(resource.path));
    return buildRegistry(resources, hooks);
  })().catch((error: unknown) => {
    loaded = undefined;
    throw error;
  });
  return loaded;
}
