import { localDateIn, startOfDayIn } from "../production/zoned-day";
import { uspsHoliday } from "../resources/hooks/usps-holidays";

// The arithmetic of an automated campaign's calendar, pure: when its next run is (in the tenant's time zone)
// and on which days that run's drops mail. A run starts at RUN_HOUR local time on its occurrence's date;
// its first drop mails `lead_days` later, each further drop a week after the one before, every drop moved
// forward to the next mailing day (the mail-order rules refuse weekends and USPS holidays).

export const CADENCES = ["monthly", "quarterly", "yearly", "list_join", "anniversary"] as const;
export type Cadence = (typeof CADENCES)[number];

export interface CampaignCalendar {
  cadence: Cadence;
  /** monthly, quarterly: 1–31 (a shorter month runs on its last day). */
  day_of_month?: number | null;
  /** quarterly: 1–3, the month of each quarter; yearly: 1–12. */
  month?: number | null;
  /** anniversary: the customer's date (YYYY-MM-DD), whose month and day recur. */
  anniversary?: string | null;
}

/** Runs start at 06:00 in the tenant's time zone, before the shop's day. */
export const RUN_HOUR = 6;
const DAY_MS = 86_400_000;

const pad = (n: number) => String(n).padStart(2, "0");
const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** YYYY-MM-DD of year, month (1–12) and day, the day clamped to the month's last. */
export function clampedDate(year: number, month: number, day: number): string {
  return `${year}-${pad(month)}-${pad(Math.min(day, daysIn(year, month)))}`;
}

export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Why a day cannot take a drop (a weekend day, a USPS holiday), or null when it can. */
export function notMailingDay(date: string): string | null {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  if (weekday === 0) return "a Sunday";
  if (weekday === 6) return "a Saturday";
  return uspsHoliday(date);
}

/** The day itself when mail can enter on it, else the next day that it can. */
export function nextMailingDay(date: string): string {
  let day = date;
  while (notMailingDay(day)) day = addDays(day, 1);
  return day;
}

/** The months (1–12) a calendar runs in; every month for monthly. */
function monthsOf(calendar: CampaignCalendar): number[] {
  switch (calendar.cadence) {
    case "monthly":
      return [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];
    case "quarterly": {
      const first = calendar.month ?? 1;
      return [first, first + 3, first + 6, first + 9];
    }
    case "yearly":
      return [calendar.month ?? 1];
    case "anniversary":
      return [Number((calendar.anniversary ?? "2000-01-01").slice(5, 7))];
    case "list_join":
      return [];
  }
}

function dayOf(calendar: CampaignCalendar): number {
  if (calendar.cadence === "anniversary") return Number((calendar.anniversary ?? "2000-01-01").slice(8, 10));
  return calendar.day_of_month ?? 1;
}

/** The first occurrence date strictly after `after` (YYYY-MM-DD). list_join runs every day. */
export function nextOccurrence(calendar: CampaignCalendar, after: string): string {
  if (calendar.cadence === "list_join") return addDays(after, 1);
  const months = monthsOf(calendar);
  const day = dayOf(calendar);
  let year = Number(after.slice(0, 4));
  for (;;) {
    for (const month of months) {
      const date = clampedDate(year, month, day);
      if (date > after) return date;
    }
    year += 1;
  }
}

/**
 * The next run's instant after instant `now`: RUN_HOUR local on the first occurrence whose run time is still
 * ahead (today's when it is before RUN_HOUR and today is an occurrence).
 */
export function nextRunAt(calendar: CampaignCalendar, now: number, timeZone: string): Date {
  let date = nextOccurrence(calendar, addDays(localDateIn(now, timeZone), -1));
  for (;;) {
    const at = startOfDayIn(date, timeZone) + RUN_HOUR * 3_600_000;
    if (at > now) return new Date(at);
    date = nextOccurrence(calendar, date);
  }
}

/** A run's drop dates: the first `leadDays` after its date, one a week after another, each on a mailing day. */
export function dropDates(runDate: string, leadDays: number, dropCount: number): string[] {
  const dates: string[] = [];
  for (let i = 0; i < dropCount; i += 1) {
    const wanted = addDays(runDate, leadDays + 7 * i);
    const earliest = dates.length > 0 ? addDays(dates[dates.length - 1], 1) : wanted;
    dates.push(nextMailingDay(wanted > earliest ? wanted : earliest));
  }
  return dates;
}

/** `total` pieces over `drops` drops, equal but for one piece (the multi-drop rule): the first ones get it. */
export function splitQuantity(total: number, drops: number): number[] {
  const base = Math.floor(total / drops);
  return Array.from({ length: drops }, (_, i) => base + (i < total % drops ? 1 : 0));
}
