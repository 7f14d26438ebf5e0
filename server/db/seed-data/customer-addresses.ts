import { defineSeed, ref, type SeedRow } from "./define";
import { CITIES, FIRST_NAMES, LAST_NAMES, STREETS } from "./names";

// One to three addresses a customer: billing, usually a shipping address, sometimes a return address.
// Keys are "{customer number}:{kind}" (orders and packing slips name them so).
export default defineSeed({
  rows: ({ keys, random }) => {
    const rows: SeedRow[] = [];
    for (const customer of keys("Customer")) {
      const [city, state, zip, area] = random.pick(CITIES);
      const street = `${random.int(100, 9899)} ${random.pick(STREETS)}`;
      const base = {
        customer_id: ref("Customer", customer),
        city,
        state,
        postal_code: `${zip}${String(random.int(1, 99)).padStart(2, "0")}`,
        country: "US",
        phone: `(${area}) 555-${String(random.int(100, 9999)).padStart(4, "0")}`,
      };
      const count = random.pick([1, 2, 2, 2, 3]);
      rows.push({
        ...base,
        $key: `${customer}:billing`,
        kind: "billing",
        nickname: "Billing",
        street1: street,
        is_default: true,
      });
      if (count >= 2) {
        const [shipCity, shipState, shipZip] = random.chance(0.6) ? [city, state, zip] : random.pick(CITIES);
        rows.push({
          ...base,
          $key: `${customer}:shipping`,
          kind: "shipping",
          nickname: random.pick(["Main office", "Warehouse", "Front desk", "Store", "Shipping"]),
          attention: `${random.pick(FIRST_NAMES)} ${random.pick(LAST_NAMES)}`,
          street1: `${random.int(100, 9899)} ${random.pick(STREETS)}`,
          street2: random.chance(0.3) ? `Suite ${random.int(100, 900)}` : null,
          city: shipCity,
          state: shipState,
          postal_code: `${shipZip}${String(random.int(1, 99)).padStart(2, "0")}`,
          is_default: true,
          is_residential: random.chance(0.15),
        });
      }
      if (count >= 3) {
        rows.push({
          ...base,
          $key: `${customer}:return`,
          kind: "return",
          nickname: "Returns",
          street1: street,
          is_default: false,
        });
      }
    }
    return rows;
  },
});
