// Variants generated from chosen option values (issue 21, /products/{site_id}/{id}/variants): one
// per combination of the values chosen for each attribute (the product of the value sets), with a
// SKU of the product's SKU and the values' codes, named by the values' labels. Combinations the
// product already has (the same option values) are not made again.

export interface AttributeChoice {
  /** The attribute's code: the key of a variant's attribute_values. */
  code: string;
  /** The chosen values, in the attribute's order. */
  values: { code: string; label: string }[];
}

export interface GeneratedVariant {
  sku: string;
  name: string;
  attribute_values: Record<string, string>;
  active: boolean;
}

/** How many variants the choice makes: the product of the chosen value counts (0 when nothing is chosen). */
export function variantCount(choices: AttributeChoice[]): number {
  const chosen = choices.filter((c) => c.values.length > 0);
  return chosen.length === 0 ? 0 : chosen.reduce((n, c) => n * c.values.length, 1);
}

/** "9 variants", "1 variant". */
export const variantCountLabel = (n: number) =>
  `${n.toLocaleString("en-US")} ${n === 1 ? "variant" : "variants"}`;

const sameValues = (a: Record<string, string>, b: Record<string, string>) => {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => a[k] === b[k]);
};

/** The variants of every combination, in attribute then value order, less those `existing` has. */
export function generateVariants(
  productSku: string,
  choices: AttributeChoice[],
  existing: { attribute_values?: Record<string, string> | null }[] = [],
): GeneratedVariant[] {
  const chosen = choices.filter((c) => c.values.length > 0);
  if (chosen.length === 0) return [];
  let combos: { code: string; value: { code: string; label: string } }[][] = [[]];
  for (const attribute of chosen)
    combos = combos.flatMap((combo) =>
      attribute.values.map((value) => [...combo, { code: attribute.code, value }]),
    );
  return combos
    .map((combo) => ({
      sku: [productSku, ...combo.map((c) => c.value.code)].join("-").toUpperCase().slice(0, 40),
      name: combo
        .map((c) => c.value.label)
        .join(" / ")
        .slice(0, 160),
      attribute_values: Object.fromEntries(combo.map((c) => [c.code, c.value.code])),
      active: true,
    }))
    .filter(
      (v) => !existing.some((e) => e.attribute_values && sameValues(e.attribute_values, v.attribute_values)),
    );
}
