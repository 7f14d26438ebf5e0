// Where a reference sits: the referencing kind and its field ("bill_to_id", or a child
// collection's "items.product_id"). Titles and options of a reference are asked from that kind's
// look-up (GET {path}/lookups/{field}), which answers whoever may read, create or update the
// referencing kind, so a CSR sees an order's statuses by name without reading Status itself.
import type { BaseRecord } from "@refinedev/core";
import type { Resource } from "../../resource-engine/define";
import type { Field, ReferenceField } from "../../resource-engine/fields";

export interface ReferenceSource {
  resource: Resource;
  /** The field's name, or `{child}.{field}` for a field of a child collection. */
  field: string;
  /** A child row's place in the form (["items", 2]): its own fields' values are read there. */
  row?: (string | number)[];
}

/** The look-up's API path: "orders/lookups/items.product_id". */
export const lookupPath = (source: Pick<ReferenceSource, "resource" | "field">): string =>
  `${source.resource.path}/lookups/${source.field}`;

/** The `meta` that sends a getList/getMany of the target to the look-up instead of its own list. */
export const lookupMeta = (source: Pick<ReferenceSource, "resource" | "field">) => ({
  path: lookupPath(source),
});

/** The reference field behind a source (undefined when it names none). */
export function sourceField(source: ReferenceSource): ReferenceField | undefined {
  const [first, second] = source.field.split(".");
  const field: Field | undefined =
    second === undefined ? source.resource.fields[first] : source.resource.children[first]?.fields[second];
  return field?.type === "reference" || field?.type === "referenceList" ? field : undefined;
}

/**
 * The form path of the value a dependent reference waits for: the row's own field for a child
 * field that names one, else the record's ("customer_id").
 */
export function dependencyPath(source: ReferenceSource): (string | number)[] | undefined {
  const dependsOn = sourceField(source)?.dependsOn;
  if (!dependsOn) return undefined;
  const [child] = source.field.split(".");
  const own =
    source.field.includes(".") && dependsOn.field in (source.resource.children[child]?.fields ?? {});
  return own && source.row ? [...source.row, dependsOn.field] : [dependsOn.field];
}

/** A look-up record's title (its `title`), else the declaration's way (a record of the kind's own list). */
export function lookupTitle(record: BaseRecord | undefined): string | undefined {
  return typeof record?.title === "string" && record.title !== "" ? record.title : undefined;
}
