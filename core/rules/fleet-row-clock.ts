import { DAY_MS, DEFAULT_TIME_ZONE, dayOf, offsetAt } from './org-clock.ts';

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
  /** The start of the recent window, as an ISO timestamp. */
  recentStart: string;
  /** The start of the Visits to Mx window, as an ISO timestamp. */
  visitsStart: string;
}

export function fleetClock(now: Date, zone: string = DEFAULT_TIME_ZONE): FleetClock {
  const ms = now.getTime();
  const todayDate = dayOf(ms, zone);
  return {
    zone,
    today: dayNumber(todayDate),
    todayDate,
    recentStart: new Date(ms - RECENT_WINDOW_DAYS * DAY_MS).toISOString(),
    visitsStart: new Date(ms - VISITS_TO_MX_WINDOW_DAYS * DAY_MS).toISOString(),
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
