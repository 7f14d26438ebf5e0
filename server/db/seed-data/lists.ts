import { defineSeed, type Random, ref, type SeedRow } from "./define";

// Mailing lists of the customers who mail: uploaded files, rented lists, CRM feeds, automated
// campaigns and EDDM saturation counts, each somewhere on its way from upload to use. Keys are
// "{customer number}:{n}"; mail orders pick their customer's lists.

const PURPOSES = [
  "Past clients",
  "Spring appeal",
  "New movers",
  "Patients – recall",
  "Members",
  "Open house neighbors",
  "Donors 2023",
  "Prospects – rented",
  "Newsletter subscribers",
  "Holiday card list",
];

const SOURCES: [string, number][] = [
  ["uploaded", 0.55],
  ["rented", 0.15],
  ["crm_feed", 0.12],
  ["automated_campaign", 0.08],
  ["eddm_saturation", 0.1],
];

// status, share of lists: most are ready to use or used; a few are still being processed.
const STATUSES: [string, number][] = [
  ["uploaded", 0.05],
  ["mapped", 0.05],
  ["processing", 0.05],
  ["processed", 0.1],
  ["approved", 0.25],
  ["in_use", 0.35],
  ["archived", 0.1],
  ["failed", 0.05],
];

function weighted(random: Random, weights: [string, number][]): string {
  let r = random.next();
  for (const [value, weight] of weights) {
    r -= weight;
    if (r < 0) return value;
  }
  return weights[weights.length - 1][0];
}

/** The customers who mail: public bodies, charities, companies, and realtors. */
export function mailers(customers: readonly SeedRow[], full: boolean): SeedRow[] {
  const mail = customers.filter(
    (c) =>
      c.type === "nonprofit" ||
      c.type === "government" ||
      c.type === "corporate" ||
      String(c.name).includes("Realty"),
  );
  // A small shop with no such customer still has someone who mails.
  return (mail.length > 0 ? mail : customers).slice(0, full ? 40 : 2);
}

const DAY = 86_400_000;

export default defineSeed({
  rows: ({ full, rows, random, now, keys }) => {
    const fieldMap = keys("Map").find((k) => k.startsWith("List:"));
    const out: SeedRow[] = [];
    for (const customer of mailers(rows("Customer"), full)) {
      const count = full ? random.pick([1, 1, 2, 2, 3]) : 1;
      for (let n = 1; n <= count; n++) {
        const source = weighted(random, SOURCES);
        // The small shop's lists are ready to use.
        const status = full ? weighted(random, STATUSES) : "approved";
        const records =
          random.pick([1_200, 2_500, 4_000, 6_500, 10_000, 18_000, 25_000]) + random.int(0, 900);
        const processed = ["processed", "approved", "in_use", "archived"].includes(status);
        const undeliverable = processed ? Math.round(records * (random.int(8, 40) / 1000)) : 0;
        const duplicates = processed ? Math.round(records * (random.int(5, 30) / 1000)) : 0;
        const uploadedAgo = random.int(3, 120);
        const processedAt = new Date(now.getTime() - (uploadedAgo - 1) * DAY);
        out.push({
          $key: `${customer.$key}:${n}`,
          name: `${customer.name} – ${random.pick(PURPOSES)}`,
          customer_id: ref("Customer", String(customer.$key)),
          source,
          map_id: fieldMap && source !== "eddm_saturation" ? ref("Map", fieldMap) : null,
          list_kind: source === "crm_feed" || source === "automated_campaign" ? "rolling" : "static",
          dedupe_rule: random.pick(["household", "household", "individual", "address"]),
          record_count: records,
          valid_count: processed ? records - undeliverable - duplicates : 0,
          undeliverable_count: undeliverable,
          duplicate_count: duplicates,
          ncoa_move_count: processed ? Math.round(records * (random.int(5, 25) / 1000)) : 0,
          cass_at: processed ? processedAt : null,
          ncoa_at: processed ? processedAt : null,
          expires_at:
            source === "rented"
              ? new Date(now.getTime() + random.int(-20, 90) * DAY).toISOString().slice(0, 10)
              : null,
          status,
          $createdAt: new Date(now.getTime() - uploadedAgo * DAY),
          $updatedAt: processed ? processedAt : new Date(now.getTime() - uploadedAgo * DAY),
        });
      }
    }
    return out;
  },
});
