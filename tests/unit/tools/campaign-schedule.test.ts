import { describe, expect, it } from "vitest";
import {
  dropDates,
  nextMailingDay,
  nextOccurrence,
  nextRunAt,
  splitQuantity,
} from "../../../server/campaigns/schedule";
import {
  describeCalendar,
  describeQuantity,
  describeSettingChange,
  settingsChanges,
} from "../../../src/custom/mail/campaign-words";
import { SPRING_CAMPAIGN } from "./campaign-settings";

// An automated campaign's calendar (server/campaigns/schedule.ts): occurrences across month ends and leap
// years, runs at 06:00 in the tenant's zone, drops moved off weekends and USPS holidays.

describe("next occurrence", () => {
  it.each([
    [
      "monthly on the 31st after Jan 31 is Feb's last day",
      { cadence: "monthly", day_of_month: 31 },
      "2027-01-31",
      "2027-02-28",
    ],
    [
      "monthly on the 31st in a leap year",
      { cadence: "monthly", day_of_month: 31 },
      "2028-01-31",
      "2028-02-29",
    ],
    [
      "monthly on the 31st after Feb 29",
      { cadence: "monthly", day_of_month: 31 },
      "2028-02-29",
      "2028-03-31",
    ],
    ["monthly on the 15th, same month", { cadence: "monthly", day_of_month: 15 }, "2027-03-14", "2027-03-15"],
    ["monthly across the year's end", { cadence: "monthly", day_of_month: 5 }, "2027-12-05", "2028-01-05"],
    [
      "quarterly, 2nd month, day 30",
      { cadence: "quarterly", month: 2, day_of_month: 30 },
      "2027-03-01",
      "2027-05-30",
    ],
    [
      "quarterly in Feb clamps",
      { cadence: "quarterly", month: 2, day_of_month: 30 },
      "2027-01-01",
      "2027-02-28",
    ],
    [
      "quarterly wraps the year",
      { cadence: "quarterly", month: 1, day_of_month: 10 },
      "2027-10-10",
      "2028-01-10",
    ],
    [
      "yearly on Feb 29, common year",
      { cadence: "yearly", month: 2, day_of_month: 29 },
      "2027-01-01",
      "2027-02-28",
    ],
    [
      "yearly on Feb 29, leap year",
      { cadence: "yearly", month: 2, day_of_month: 29 },
      "2027-03-01",
      "2028-02-29",
    ],
    [
      "anniversary of 2019-07-04",
      { cadence: "anniversary", anniversary: "2019-07-04" },
      "2027-07-04",
      "2028-07-04",
    ],
    ["list_join runs daily", { cadence: "list_join" }, "2027-12-31", "2028-01-01"],
  ] as const)("%s", (_, calendar, after, expected) => {
    expect(nextOccurrence(calendar, after)).toBe(expected);
  });
});

describe("next run", () => {
  const chicago = "America/Chicago";
  it("is 06:00 local today when today is an occurrence and it is earlier", () => {
    // 2027-03-15 05:00 in Chicago (CDT, UTC−5) is 10:00Z.
    const at = nextRunAt(
      { cadence: "monthly", day_of_month: 15 },
      Date.parse("2027-03-15T10:00:00Z"),
      chicago,
    );
    expect(at.toISOString()).toBe("2027-03-15T11:00:00.000Z");
  });
  it("is next month's when today's 06:00 has passed", () => {
    const at = nextRunAt(
      { cadence: "monthly", day_of_month: 15 },
      Date.parse("2027-03-15T11:00:00Z"),
      chicago,
    );
    expect(at.toISOString()).toBe("2027-04-15T11:00:00.000Z");
  });
  it("follows the zone's offset in winter (CST, UTC−6)", () => {
    const at = nextRunAt(
      { cadence: "yearly", month: 1, day_of_month: 31 },
      Date.parse("2027-01-02T00:00:00Z"),
      chicago,
    );
    expect(at.toISOString()).toBe("2027-01-31T12:00:00.000Z");
  });
  it("uses the tenant's local date, not UTC's", () => {
    // 2027-03-16 03:00Z is still the 15th (22:00) in Chicago: the 16th's run is 06:00 local on the 16th.
    const at = nextRunAt({ cadence: "list_join" }, Date.parse("2027-03-16T03:00:00Z"), chicago);
    expect(at.toISOString()).toBe("2027-03-16T11:00:00.000Z");
  });
});

