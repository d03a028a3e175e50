/**
 * Shift times are entered in the organization's time and stored as `HHmm` followed by `z` (part 2 §3,
 * §5 "Shift time"). A shift boundary is a time of the organization's wall clock, not a moment: it is
 * stored at the zone's standard offset (`offsetMinutes`: local minus UTC, e.g. -300 for UTC-5;
 * org-clock's standardOffsetMinutes), so 06:00 stays 06:00 on both sides of a summer-time change and
 * an organization in UTC stores what it enters. Times wrap around midnight.
 */
const DAY_MINUTES = 24 * 60;

const pad = (n: number) => String(n).padStart(2, '0');
const wrap = (minutes: number) => ((minutes % DAY_MINUTES) + DAY_MINUTES) % DAY_MINUTES;

/** 'HH:mm' local (24-hour) to 'HHmmz'; null for text that is not a time of day. */
export function localToUtcShiftTime(local: string, offsetMinutes: number): string | null {
  const m = /^([01]\d|2[0-3]):?([0-5]\d)$/.exec(local.trim());
  if (!m) return null;
  const utc = wrap(Number(m[1]) * 60 + Number(m[2]) - offsetMinutes);
  return `${pad(Math.floor(utc / 60))}${pad(utc % 60)}z`;
}

/** 'HHmmz' to 'HH:mm' local; null for text that is not a stored shift time. */
export function utcShiftTimeToLocal(stored: string, offsetMinutes: number): string | null {
  const m = /^([01]\d|2[0-3])([0-5]\d)z$/.exec(stored);
  if (!m) return null;
  const local = wrap(Number(m[1]) * 60 + Number(m[2]) + offsetMinutes);
  return `${pad(Math.floor(local / 60))}:${pad(local % 60)}`;
}
