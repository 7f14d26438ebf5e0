import { type DayHours, WEEKDAY_OF_DAY, type Weekday } from "../../src/custom/admin/tenant-settings-values";

// The shop's calendar from its settings: a business day is a weekday with hours that is not one of
// its holidays. Due dates count these (orders/proof-due.ts).

export interface ShopCalendar {
  business_hours: Record<Weekday, DayHours | null>;
  holidays: { date: string }[];
}

const DAY = 86_400_000;
const nextDate = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + DAY).toISOString().slice(0, 10);

/** Whether the shop works on `date` (YYYY-MM-DD). */
export function isOpenDay(calendar: ShopCalendar, date: string, holidays = holidaySet(calendar)): boolean {
  const weekday = WEEKDAY_OF_DAY[new Date(`${date}T00:00:00Z`).getUTCDay()];
  return calendar.business_hours[weekday] !== null && !holidays.has(date);
}

const holidaySet = (calendar: ShopCalendar) => new Set(calendar.holidays.map((h) => h.date));

/**
 * The date `n` business days after `date` (n = 0: the date itself, or the next business day).
 * A week without open days (the settings refuse it) counts every day, so this always ends.
 */
export function addOpenDays(calendar: ShopCalendar, date: string, n: number): string {
  const holidays = holidaySet(calendar);
  const anyOpen = Object.values(calendar.business_hours).some((h) => h !== null);
  // At most a year of closed days in a row: holidays are listed one by one.
  const open = (d: string) => !anyOpen || isOpenDay(calendar, d, holidays);
  let d = date;
  for (let guard = 0; !open(d) && guard < 366; guard++) d = nextDate(d);
  for (let left = n; left > 0; ) {
    d = nextDate(d);
    let guard = 0;
    while (!open(d) && guard++ < 366) d = nextDate(d);
    left--;
  }
  return d;
}
