import { addDays, DAY_MS, DEFAULT_TIME_ZONE, dayOf, offsetAt, startOfDay } from './org-clock.ts';

/**
 * Day arithmetic and the windows of Fleet Details and the Overview: every day is a calendar day of the
 * organization's time zone (core/rules/org-clock.ts), on the device and the server alike.
 */

export { DAY_MS };

/** Recently Repaired, Recent Notes and Recent Fixes count what happened in the last 30 days. */
export const RECENT_WINDOW_DAYS = 30;
/** Visits to Mx counts the visits of the last year (the Insights default range is one year too). */
export const VISITS_TO_MX_WINDOW_DAYS = 365;

/** A calendar day (yyyy-MM-dd) as a day number since 1970-01-01. */
export const dayNumber = (day: string): number => Math.round(Date.parse(`${day}T00:00:00.000Z`) / DAY_MS);

/** What every row is measured against, computed once per derivation. */
export interface FleetClock {
  /** The organization's zone. */
  zone: string;
  /** Today's day number, in the zone. */
  today: number;
  /** Today as yyyy-MM-dd, in the zone, to compare with TDY calendar dates. */
  todayDate: string;
  /** The start of the recent window, as an ISO timestamp: the start of the first of its days. */
  recentStart: string;
  /** The start of the Visits to Mx window, as an ISO timestamp. */
  visitsStart: string;
}

/** A window of `days` of the organization's days: today and the days before it, from the first one's midnight. */
const windowStart = (today: string, days: number, zone: string) => new Date(startOfDay(addDays(today, 1 - days), zone)).toISOString();

export function fleetClock(now: Date, zone: string = DEFAULT_TIME_ZONE): FleetClock {
  const ms = now.getTime();
  const todayDate = dayOf(ms, zone);
  return {
    zone,
    today: dayNumber(todayDate),
    todayDate,
    recentStart: windowStart(todayDate, RECENT_WINDOW_DAYS, zone),
    visitsStart: windowStart(todayDate, VISITS_TO_MX_WINDOW_DAYS, zone),
  };
}

/** Whole days from today to the day `iso` falls in (negative when it lies before today), in the zone. */
export function daysFromToday(clock: FleetClock, iso: string): number {
  const ms = Date.parse(iso);
  return Math.floor((ms + offsetAt(ms, clock.zone)) / DAY_MS) - clock.today;
}

/** Whole days from today to a calendar day (yyyy-MM-dd). */
export function daysToDate(clock: FleetClock, day: string): number {
  return dayNumber(day) - clock.today;
}
