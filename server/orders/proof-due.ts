import { addBusinessDays } from "../db/seed-data/history/time";
import { localDateIn, startOfDayIn } from "../production/zoned-day";
import { addOpenDays, type ShopCalendar } from "../settings/business-days";

/**
 * The due date once the customer approves (domain.md: turnaround starts at approval): next-day 1 and
 * rush 2 business days, standard the slowest product's turnaround days (at least 3), counted from
 * the approval's day, or the next day when approved from 2 pm on (the shop's time zone). Business
 * days are the shop's (its settings' hours and holidays), else weekdays that are not USPS holidays.
 */
export function dueAfterApproval(
  at: number,
  timeZone: string,
  turnaround: string,
  productDays: number[],
  calendar?: ShopCalendar,
): string {
  const days = turnaround === "next_day" ? 1 : turnaround === "rush" ? 2 : Math.max(3, ...productDays);
  const today = localDateIn(at, timeZone);
  const hour = (at - startOfDayIn(today, timeZone)) / 3_600_000;
  const from = hour >= 14 ? localDateIn(startOfDayIn(today, timeZone) + 30 * 3_600_000, timeZone) : today;
  return calendar ? addOpenDays(calendar, from, days) : addBusinessDays(from, days);
}
