import { type Kind, pathOf } from "../../src/access/kinds";
import type { Resource } from "../../src/resource-engine/define";
import type { Field, ReferenceField } from "../../src/resource-engine/fields";
import { loadDeclarations } from "./declarations";
import { loadHooks, type ResourceHooks } from "./hooks";
import { buildResourceTable, type ResourceTable, tableNameOf } from "./tables";

// What the engine knows about each declared kind at run time: its declaration, its table, its
// hooks, the words its messages use, and which other kinds point at it.

/** A reference into this kind from a field of another (or the same) kind. */
export interface IncomingReference {
  from: ResourceModel;
  field: string;
  /** referenceList (an id array) rather than a single reference. */
  list: boolean;
  onDelete: "restrict" | "setNull";
}

export interface ResourceModel {
  kind: Kind;
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
  incoming: IncomingReference[];
}

export interface ResourceRegistry {
  models: ResourceModel[];
  byKind: Map<Kind, ResourceModel>;
  /** The model of a referenced kind (declarations are validated, so it exists). */
  target(field: ReferenceField): ResourceModel;
}

/** "Vendor category" → "vendor category"; an acronym ("SMS template", "PO") keeps its case. */
export function lowerFirst(text: string): string {
  if (/^[A-Z]{2}/.test(text)) return text;
  return text.charAt(0).toLowerCase() + text.slice(1);
}

function pluralOf(word: string): string {
  if (/[^aeiou]y$/.test(word)) return `${word.slice(0, -1)}ies`;
  if (/(s|x|z|ch|sh)$/.test(word)) return `${word}es`;
  return `${word}s`;
}

/** The plural for counts: the label when the kind has no separate singular ("Equipment"). */
function pluralWords(resource: Resource): string {
  if (resource.label === resource.singular) return lowerFirst(resource.label);
  return lowerFirst(pluralOf(resource.singular));
}

export function buildRegistry(
  resources: Resource[],
  hooksByKind: Map<Kind, ResourceHooks>,
): ResourceRegistry {
  const paths = new Map(resources.map((r) => [r.kind, r.path]));
  const tableOfKind = (kind: Kind) => tableNameOf(paths.get(kind) ?? pathOf(kind));
  const models: ResourceModel[] = resources.map((resource) => {
    const fields = resource.fields;
    const names = Object.keys(fields);
    return {
      kind: resource.kind,
      resource,
      table: buildResourceTable(resource, tableOfKind),
      hooks: hooksByKind.get(resource.kind) ?? {},
      singular: lowerFirst(resource.singular),
      plural: pluralWords(resource),
      fields,
      sortable: new Set(["id", "created_at", "updated_at", ...names.filter((n) => fields[n].sortable)]),
      filterable: new Set(
        names.filter(
          (n) => fields[n].type !== "json" && (fields[n].filter || fields[n].type === "reference"),
        ),
      ),
      searchable: names.filter((n) => fields[n].searchable),
      incoming: [],
    };
  });
  const byKind = new Map(models.map((m) => [m.kind, m]));
  const target = (field: ReferenceField): ResourceModel => {
    const model = byKind.get(field.target);
    if (!model) throw new Error(`No declaration of ${field.target}`);
    return model;
  };
  for (const model of models) {
    for (const [name, field] of Object.entries(model.fields)) {
      if (field.type !== "reference" && field.type !== "referenceList") continue;
      target(field).incoming.push({
        from: model,
        field: name,
        list: field.type === "referenceList",
        onDelete: field.onDelete ?? "restrict",
      });
    }
  }
  return { models, byKind, target };
}

let loaded: Promise<ResourceRegistry> | undefined;

/** The declarations of src/resources with their tables and hooks, built once per process. */
export function loadRegistry(): Promise<ResourceRegistry> {
  loaded ??= (async () => {
    const resources = await loadDeclarations();
    const hooks = new Map<Kind, ResourceHooks>();
    for (const resource of resources) hooks.set(resource.kind, await loadHooks(resource.path));
    return buildRegistry(resources, hooks);
  })().catch((error: unknown) => {
    loaded = undefined;
    throw error;
  });
  return loaded;
}
