// A picked product's price for an item: its tier's price at a tier's quantity, the per-piece rate
// of the largest tier at or below it between tiers (the smallest tier's below them all), in cents;
// and what picking fills (fields.ts, ReferenceField.fills).
import { describe, expect, it } from "vitest";
import { filledValues, fillSources, pricedBy, tierPrice } from "../../../src/resource-engine/pricing";

const tiers = [
  { quantity: 1000, price: 45 },
  { quantity: 250, price: 25 },
  { quantity: 500, price: 32 },
];

describe("tierPrice", () => {
  it.each([
    [250, 25],
    [500, 32],
    [1000, 45],
    [750, 48], // 32 / 500 × 750
    [2000, 90], // 45 / 1000 × 2000
    [100, 10], // below the smallest tier: its rate
    [333, 33.3],
  ])("%i pieces cost %d", (quantity, price) => {
    expect(tierPrice(tiers, quantity)).toBe(price);
  });

  it("has no price without tiers or a positive whole quantity", () => {
    expect(tierPrice(null, 500)).toBeUndefined();
    expect(tierPrice([], 500)).toBeUndefined();
    expect(tierPrice([{ quantity: "x", price: 3 }], 500)).toBeUndefined();
    for (const quantity of [null, undefined, "", 0, -5, 2.5]) {
      expect(tierPrice(tiers, quantity)).toBeUndefined();
    }
  });

  it("reads quantities given as text", () => {
    expect(tierPrice([{ quantity: "500", price: "32.00" }], "500")).toBe(32);
  });
});

describe("what picking fills", () => {
  const fills = { description: "name", price: { tiers: "price_tiers", quantity: "quantity" } };
  const product = { id: 4, name: "Business cards", price_tiers: tiers };

  it("names the source fields and the priced ones", () => {
    expect(fillSources(fills)).toEqual(["name", "price_tiers"]);
    expect(pricedBy(fills)).toEqual({ price: "quantity" });
  });

  it("fills the description and the price for the row's quantity, keeping what the user typed", () => {
    expect(filledValues(fills, product, { quantity: 500 })).toEqual({
      description: "Business cards",
      price: 32,
    });
    expect(filledValues(fills, product, { quantity: null })).toEqual({ description: "Business cards" });
    expect(filledValues(fills, product, { quantity: 500 }, new Set(["price"]))).toEqual({
      description: "Business cards",
    });
  });
});
