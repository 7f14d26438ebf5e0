import { defineSeed, ref, type SeedRow } from "./define";

// name, code, is paper, default unit
const TYPES: [string, string, boolean, string][] = [
  ["Sheet paper", "SHEET", true, "SH"],
  ["Roll paper", "ROLL", true, "ROLL"],
  ["Envelopes", "ENV", false, "EA"],
  ["Large-format media", "LFM", false, "ROLL"],
  ["Ink and toner", "INK", false, "EA"],
  ["Plates", "PLATE", false, "EA"],
  ["Laminate film", "LAM", false, "ROLL"],
  ["Cartons", "CTN", false, "EA"],
  ["Finished goods", "FG", false, "EA"],
];

export default defineSeed({
  rows: ({ full, keys }) => {
    const units = new Set(keys("InventoryMeasureUnit"));
    return (full ? TYPES : TYPES.filter(([, code]) => ["SHEET", "ENV"].includes(code))).map(
      ([name, code, is_paper, unit]): SeedRow => ({
        name,
        code,
        is_paper,
        default_measure_unit_id: units.has(unit) ? ref("InventoryMeasureUnit", unit) : null,
      }),
    );
  },
});
