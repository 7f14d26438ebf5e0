import { defineSeed, ref, type SeedRow } from "./define";

// code, name, base unit code, factor
const UNITS: [string, string, string | null, number][] = [
  ["SH", "Sheet", null, 1],
  ["RM", "Ream (500 sheets)", "SH", 500],
  ["M", "Thousand sheets", "SH", 1000],
  ["CTN", "Carton", "SH", 1000],
  ["SKD", "Skid", "SH", 20_000],
  ["LB", "Pound", null, 1],
  ["CWT", "Hundredweight (100 lb)", "LB", 100],
  ["ROLL", "Roll", null, 1],
  ["LF", "Linear foot", null, 1],
  ["SF", "Square foot", null, 1],
  ["EA", "Each", null, 1],
];

export default defineSeed({
  rows: ({ full }) =>
    (full ? UNITS : UNITS.filter(([code]) => ["SH", "RM", "EA"].includes(code))).map(
      ([code, name, base, factor]): SeedRow => ({
        code,
        name,
        base_unit_id: base ? ref("InventoryMeasureUnit", base) : null,
        factor,
      }),
    ),
});
