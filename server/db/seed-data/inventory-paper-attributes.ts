import { defineSeed, type SeedRow } from "./define";

// name, finish, coated sides, shade, brightness, opacity, recycled %
export const PAPER_ATTRIBUTES: [string, string, string, string, number, number, number][] = [
  ["Gloss C2S blue-white 96", "gloss", "c2s", "Blue white", 96, 94, 10],
  ["Dull C2S blue-white 94", "dull", "c2s", "Blue white", 94, 95, 10],
  ["Matte C2S white 96", "matte", "c2s", "White", 96, 96, 0],
  ["Silk C2S white 95", "silk", "c2s", "White", 95, 95, 30],
  ["Gloss C1S white 92", "gloss", "c1s", "White", 92, 97, 0],
  ["Uncoated smooth white 96", "uncoated", "none", "Bright white", 96, 93, 30],
  ["Uncoated vellum natural 90", "uncoated", "none", "Natural", 90, 92, 100],
  ["Linen solar white 92", "linen", "none", "Solar white", 92, 94, 0],
];

export default defineSeed({
  rows: ({ full }) =>
    (full ? PAPER_ATTRIBUTES : PAPER_ATTRIBUTES.slice(0, 2)).map(
      ([name, finish, coated_sides, shade, brightness, opacity, recycled_percent]): SeedRow => ({
        name,
        finish,
        coated_sides,
        shade,
        brightness,
        opacity,
        recycled_percent,
      }),
    ),
});
