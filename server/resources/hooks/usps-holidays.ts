import { allForYear } from "@18f/us-federal-holidays";

// The days the Postal Service observes as holidays (no mail entry at a BMEU): the federal
// holidays as OPM defines them, moved to the Friday before or the Monday after when they fall on
// a weekend, for any year (18F's @18f/us-federal-holidays; a Saturday New Year's Day is observed
// on the last day of the year before).

const byYear = new Map<number, Map<string, string>>();

function holidaysOf(year: number): Map<string, string> {
  let days = byYear.get(year);
  if (!days) {
    days = new Map();
    for (const y of [year, year + 1]) {
      for (const holiday of allForYear(y)) {
        if (holiday.dateString.startsWith(`${year}-`)) days.set(holiday.dateString, holiday.name);
      }
    }
    byYear.set(year, days);
  }
  return days;
}

/** The holiday a date (YYYY-MM-DD) is, or null. */
export function uspsHoliday(date: string): string | null {
  const year = Number(date.slice(0, 4));
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || year < 1900 || year > 9998) return null;
  return holidaysOf(year).get(date) ?? null;
}

/** A year's USPS holidays: date (YYYY-MM-DD) → name, in date order. */
export function uspsHolidaysOf(year: number): ReadonlyMap<string, string> {
  return holidaysOf(year);
}
