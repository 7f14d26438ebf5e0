import { describe, expect, it } from "vitest";
import { parseRouteIds, zipTotals } from "../../../src/custom/mail/route-totals";

// The EDDM routes page's figures: each ZIP's routes and addresses, and the picked routes of ?routes=.

describe("EDDM route totals", () => {
  it("adds each ZIP's routes and addresses, in ZIP order", () => {
    const route = (zip5: string, residential: number, business: number) => ({
      zip5,
      residential_count: residential,
      business_count: business,
      total_count: residential + business,
    });
    expect(zipTotals([route("60647", 500, 40), route("60612", 300, 12), route("60647", 620, 80)])).toEqual([
      { zip5: "60612", routes: 1, residential: 300, business: 12, total: 312 },
      { zip5: "60647", routes: 2, residential: 1120, business: 120, total: 1240 },
    ]);
    expect(zipTotals([])).toEqual([]);
  });

  it.each([
    [null, []],
    ["", []],
    ["3,7,9", [3, 7, 9]],
    ["7, 3,7", [7, 3]],
    ["1,x,-2,0,2.5,99999999999,4", [1, 4]],
  ])("reads ?routes=%s as %j", (value, ids) => {
    expect(parseRouteIds(value)).toEqual(ids);
  });
});
