import { defineSeed, ref, type SeedRow } from "./define";

const CATEGORIES: [string, string | null][] = [
  ["Real Estate", null],
  ["Just Listed / Just Sold", "Real Estate"],
  ["Healthcare", null],
  ["Dental", "Healthcare"],
  ["Restaurants", null],
  ["Holiday", null],
  ["Corporate Identity", null],
  ["Every Door Direct Mail", null],
];

export default defineSeed({
  rows: ({ full, keys }) => {
    const site = keys("Site")[0];
    return (full ? CATEGORIES : CATEGORIES.slice(0, 2)).map(
      ([name, parent], i): SeedRow => ({
        name,
        parent_id: parent ? ref("TemplateCategory", parent) : null,
        site_id: site ? ref("Site", site) : null,
        sort_order: (i + 1) * 10,
        visible: true,
      }),
    );
  },
});
