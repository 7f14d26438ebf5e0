// A variant's option values must be the product's own (issue 21): each key of attribute_values the
// code of an attribute the product offers (its attribute_ids), each value a code that attribute has.
// The server refuses a variant that breaks this, on the product's writes and in its import, one
// sentence per variant at fault; the variants page shows the sentence by the variant.

/** An attribute as the check needs it (Attribute: code, name, values[].code). */
export interface OfferedAttribute {
  code: string;
  name: string;
  values: { code: string }[];
}

/** The attributes read from stored rows (values JSON malformed: no values). */
export function offeredAttributes(
  rows: { code: unknown; name: unknown; values: unknown }[],
): OfferedAttribute[] {
  return rows.map((r) => ({
    code: String(r.code ?? ""),
    name: String(r.name ?? r.code ?? ""),
    values: Array.isArray(r.values)
      ? r.values
          .filter((v) => v && typeof v === "object" && typeof v.code === "string")
          .map((v) => ({ code: v.code }))
      : [],
  }));
}

/** Why this variant's option values are not the product's, or null when they are. */
export function variantValuesProblem(offered: OfferedAttribute[], values: unknown): string | null {
  if (values === null || values === undefined || typeof values !== "object") return null;
  const byCode = new Map(offered.map((a) => [a.code, a]));
  for (const [code, value] of Object.entries(values as Record<string, unknown>)) {
    const attribute = byCode.get(code);
    if (!attribute) {
      return offered.length === 0
        ? `This product offers no options, so a variant cannot name "${code}": add the option to the product first`
        : `This product offers no option "${code}": use one of ${offered.map((a) => a.code).join(", ")}`;
    }
    if (!attribute.values.some((v) => v.code === value)) {
      return `${attribute.name} has no value "${String(value)}": use one of ${attribute.values.map((v) => v.code).join(", ") || "its values (it has none yet)"}`;
    }
  }
  return null;
}

/** Each variant at fault: its position and the sentence (field `variants.{i}.attribute_values`). */
export function variantValuesProblems(
  offered: OfferedAttribute[],
  variants: { attribute_values?: unknown }[],
): { index: number; field: string; message: string }[] {
  return variants.flatMap((v, index) => {
    const message = variantValuesProblem(offered, v.attribute_values);
    return message ? [{ index, field: `variants.${index}.attribute_values`, message }] : [];
  });
}

/**
 * A refused save's sentences about variants, each led by the variant's SKU ("PC-MATTE: Paper has no
 * value …"), from the answer's field errors (`variants.{i}.{field}` → messages); the rest as they come.
 */
export function variantSaveProblems(
  errors: Record<string, string[]> | undefined,
  variants: { sku?: string | null }[],
): string[] {
  return Object.entries(errors ?? {}).flatMap(([field, messages]) => {
    const at = /^variants\.(\d+)\./.exec(field);
    const sku = at ? variants[Number(at[1])]?.sku : undefined;
    return messages.map((m) => (sku ? `${sku}: ${m}` : m));
  });
}
