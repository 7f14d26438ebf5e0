import { defineSeed, type SeedRow } from "./define";

// name, category, pricing unit, rate, minimum charge, taxable, description
const SERVICES: [string, string, string, number, number | null, boolean, string][] = [
  [
    "Graphic design",
    "design",
    "hour",
    75,
    37.5,
    true,
    "Layout and artwork by our designers, billed in half hours.",
  ],
  [
    "File preparation",
    "design",
    "hour",
    60,
    30,
    true,
    "Fixing supplied files: bleed, fonts, colour conversion.",
  ],
  [
    "Hard-copy proof",
    "proofing",
    "flat",
    25,
    null,
    true,
    "A printed proof on the job's stock, shipped or picked up.",
  ],
  [
    "Color-matched proof",
    "proofing",
    "flat",
    45,
    null,
    true,
    "A calibrated contract proof for colour-critical work.",
  ],
  [
    "CASS/NCOA processing",
    "list_processing",
    "per_thousand",
    8,
    35,
    false,
    "Address standardization and change-of-address update.",
  ],
  ["Data merge", "list_processing", "flat", 45, null, false, "Variable data set-up for personalized pieces."],
  [
    "Inkjet addressing",
    "mailing",
    "per_thousand",
    35,
    50,
    false,
    "Address, IMb barcode and endorsement line.",
  ],
  ["Tabbing", "mailing", "per_thousand", 12, 25, false, "Wafer seals for folded self-mailers."],
  [
    "Mail prep and delivery",
    "mailing",
    "per_thousand",
    20,
    40,
    false,
    "Presort, trays and delivery to the entry office.",
  ],
  ["Folding", "finishing", "per_thousand", 15, 20, true, "Half, tri, z or gate fold."],
  ["Shrink wrapping", "finishing", "piece", 0.35, 10, true, "Bundles of 50, 100 or 250."],
  ["Rush fee", "fee", "flat", 50, null, true, "Next-day turnaround when the job is approved by noon."],
  // The postcard and letter tools bill postage on this line at the mail class's rate (server/mail-tools/).
  [
    "Postage",
    "mailing",
    "piece",
    0,
    null,
    false,
    "Postage at the mail class's rate from the postage rate table, billed on mail orders.",
  ],
];

export default defineSeed({
  rows: ({ full }) =>
    (full ? SERVICES : SERVICES.slice(0, 2)).map(
      ([name, category, pricing_unit, rate, min_charge, taxable, description]): SeedRow => ({
        name,
        category,
        pricing_unit,
        rate,
        min_charge,
        taxable,
        description,
      }),
    ),
});
