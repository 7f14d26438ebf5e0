// A shop's calendar day in its time zone (an IANA name such as America/Chicago), from Intl: the
// local date of an instant and the instants a local day starts and ends at, daylight saving
// included (a day may be 23 or 25 hours long).

const formats = new Map<string, Intl.DateTimeFormat>();

function formatOf(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formats.set(timeZone, format);
  }
  return format;
}

/** Whether Intl knows the time zone ("UTC", "America/Chicago"). */
export function isTimeZone(name: string): boolean {
  if (name.length === 0 || name.length > 64) return false;
  try {
    formatOf(name);
    return true;
  } catch {
    return false;
  }
}

/** The wall-clock reading of `t` in the zone, as if it were UTC (ms). */
function wallClock(t: number, timeZone: string): number {
  const parts = Object.fromEntries(
    formatOf(timeZone)
      .formatToParts(new Date(t))
      .map((p) => [p.type, p.value]),
  );
  const seconds = Math.floor(t / 1000) * 1000;
  return (
    Date.UTC(
      Number(parts.year),
      Number(parts.month) - 1,
      Number(parts.day),
      Number(parts.hour),
      Number(parts.minute),
      Number(parts.second),
    ) +
    (t - seconds)
  );
}

/** The zone's local date (YYYY-MM-DD) at instant `t`. */
export function localDateIn(t: number, timeZone: string): string {
  return new Date(wallClock(t, timeZone)).toISOString().slice(0, 10);
}

/** The instant local midnight of `date` (YYYY-MM-DD) falls on in the zone. */
export function startOfDayIn(date: string, timeZone: string): number {
  const wanted = Date.parse(`${date}T00:00:00Z`);
  // Guess with the offset at the wanted wall time, then correct once for a change of offset between.
  let t = wanted - (wallClock(wanted, timeZone) - wanted);
  t += wanted - wallClock(t, timeZone);
  return t;
}

export interface ZonedDay {
  date: string;
  /** Local midnight, inclusive. */
  start: number;
  /** The next local midnight, exclusive. */
  end: number;
}

/** The local day holding instant `t`, `offsetDays` later (negative: earlier). */
export function zonedDay(t: number, timeZone: string, offsetDays = 0): ZonedDay {
  const today = localDateIn(t, timeZone);
  const date = shiftDate(today, offsetDays);
  return { date, start: startOfDayIn(date, timeZone), end: startOfDayIn(shiftDate(date, 1), timeZone) };
}

function shiftDate(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}
