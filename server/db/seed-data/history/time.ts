// Clock and calendar of the demo plant in Chicago: business days, USPS holidays (no mail drops),
// local hours. Central time is taken as UTC−6 all year: an hour off in summer changes nothing a
// demo shows.

import { uspsHoliday } from "../../../resources/hooks/usps-holidays";
export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;
const OFFSET = -6 * HOUR;

const dates = new Map<number, string>();

/** The local calendar date (YYYY-MM-DD) of an instant. */
export function localDate(t: number): string {
  const day = Math.floor((t + OFFSET) / DAY);
  let date = dates.get(day);
  if (date === undefined) {
    date = new Date(day * DAY).toISOString().slice(0, 10);
    dates.set(day, date);
  }
  return date;
}

const midnights = new Map<string, number>();

/** The instant of a local date at a local hour (fractions allowed). */
export function atLocal(date: string, hour: number): number {
  let midnight = midnights.get(date);
  if (midnight === undefined) {
    midnight = Date.parse(`${date}T00:00:00Z`) - OFFSET;
    midnights.set(date, midnight);
  }
  return midnight + hour * HOUR;
}

/** The local hour of day (0–24) of an instant. */
export function localHour(t: number): number {
  const local = t + OFFSET;
  return (local - Math.floor(local / DAY) * DAY) / HOUR;
}

/** 0 Sunday … 6 Saturday, locally. */
export function weekday(t: number): number {
  return new Date(t + OFFSET).getUTCDay();
}

const businessDays = new Map<string, boolean>();

/** A weekday that is not a USPS holiday: the plant works and the post office takes mail. */
export function isBusinessDay(date: string): boolean {
  let open = businessDays.get(date);
  if (open === undefined) {
    const day = new Date(`${date}T00:00:00Z`).getUTCDay();
    open = day !== 0 && day !== 6 && uspsHoliday(date) === null;
    businessDays.set(date, open);
  }
  return open;
}

const nextDays = new Map<string, string>();

/** The calendar day after `date`. */
function nextDay(date: string): string {
  let next = nextDays.get(date);
  if (next === undefined) {
    next = new Date(Date.parse(`${date}T00:00:00Z`) + DAY).toISOString().slice(0, 10);
    nextDays.set(date, next);
  }
  return next;
}

/** The date `n` business days after `date` (n = 0: the date itself, or the next business day). */
export function addBusinessDays(date: string, n: number): string {
  let d = date;
  while (!isBusinessDay(d)) d = nextDay(d);
  for (let left = n; left > 0; ) {
    d = nextDay(d);
    if (isBusinessDay(d)) left--;
  }
  return d;
}

/** An instant moved on by `hours` of plant time (8:00–18:00 on business days). */
export function addWorkHours(t: number, hours: number): number {
  let at = t;
  let left = hours;
  for (;;) {
    const date = localDate(at);
    const start = atLocal(date, 8);
    const end = atLocal(date, 18);
    if (!isBusinessDay(date) || at >= end) {
      at = atLocal(addBusinessDays(localDate(at + DAY), 0), 8);
      continue;
    }
    if (at < start) at = start;
    const room = (end - at) / HOUR;
    if (left <= room) return at + left * HOUR;
    left -= room;
    at = end;
  }
}
