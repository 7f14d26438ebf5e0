import { defineSeed, type SeedRow } from "./define";

// USPS carrier routes around the plant that EDDM mailings pick from: city routes in the Chicago
// ZIPs, rural routes out in McHenry County, a highway-contract and a PO-box route in the suburbs.
// ZIP, how many routes of each type (C city, R rural, H highway contract, B PO box)
const ZIPS: [string, Partial<Record<"C" | "R" | "H" | "B", number>>][] = [
  ["60612", { C: 9, B: 1 }],
  ["60607", { C: 7 }],
  ["60608", { C: 10 }],
  ["60622", { C: 8 }],
  ["60647", { C: 11 }],
  ["60614", { C: 9 }],
  ["60714", { C: 6, H: 1 }],
  ["60098", { C: 3, R: 4 }],
];

const TYPE = { C: "city", R: "rural", H: "highway_contract", B: "po_box" } as const;

export default defineSeed({
  rows: ({ full, random }) => {
    const zips: typeof ZIPS = full ? ZIPS : [["53719", { C: 3, R: 1 }]];
    const rows: SeedRow[] = [];
    for (const [zip5, counts] of zips) {
      for (const letter of ["C", "R", "H", "B"] as const) {
        for (let n = 1; n <= (counts[letter] ?? 0); n++) {
          const carrier_route = `${letter}${String(n).padStart(3, "0")}`;
          // PO-box routes are all boxes; rural routes are mostly homes; city routes mix in shops.
          const residential =
            letter === "B"
              ? random.int(200, 600)
              : letter === "R"
                ? random.int(250, 520)
                : random.int(320, 880);
          const business = letter === "R" ? random.int(2, 25) : random.int(8, 140);
          rows.push({
            $key: `${zip5}-${carrier_route}`,
            zip5,
            carrier_route,
            type: TYPE[letter],
            residential_count: residential,
            business_count: business,
            total_count: residential + business,
            post_office_id: null,
            selected: random.chance(0.25),
          });
        }
      }
    }
    return rows;
  },
});
