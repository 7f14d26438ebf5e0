import { defineSeed, ref, type SeedRow } from "./define";

// Production cost centers (rates per hour) and a corporate portal's charge codes (budgets).
const PRODUCTION: [string, string, number, number, string][] = [
  ["OFF", "Offset pressroom", 185, 150, "impressions"],
  ["DIG", "Digital pressroom", 95, 40, "impressions"],
  ["SPC", "Specialty press", 120, 90, "sheets"],
  ["LGF", "Large format", 75, 30, "hours"],
  ["PRE", "Prepress", 85, 0, "hours"],
  ["CUT", "Cutting", 60, 25, "hours"],
  ["COT", "Coating", 70, 45, "sheets"],
  ["BND", "Bindery", 55, 30, "hours"],
  ["MAIL", "Mailing", 50, 20, "hours"],
];

export default defineSeed({
  rows: ({ full }): SeedRow[] => {
    const production = (full ? PRODUCTION : PRODUCTION.slice(0, 2)).map(
      ([code, name, hourly_rate, makeready_rate, unit]) => ({
        $key: code,
        code,
        name,
        kind: "production",
        hourly_rate,
        makeready_rate,
        unit,
        active: true,
      }),
    );
    if (!full) return production;
    const portal = ref("Site", "Acme Corporate Portal");
    return [
      ...production,
      {
        $key: "ACME-MKT",
        code: "ACME-MKT",
        name: "Acme Marketing",
        kind: "charge_code",
        site_id: portal,
        budget: 25_000,
        period: "quarterly",
      },
      {
        $key: "ACME-HR",
        code: "ACME-HR",
        name: "Acme Human Resources",
        kind: "charge_code",
        site_id: portal,
        budget: 6_000,
        period: "yearly",
      },
      {
        $key: "ACME-SLS",
        code: "ACME-SLS",
        name: "Acme Sales",
        kind: "charge_code",
        site_id: portal,
        budget: 12_500,
        period: "quarterly",
      },
      {
        $key: "ACME-EVT",
        code: "ACME-EVT",
        name: "Acme Events",
        kind: "charge_code",
        site_id: portal,
        budget: 4_000,
        period: "open_ended",
        active: false,
      },
    ];
  },
});
