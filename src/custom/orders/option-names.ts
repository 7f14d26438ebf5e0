// An item's options `{ attribute code: value code }` in the shop's words: the attributes' names and
// their values' labels (a code nothing names is shown as it is). Pure; shared by the order desk's
// server answer, the job ticket and the run print-outs.

interface AttributeValue {
  code?: unknown;
  label?: unknown;
}

/** An Attribute record (code, name, values), or any record shaped like one. */
export type NamedAttribute = Record<string, unknown>;

const text = (v: unknown): string | undefined => (typeof v === "string" && v !== "" ? v : undefined);

export function optionNames(
  options: unknown,
  attributes: NamedAttribute[],
): { name: string; value: string }[] {
  if (!options || typeof options !== "object" || Array.isArray(options)) return [];
  return Object.entries(options as Record<string, unknown>).map(([code, value]) => {
    const attribute = attributes.find((a) => a.code === code);
    const values = Array.isArray(attribute?.values) ? (attribute.values as AttributeValue[]) : [];
    const label = text(values.find((v) => v.code === value)?.label);
    return { name: text(attribute?.name) ?? code, value: label ?? String(value) };
  });
}
