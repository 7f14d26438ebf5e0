import { defineSeed, ref, type SeedRow } from "./define";

// brand, manufacturer, usual merchant
export const BRANDS: [string, string, string][] = [
  ["Sappi McCoy", "Sappi", "Lakeshore Paper Co."],
  ["Sappi Opus", "Sappi", "Lakeshore Paper Co."],
  ["Mohawk Superfine", "Mohawk", "Midwest Paper Supply"],
  ["Mohawk Via", "Mohawk", "Midwest Paper Supply"],
  ["Neenah Classic Crest", "Neenah", "Prairie Fine Papers"],
  ["Neenah Classic Linen", "Neenah", "Prairie Fine Papers"],
  ["Blazer Digital", "Billerud", "Great Lakes Paper Distributors"],
  ["Cougar", "Domtar", "Great Lakes Paper Distributors"],
  ["Lynx Opaque", "Domtar", "Midwest Paper Supply"],
  ["Endurance Gloss", "Sappi", "Lakeshore Paper Co."],
];

export default defineSeed({
  rows: ({ full, keys }) => {
    const vendors = new Set(keys("Vendor"));
    return (full ? BRANDS : BRANDS.slice(0, 2)).map(
      ([name, manufacturer, vendor]): SeedRow => ({
        name,
        manufacturer,
        vendor_id: vendors.has(vendor) ? ref("Vendor", vendor) : null,
      }),
    );
  },
});
