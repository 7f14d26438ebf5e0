import { defineSeed, type SeedRow } from "./define";

// name, category, unit, default speed per hour, dashboard
const TYPES: [string, string, string, number, string | null][] = [
  ["Offset press", "press", "impressions", 15_000, "press"],
  ["Digital press", "press", "impressions", 4_500, "press"],
  ["Specialty press", "press", "sheets", 1_500, "specialty-press"],
  ["Letterpress", "press", "impressions", 3_000, "letter-press"],
  ["Large-format printer", "large_format", "sq_ft", 900, "large-format"],
  ["Platesetter", "prepress", "pieces", 30, null],
  ["Guillotine cutter", "finishing", "cuts", 600, "cutting"],
  ["Digital cutter", "finishing", "sheets", 400, "cutting"],
  ["UV coater", "finishing", "sheets", 6_000, "coating"],
  ["Folder", "bindery", "sheets", 12_000, "bindery"],
  ["Saddle stitcher", "bindery", "pieces", 5_000, "bindery"],
  ["Inkjet addresser", "mailing", "pieces", 20_000, null],
];

export default defineSeed({
  rows: ({ full }) =>
    (full ? TYPES : TYPES.filter(([name]) => ["Offset press", "Guillotine cutter"].includes(name))).map(
      ([name, category, unit, default_speed, dashboard_key]): SeedRow => ({
        name,
        category,
        unit,
        default_speed,
        dashboard_key,
      }),
    ),
});
