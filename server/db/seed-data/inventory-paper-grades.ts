import { defineSeed, type SeedRow } from "./define";

// The basic size of each grade (inches) turns a basis weight into gsm.
export const GRADES: [string, number, number, string][] = [
  ["Bond", 17, 22, "Writing and copier papers; 20# and 24# are the common weights."],
  ["Text", 25, 38, "Coated and uncoated text (book) weights for flyers, brochures and inserts."],
  ["Cover", 20, 26, "Heavy stock for postcards, business cards and covers."],
  ["Bristol", 22.5, 28.5, "Stiff, smooth board for cards and tags."],
  ["Index", 25.5, 30.5, "Economical card stock for index cards and tabs."],
  ["Tag", 24, 36, "Tough, water-resistant board for tags."],
  ["Label", 25, 38, "Pressure-sensitive face stock, measured like text."],
  ["Synthetic", 20, 26, "Tear- and water-proof polyester or polypropylene sheets."],
];

export default defineSeed({
  rows: ({ full }) =>
    (full ? GRADES : GRADES.slice(1, 3)).map(
      ([name, basic_width, basic_height, description]): SeedRow => ({
        name,
        basic_width,
        basic_height,
        description,
      }),
    ),
});
