/** Day arithmetic and the windows of Fleet Details; every day is a UTC calendar day, on the device and the server alike. */

export const DAY_MS = 86_400_000;

/** Recently Repaired, Recent Notes and Recent Fixes count what happened in the last 30 days. */
export const RECENT_WINDOW_DAYS = 30;
/** Visits to Mx counts the visits of the last year (the Insights default range is one year too). */
export const VISITS_TO_MX_WINDOW_DAYS = 365;

/** The UTC day of a moment, as a day number since 1970-01-01. */
export function utcDayNumber(ms: number): number {
  return Math.floor(ms / DAY_MS);
}

/** What every row is measured against, computed once per derivation. */
export interface FleetClock {
  /** Today's UTC day number. */
  today: number;
  /** Today as yyyy-MM-dd (UTC), to compare with TDY calendar dates. */
  todayDate: string;
  /** The start of the recent window, as an ISO timestamp. */
  recentStart: string;
  /** The start of the Visits to Mx window, as an ISO timestamp. */
  visitsStart: string;
}

export function fleetClock(now: Date): FleetClock {
  const ms = now.getTime();
  return {
    today: utcDayNumber(ms),
    todayDate: now.toISOString().slice(0, 10),
    recentStart: new Date(ms - RECENT_WINDOW_DAYS * DAY_MS).toISOString(),
    visitsStart: new Date(ms - VISITS_TO_MX_WINDOW_DAYS * DAY_MS).toISOString(),
  };
}

/** Whole UTC days from today to the day of `iso` (negative when it lies before today). */
export function daysFromToday(clock: FleetClock, iso: string): number {
  return utcDayNumber(Date.parse(iso)) - clock.today;
}

/** Whole UTC days from today to a calendar day (yyyy-MM-dd). */
export function daysToDate(clock: FleetClock, day: string): number {
  return daysFromToday(clock, `${day}T00:00:00.000Z`);
}