describe("drop dates", () => {
  it.each([
    ["a weekday stays", "2027-03-08", 2, 1, ["2027-03-10"]],
    ["a Saturday moves to Monday", "2027-03-10", 3, 1, ["2027-03-15"]],
    ["a Sunday moves to Monday", "2027-03-11", 3, 1, ["2027-03-15"]],
    // Independence Day 2027 is a Sunday, observed Monday 5 July: the drop moves to Tuesday.
    ["past an observed holiday after a weekend", "2027-07-01", 2, 1, ["2027-07-06"]],
    ["Christmas Day 2026 (a Friday) moves to Monday", "2026-12-22", 3, 1, ["2026-12-28"]],
    ["three drops a week apart", "2027-03-01", 0, 3, ["2027-03-01", "2027-03-08", "2027-03-15"]],
    ["Memorial Day 2027 moves one drop", "2027-05-24", 0, 2, ["2027-05-24", "2027-06-01"]],
  ] as const)("%s", (_, runDate, lead, count, expected) => {
    expect(dropDates(runDate, lead, count)).toEqual(expected);
  });
  it("a mailing day is itself", () => expect(nextMailingDay("2027-03-09")).toBe("2027-03-09"));
});

describe("split quantity", () => {
  it.each([
    [1000, 1, [1000]],
    [1000, 3, [334, 333, 333]],
    [7, 2, [4, 3]],
  ] as const)("%i over %i drops", (total, drops, expected) => {
    expect(splitQuantity(total, drops)).toEqual(expected);
  });
});

describe("the campaign page's words", () => {
  it.each([
    [{ cadence: "monthly", day_of_month: 15 }, "Monthly on the 15th"],
    [{ cadence: "monthly", day_of_month: 31 }, "Monthly on the 31st (a shorter month's last day)"],
    [{ cadence: "quarterly", day_of_month: 2, month: 2 }, "Quarterly on the 2nd of Feb, May, Aug, Nov"],
    [{ cadence: "yearly", day_of_month: 29, month: 2 }, "Yearly on February 29 (Feb 28 in common years)"],
    [{ cadence: "list_join", delay_days: 1 }, "Daily: contacts 1 day after they join the list"],
    [{ cadence: "anniversary" }, "Yearly on the day the customer joined"],
  ] as const)("%o", (calendar, expected) => {
    expect(describeCalendar({ day_of_month: null, month: null, delay_days: null, ...calendar })).toBe(
      expected,
    );
  });
  it("says what a run mails", () => {
    expect(
      describeQuantity({ cadence: "monthly", quantity_source: "fixed", quantity: 2500, drop_count: 2 }),
    ).toBe("2,500 pieces, in 2 drops a week apart");
    expect(
      describeQuantity({ cadence: "list_join", quantity_source: "fixed", quantity: 5, drop_count: 1 }),
    ).toBe("the contacts who joined that day");
  });
});

describe("a campaign's change log", () => {
  const before = SPRING_CAMPAIGN;
  it("names only the settings that changed, with both values", () => {
    expect(settingsChanges(before, { ...before })).toEqual({});
    expect(settingsChanges(before, { ...before, cadence: "yearly", month: 3, template_id: 9 })).toEqual({
      cadence: { from: "monthly", to: "yearly" },
      month: { from: null, to: 3 },
      template_id: { from: null, to: 9 },
    });
    expect(Object.keys(settingsChanges(null, before))).toEqual([
      "name",
      "customer_id",
      "list_id",
      "product_id",
      "cadence",
      "day_of_month",
      "quantity_source",
      "quantity",
      "mail_class",
      "lead_days",
      "drop_count",
      "active",
    ]);
  });
  it.each([
    ["cadence", "monthly", "quarterly", "When: Monthly → Quarterly"],
    ["mail_class", null, "first_class", "Mail class: First-Class"],
    ["month", 2, 11, "Month: February → November"],
    ["active", true, false, "Active: Yes → No"],
    ["list_id", 10, 12, "Mailing list: #10 → #12"],
    ["template_id", 9, null, "Template: #9 → —"],
  ])("%s: %j → %j", (field, from, to, words) => {
    expect(describeSettingChange(field, from, to)).toBe(words);
  });
});
