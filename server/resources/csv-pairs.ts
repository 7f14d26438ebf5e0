import type { JsonShape } from "../../src/resource-engine/fields";

// A CSV cell for a list of two-property objects written as pairs a spreadsheet user can type: a
// product's price tiers as "250:45; 500:70; 1,000:120" rather than JSON; and a map of text the same
// way: a variant's option values as "stock=14pt; coating=gloss". A cell starting with "[" or "{"
// is still read as JSON. Numbers lose their "$" and thousands commas; anything else is kept as
// typed, so the field's shape check names the problem (json-shape.ts).

/** The two property names when `shape` is a list of objects of exactly two properties. */
export function pairProperties(shape: JsonShape | undefined): [string, string] | undefined {
  if (shape?.type !== "array" || shape.items.type !== "object") return undefined;
  const names = Object.keys(shape.items.properties);
  return names.length === 2 ? [names[0], names[1]] : undefined;
}

const NUMBER = /^[-+]?(?:\d+\.?\d*|\.\d+)$/;

const numberOrText = (text: string): string | number => {
  const cleaned = text.replace(/[$,\s]/g, "");
  return NUMBER.test(cleaned) ? Number(cleaned) : text;
};

/** The cell's pairs as objects, or an error naming the expected form. */
export function pairsOf(
  cell: string,
  [first, second]: [string, string],
): { value: Record<string, unknown>[] } | { error: string } {
  const parts = cell
    .split(/[;|]/)
    .map((p) => p.trim())
    .filter((p) => p !== "");
  const value: Record<string, unknown>[] = [];
  for (const part of parts) {
    const match = /^(.+?)\s*[:=]\s*(.+)$/.exec(part);
    if (!match) {
      return {
        error: `Expected ${first}:${second} pairs separated by ";" (e.g. 250:45; 500:70), or JSON; "${part.slice(0, 40)}" is neither`,
      };
    }
    value.push({ [first]: numberOrText(match[1]), [second]: numberOrText(match[2]) });
  }
  return { value };
}

/** A map cell ("stock=14pt; coating=gloss", or ":" for "="): its keys and text values, or an error. */
export function mapPairsOf(cell: string): { value: Record<string, string> } | { error: string } {
  const value: Record<string, string> = {};
  for (const part of cell
    .split(/[;|]/)
    .map((p) => p.trim())
    .filter((p) => p !== "")) {
    const match = /^(.+?)\s*[:=]\s*(.+)$/.exec(part);
    if (!match) {
      return {
        error: `Expected name=value pairs separated by ";" (e.g. stock=14pt; coating=gloss), or JSON; "${part.slice(0, 40)}" is neither`,
      };
    }
    if (Object.hasOwn(value, match[1])) return { error: `"${match[1]}" is given twice` };
    value[match[1]] = match[2];
  }
  return { value };
}
