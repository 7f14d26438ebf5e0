import { defineSeed, type Random, ref, type SeedRow } from "./define";
import { CITIES, COMPANY_KINDS, COMPANY_WORDS, FIRST_NAMES, LAST_NAMES } from "./names";
import { staffOf } from "./staff";

// A few hundred customers of a mid-size shop: retail walk-ins and small businesses, trade
// resellers, corporate accounts (one of them behind the Acme corporate portal), nonprofits and
// public bodies. The numbers C10001… are their keys. Accounts with terms have the admin as
// their sales rep; the CSR looks after most of them.

const STATUS_WEIGHTS: [string, number][] = [
  ["active", 0.78],
  ["prospect", 0.1],
  ["credit_hold", 0.04],
  ["inactive", 0.08],
];

function weighted(random: Random, weights: [string, number][]): string {
  let r = random.next();
  for (const [value, weight] of weights) {
    r -= weight;
    if (r < 0) return value;
  }
  return weights[weights.length - 1][0];
}

export function customerNumber(tenantId: number, i: number): string {
  return `${tenantId === 1 ? "C" : "X"}${10_001 + i}`;
}

function customer(
  ctx: { random: Random; tenantId: number },
  i: number,
  sites: string[],
  users: string[],
): SeedRow {
  const { random } = ctx;
  const [trade, type] = random.pick(COMPANY_KINDS);
  const company = `${random.pick(COMPANY_WORDS)} ${trade}`;
  const first = random.pick(FIRST_NAMES);
  const last = random.pick(LAST_NAMES);
  const [, , , area] = random.pick(CITIES);
  const domain = `${company.toLowerCase().replace(/[^a-z0-9]+/g, "")}.example.com`;
  const person = type === "retail" && random.chance(0.35);
  const { admin: rep, csr } = staffOf(users);
  const realty = sites.find((s) => s.startsWith("Realty"));
  const terms =
    type === "retail" ? random.pick(["prepaid", "prepaid", "cod"]) : random.pick(["net15", "net30", "net30"]);
  return {
    $key: customerNumber(ctx.tenantId, i),
    customer_number: customerNumber(ctx.tenantId, i),
    name: person ? `${first} ${last}` : company,
    company: person ? null : company,
    type,
    contact_name: `${first} ${last}`,
    contact_email: `${first.toLowerCase()}.${last.toLowerCase().replace(/[^a-z]/g, "")}@${domain}`,
    contact_phone: `(${area}) 555-${String(random.int(100, 9999)).padStart(4, "0")}`,
    // Realtors buy through the reseller hub when the tenant has one.
    home_site_id: sites.length > 0 ? ref("Site", trade === "Realty" ? (realty ?? sites[0]) : sites[0]) : null,
    terms,
    sales_rep_id: terms.startsWith("net") && rep ? ref("User", rep) : null,
    csr_id: csr && (type !== "retail" || i % 3 === 0) ? ref("User", csr) : null,
    // Limits the busiest accounts' open orders stay within (the shop's credit policy, README).
    credit_limit: terms.startsWith("net") ? random.pick([10_000, 15_000, 25_000, 50_000, 100_000]) : 0,
    tax_exempt: type === "nonprofit" || type === "government",
    status: weighted(random, STATUS_WEIGHTS),
  };
}

export default defineSeed({
  rows: (ctx) => {
    const sites = ctx.keys("Site");
    const users = ctx.keys("User");
    const count = ctx.full ? 300 : 5;
    const rows = Array.from({ length: count }, (_, i) => customer(ctx, i, sites, users));
    if (ctx.full) {
      rows.push({
        $key: "ACME",
        customer_number: "C20001",
        name: "Acme Corporation",
        company: "Acme Corporation",
        type: "corporate",
        contact_name: "Dana Whitfield",
        contact_email: "purchasing@acme.example.com",
        contact_phone: "(312) 555-0100",
        home_site_id: sites.includes("Acme Corporate Portal") ? ref("Site", "Acme Corporate Portal") : null,
        terms: "net30",
        sales_rep_id: staffOf(users).admin ? ref("User", staffOf(users).admin as string) : null,
        csr_id: staffOf(users).csr ? ref("User", staffOf(users).csr as string) : null,
        credit_limit: 100_000,
        tax_exempt: false,
        status: "active",
        default_cost_center_id: ref("CostCenter", "ACME-MKT"),
      });
    }
    return rows;
  },
});
