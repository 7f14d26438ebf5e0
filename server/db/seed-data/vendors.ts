import { defineSeed, ref, type SeedRow } from "./define";

// name, category, terms, lead time (days), preferred
const VENDORS: [string, string, string, number, boolean][] = [
  ["Lakeshore Paper Co.", "Paper merchants", "net30", 2, true],
  ["Midwest Paper Supply", "Paper merchants", "net30", 3, true],
  ["Great Lakes Paper Distributors", "Paper merchants", "net30", 4, false],
  ["Prairie Fine Papers", "Paper merchants", "net15", 5, false],
  ["Harbor Trade Printing", "Trade printers", "net30", 5, true],
  ["Summit Wholesale Print", "Trade printers", "net15", 6, false],
  ["Fast Lane Trade Graphics", "Trade printers", "prepaid", 3, false],
  ["Heartland Envelope", "Envelope converters", "net30", 10, true],
  ["Windy City Envelope Works", "Envelope converters", "net30", 12, false],
  ["Spectrum Ink & Supply", "Ink and consumables", "net30", 2, true],
  ["PlateRite Consumables", "Ink and consumables", "net30", 3, false],
  ["Toner Direct", "Ink and consumables", "cod", 1, false],
  ["Gold Leaf Finishing", "Outside finishing", "net30", 7, true],
  ["Precision Die Cutting", "Outside finishing", "net30", 8, false],
  ["Midwest Bindery Services", "Outside finishing", "net15", 6, false],
  ["DataList Brokers", "List brokers", "prepaid", 2, true],
  ["TargetMail Lists", "List brokers", "prepaid", 3, false],
  ["Metro Courier", "Carriers", "net15", 0, true],
  ["Crossroads Freight", "Carriers", "net30", 2, false],
  ["Parcel Express", "Carriers", "net30", 1, false],
  ["Press Service Pros", "Equipment service", "net30", 2, true],
  ["Finishing Tech Service", "Equipment service", "net30", 3, false],
  ["Digital Press Support", "Equipment service", "net30", 1, false],
  ["Northern Paper Mills Direct", "Paper merchants", "net30", 14, false],
  ["Allied Ink Company", "Ink and consumables", "net30", 4, false],
];

export default defineSeed({
  rows: ({ full, keys, random }) => {
    const categories = new Set(keys("VendorCategory"));
    return VENDORS.filter(([, category]) => categories.has(category))
      .slice(0, full ? undefined : 3)
      .map(([name, category, terms, lead_time_days, preferred], i): SeedRow => {
        const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, "");
        return {
          name,
          vendor_category_id: ref("VendorCategory", category),
          account_no: `V-${String(4100 + i * 7).padStart(5, "0")}`,
          contact_name: random.pick(["Sales desk", "Customer service", "Account manager", "Orders"]),
          email: `orders@${slug}.example.com`,
          phone: `(800) 555-${String(1000 + i * 37).padStart(4, "0")}`,
          terms,
          lead_time_days,
          preferred,
          active: true,
        };
      });
  },
});
