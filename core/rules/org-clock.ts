/**
 * The organization's clock (issue 50): which calendar day and month an instant falls in, and which
 * instant a day starts at, in the organization's IANA time zone. A motor pool works in one local time
 * whatever the device or the server says, so every day boundary of the product is decided here, on
 * both ends alike. Instants stay UTC everywhere; only days, months and shifts are the zone's.
 * Calendar days are 'yyyy-MM-dd' strings and compare as strings.
 */

/** The zone of an organization that has not chosen one: the product behaved in UTC before zones. */
export const DEFAULT_TIME_ZONE = 'UTC';

export const DAY_MS = 86_400_000;

/** An organization's zone: the one it chose, UTC until it chooses (a new organization's first vco's browser picks it). */
export const orgZoneOf = (organization: { timeZone: string | null } | null): string => organization?.timeZone ?? DEFAULT_TIME_ZONE;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(zone, f);
  }
  return f;
}

/** Whether `name` is a time zone this runtime knows (an IANA name such as Asia/Tokyo, or UTC). */
export function isTimeZone(name: string): boolean {
  if (typeof name !== 'string' || name.trim() === '' || name !== name.trim()) return false;
  try {
    formatterOf(name);
    return true;
  } catch {
    return false;
  }
}

/**
 * A known zone in the spelling to keep: the runtime's own where the two differ only in case
 * ('asia/tokyo' is Asia/Tokyo), else as given, so that Asia/Kolkata stays Asia/Kolkata where an older
 * ICU would call it Asia/Calcutta (Node's and Chromium's lists differ on such links). Null when unknown.
 */
export function canonicalTimeZone(name: string): string | null {
  if (!isTimeZone(name)) return null;
  const resolved = formatterOf(name).resolvedOptions().timeZone;
  return resolved.toLowerCase() === name.toLowerCase() ? resolved : name;
}

// Offsets change only at transitions, which fall on a quarter hour and never come twice in six hours:
// a six-hour span whose first and last quarter hours share an offset has it throughout, so a year of
// instants costs about 1,500 lookups per zone, and only a span with a transition is read per quarter hour.
const QUARTER_MS = 15 * 60 * 1000;
const SPAN_MS = 6 * 60 * 60 * 1000;
const quarterOffsets = new Map<string, number>();
const spanOffsets = new Map<string, number | null>();

const remember = <V>(map: Map<string, V>, key: string, value: V): V => {
  if (map.size > 20_000) map.clear();
  map.set(key, value);
  return value;
};

/** The zone's offset at the start of quarter hour `quarter` (since 1970). */
function quarterOffset(quarter: number, zone: string): number {
  const key = `${zone} ${quarter}`;
  const known = quarterOffsets.get(key);
  if (known !== undefined) return known;
  const at = quarter * QUARTER_MS;
  const parts: Record<string, number> = {};
  for (const p of formatterOf(zone).formatToParts(at)) if (p.type !== 'literal') parts[p.type] = Number(p.value);
  const wall = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
  return remember(quarterOffsets, key, wall - at);
}

/** The zone's offset from UTC at instant `ms`, in milliseconds (Asia/Tokyo +9 h). */
export function offsetAt(ms: number, zone: string): number {
  if (zone === 'UTC') return 0;
  const span = Math.floor(ms / SPAN_MS);
  const key = `${zone} ${span}`;
  let whole = spanOffsets.get(key);
  if (whole === undefined) {
    const first = quarterOffset((span * SPAN_MS) / QUARTER_MS, zone);
    const last = quarterOffset(((span + 1) * SPAN_MS) / QUARTER_MS - 1, zone);
    whole = remember(spanOffsets, key, first === last ? first : null);
  }
  return whole ?? quarterOffset(Math.floor(ms / QUARTER_MS), zone);
}

const toMs = (instant: Date | number | string): number =>
  typeof instant === 'number' ? instant : typeof instant === 'string' ? Date.parse(instant) : instant.getTime();

/** The instant's wall clock in the zone, as milliseconds of a UTC date with the same fields. */
const wallOf = (ms: number, zone: string) => ms + offsetAt(ms, zone);

