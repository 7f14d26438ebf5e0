// What picking a record fills beside the reference (fields.ts, ReferenceField.fills): its named
// fields as they are, and a line price from its price tiers for the row's quantity.
import type { ReferenceField, TierPrice } from "./fields";

export interface Tier {
  quantity: number;
  price: number;
}

/** The well-formed tiers of a stored value (`[{ quantity, price }]`), smallest quantity first. */
export function tiersOf(value: unknown): Tier[] {
  if (!Array.isArray(value)) return [];
  return value
    .map((t) => ({ quantity: Number(t?.quantity), price: Number(t?.price) }))
    .filter((t) => Number.isFinite(t.quantity) && t.quantity > 0 && Number.isFinite(t.price) && t.price >= 0)
    .sort((a, b) => a.quantity - b.quantity);
}

/**
 * The price of `quantity` pieces: a tier's price is for its whole quantity, so the price is the
 * tier's when the quantity is a tier's, else the per-piece rate of the largest tier at or below
 * it (the smallest tier's below them all) times the quantity, in cents. The seed prices its
 * orders the same way. Undefined without tiers or a positive whole quantity.
 */
export function tierPrice(tiers: unknown, quantity: unknown): number | undefined {
  const list = tiersOf(tiers);
  const q = Number(quantity);
  if (list.length === 0 || quantity === null || quantity === "" || !Number.isInteger(q) || q < 1) {
    return undefined;
  }
  let tier = list[0];
  for (const t of list) if (t.quantity <= q) tier = t;
  if (tier.quantity === q) return tier.price;
  return Math.round((tier.price / tier.quantity) * q * 100) / 100;
}

const isTierPrice = (source: string | TierPrice): source is TierPrice => typeof source === "object";

/** The picked record's fields the `fills` declaration reads. */
export function fillSources(fills: NonNullable<ReferenceField["fills"]>): string[] {
  return [...new Set(Object.values(fills).map((s) => (isTierPrice(s) ? s.tiers : s)))];
}

/** The fields a quantity change re-prices: field → the quantity field it is priced by. */
export function pricedBy(fills: NonNullable<ReferenceField["fills"]>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(fills).flatMap(([name, s]) => (isTierPrice(s) ? [[name, s.quantity]] : [])),
  );
}

/**
 * The values picking `source` fills into `row`: each declared field from the source, prices
 * from its tiers for the row's quantity. `keep`: fields the user typed, left as they are.
 */
export function filledValues(
  fills: NonNullable<ReferenceField["fills"]>,
  source: Record<string, unknown>,
  row: Record<string, unknown>,
  keep: Set<string> = new Set(),
): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [name, from] of Object.entries(fills)) {
    if (keep.has(name)) continue;
    if (isTierPrice(from)) {
      const price = tierPrice(source[from.tiers], row[from.quantity]);
      if (price !== undefined) values[name] = price;
    } else if (source[from] !== undefined && source[from] !== null) {
      values[name] = source[from];
    }
  }
  return values;
}
