import { defineSeed, ref, type SeedRow } from "./define";

// name, parent, site (storefront unless said). Each site's products use its own categories.
const CATEGORIES: [string, string | null, "storefront" | "portal" | "realty"][] = [
  ["Business Cards", null, "storefront"],
  ["Marketing Materials", null, "storefront"],
  ["Postcards", "Marketing Materials", "storefront"],
  ["Flyers", "Marketing Materials", "storefront"],
  ["Brochures", "Marketing Materials", "storefront"],
  ["Stationery", null, "storefront"],
  ["Letterhead", "Stationery", "storefront"],
  ["Envelopes", "Stationery", "storefront"],
  ["Signs & Banners", null, "storefront"],
  ["Direct Mail", null, "storefront"],
  ["EDDM", "Direct Mail", "storefront"],
  ["Acme Brand Center", null, "portal"],
  ["Acme Sales Kits", "Acme Brand Center", "portal"],
  ["Agent Marketing", null, "realty"],
  ["Listing Mail", "Agent Marketing", "realty"],
];

const slug = (name: string) =>
  name
    .toLowerCase()
    .replace(/&/g, "and")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

export default defineSeed({
  rows: ({ full, keys }) => {
    const sites = keys("Site");
    const siteOf = (which: "storefront" | "portal" | "realty") =>
      which === "portal"
        ? sites.find((s) => s.includes("Portal"))
        : which === "realty"
          ? (sites.find((s) => s.startsWith("Realty")) ?? sites[0])
          : sites[0];
    return (full ? CATEGORIES : CATEGORIES.slice(0, 2)).map(([name, parent, site], i): SeedRow => {
      const siteKey = siteOf(site);
      return {
        name,
        slug: slug(name),
        parent_id: parent ? ref("ProductCategory", parent) : null,
        site_id: siteKey ? ref("Site", siteKey) : null,
        sort_order: (i + 1) * 10,
        visible: true,
      };
    });
  },
});