/** The calendar day (yyyy-MM-dd) the instant falls in, in the zone. */
export function dayOf(instant: Date | number | string, zone: string): string {
  return new Date(wallOf(toMs(instant), zone)).toISOString().slice(0, 10);
}

/** The month (yyyy-MM) the instant falls in, in the zone. */
export function monthOf(instant: Date | number | string, zone: string): string {
  return dayOf(instant, zone).slice(0, 7);
}

/** Minutes since the zone's midnight of the instant's day, and its weekday (0 Sunday), on the wall clock. */
export function wallTimeOf(instant: Date | number | string, zone: string): { day: string; minutes: number; weekday: number } {
  const wall = new Date(wallOf(toMs(instant), zone));
  return { day: wall.toISOString().slice(0, 10), minutes: wall.getUTCHours() * 60 + wall.getUTCMinutes(), weekday: wall.getUTCDay() };
}

const dayMs = (day: string) => Date.parse(`${day}T00:00:00.000Z`);

/**
 * The instant the wall clock of the zone shows `minutes` after the start of `day`. Where that time is
 * skipped (clocks go forward) it moves on by the skip, as a person resetting a watch would (02:30 on a
 * 02:00 to 03:00 night is 03:30; a skipped midnight is the moment of the jump); where it comes twice, the first.
 */
export function instantAt(day: string, minutes: number, zone: string): number {
  const wall = dayMs(day) + minutes * 60_000;
  const candidates = [wall - offsetAt(wall - DAY_MS, zone), wall - offsetAt(wall + DAY_MS, zone)];
  const exact = candidates.filter((c) => wallOf(c, zone) === wall);
  return exact.length > 0 ? Math.min(...exact) : Math.max(...candidates);
}

/** The first instant of `day` in the zone (a day whose midnight is skipped starts when the clocks jump). */
export function startOfDay(day: string, zone: string): number {
  return instantAt(day, 0, zone);
}

/** The day `n` calendar days after `day` (before, for a negative n). */
export function addDays(day: string, n: number): string {
  return new Date(dayMs(day) + n * DAY_MS).toISOString().slice(0, 10);
}

/** Whole calendar days from `from` to `to` (negative when `to` comes first). */
export function daysBetween(from: string, to: string): number {
  return Math.round((dayMs(to) - dayMs(from)) / DAY_MS);
}

/** The first day of the month of `day`, and the last. */
export const firstOfMonth = (day: string): string => `${day.slice(0, 7)}-01`;
export function lastOfMonth(day: string): string {
  const [y, m] = day.split('-').map(Number);
  return new Date(Date.UTC(y!, m!, 0)).toISOString().slice(0, 10);
}

/** A zone's short name for a reader ('JST', 'AKST', 'UTC', or 'GMT+9' where it has none) at an instant. */
export function zoneAbbreviation(instant: Date | number | string, zone: string): string {
  const part = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'short' }).formatToParts(toMs(instant)).find((p) => p.type === 'timeZoneName');
  return part?.value ?? zone;
}

/** The zone's offset at an instant as a reader writes it: 'UTC', 'UTC+09:00', 'UTC-09:00', 'UTC+05:30'. */
export function utcOffsetLabel(instant: Date | number | string, zone: string): string {
  const minutes = Math.round(offsetAt(toMs(instant), zone) / 60_000);
  if (minutes === 0) return 'UTC';
  const a = Math.abs(minutes);
  return `UTC${minutes < 0 ? '-' : '+'}${String(Math.floor(a / 60)).padStart(2, '0')}:${String(a % 60).padStart(2, '0')}`;
}

/**
 * The zone's standard offset in the year of `instant`, in minutes: the smaller of its January and
 * July offsets, since summer time only ever adds. Shift times are stored at this offset (core/rules/shift-time.ts).
 */
export function standardOffsetMinutes(zone: string, instant: Date | number | string = Date.now()): number {
  const year = new Date(toMs(instant)).getUTCFullYear();
  return Math.min(offsetAt(Date.UTC(year, 0, 1), zone), offsetAt(Date.UTC(year, 6, 1), zone)) / 60_000;
}
