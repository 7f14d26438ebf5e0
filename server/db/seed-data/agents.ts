import { defineSeed, ref, type SeedRow } from "./define";

/**
 * The house agent's id: the app's configuration names it (VITE_DEFAULT_AGENT_ID in .env), so the
 * demo tenant's "House account" is written with this id whatever else is seeded.
 */
export const HOUSE_AGENT_ID = 30;

// Brokers and commissioned reps who brought in accounts; the accounts nobody brought belong to
// the house, at no commission.
// name, company, commission %, status
const AGENTS: [string, string | null, number, string][] = [
  ["Marcus Bell", "Bell Print Brokerage", 8, "active"],
  ["Renee Castillo", "Castillo & Co. Print Sourcing", 10, "active"],
  ["Tom Brennan", null, 6, "active"],
  ["Aaliyah Grant", "Grant Marketing Supply", 7.5, "active"],
  ["Victor Sokolov", "North Coast Print Partners", 9, "active"],
  ["Jenna Park", null, 5, "active"],
  ["Dwayne Hollis", "Hollis Promotional", 12, "active"],
  ["Megan O'Rourke", null, 6.5, "active"],
  ["Samir Haddad", "Cedar Print Brokers", 8, "inactive"],
  ["Lucia Romano", "Romano Creative", 7, "active"],
  ["Greg Whitaker", null, 5, "inactive"],
  ["Ines Duarte", "Duarte Sourcing", 9.5, "active"],
];

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ".")
    .replace(/^\.|\.$/g, "");

export default defineSeed({
  rows: ({ full, rows, random }) => {
    const customers = rows("Customer");
    // Agents bring business accounts; each gets a handful, the rest stay with the house.
    const business = customers
      .filter((c) => c.type !== "retail" && c.$key !== "ACME")
      .map((c) => String(c.$key));
    const agents = full ? AGENTS : AGENTS.slice(0, 1);
    const perAgent = Math.min(12, Math.floor(business.length / (agents.length + 1)));
    const taken = new Set<string>();
    const out: SeedRow[] = agents.map(([name, company, commission_rate, status], i) => {
      const mine = business.slice(i * perAgent, (i + 1) * perAgent);
      for (const c of mine) taken.add(c);
      const [first] = name.split(" ");
      return {
        name,
        company,
        commission_rate,
        customer_ids: mine.map((c) => ref("Customer", c)),
        email: `${slug(first)}@${company ? `${slug(company).replace(/\./g, "")}.example.com` : "agents.example.com"}`,
        phone: `(312) 555-${String(2000 + i * 37 + random.int(0, 30)).padStart(4, "0")}`,
        status,
        notes: status === "inactive" ? "Retired; accounts moved to the house." : null,
      };
    });
    const house = customers.map((c) => String(c.$key)).filter((c) => !taken.has(c));
    out.push({
      ...(full ? { $id: HOUSE_AGENT_ID } : {}),
      name: "House account",
      company: null,
      commission_rate: 0,
      customer_ids: house.slice(0, 1_000).map((c) => ref("Customer", c)),
      email: null,
      phone: null,
      status: "active",
      notes: "Accounts no agent brought in; no commission is paid on them.",
    });
    return out;
  },
});
