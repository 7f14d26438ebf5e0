import { SMALL_SHOP_TEMPLATES, siteOf, TEMPLATES } from "./catalog";
import { defineSeed, ref, type SeedRow } from "./define";

// name, parent. A template's category is its own site's (templates.ts declares it, issue 16), so
// each site gets the categories its templates use (with their parents); the first site, the
// retail storefront, gets them all.
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

/** The seed key of category `name` on site `site`: the name on the first site, else "name (site)". */
export const templateCategoryKey = (name: string, site: string, sites: string[]): string =>
  site === sites[0] ? name : `${name} (${site})`;

export default defineSeed({
  rows: ({ full, keys }) => {
    const sites = keys("Site");
    const first = sites[0];
    if (!first) return [];
    const categories = full ? CATEGORIES : CATEGORIES.slice(0, 2);
    const parentOf = new Map(categories);
    // site → the category names it needs, in CATEGORIES order.
    const wanted = new Map<string, Set<string>>([[first, new Set(parentOf.keys())]]);
    for (const t of full ? TEMPLATES : SMALL_SHOP_TEMPLATES) {
      const site = siteOf(t.site, sites);
      if (!site || !t.category || !parentOf.has(t.category)) continue;
      const names = wanted.get(site) ?? new Set<string>();
      for (let c: string | null | undefined = t.category; c; c = parentOf.get(c)) names.add(c);
      wanted.set(site, names);
    }
    return [...wanted].flatMap(([site, names]) =>
      categories
        .filter(([name]) => names.has(name))
        .map(
          ([name, parent], i): SeedRow => ({
            $key: templateCategoryKey(name, site, sites),
            name,
            parent_id: parent ? ref("TemplateCategory", templateCategoryKey(parent, site, sites)) : null,
            site_id: ref("Site", site),
            sort_order: (i + 1) * 10,
            visible: true,
          }),
        ),
    );
  },
});
