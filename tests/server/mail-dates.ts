import { addDays, nextMailingDay } from "../../server/campaigns/schedule";
import { uspsHolidaysOf } from "../../server/resources/hooks/usps-holidays";

// Drop dates for the postcard and letter tools' tests (server and e2e), from today: the next weekday USPS holiday
// at least two weeks ahead, a mailing day ten days before it, and one two weeks after that (both within the
// multi-drop rule's 90 days, neither a weekend nor a holiday).

export function mailDates(today = new Date().toISOString().slice(0, 10)) {
  const year = Number(today.slice(0, 4));
  const holidays = [year, year + 1].flatMap((y) => [...uspsHolidaysOf(y)]);
  const found = holidays.find(([date]) => {
    const day = new Date(`${date}T00:00:00Z`).getUTCDay();
    return date > addDays(today, 14) && day > 0 && day < 6;
  });
  if (!found) throw new Error("no weekday USPS holiday ahead");
  const [date, name] = found;
  const first = nextMailingDay(addDays(date, -10));
  return { HOLIDAY: { date, name }, FIRST: first, SECOND: nextMailingDay(addDays(first, 14)) };
}
