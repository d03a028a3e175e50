export const NOT_AVAILABLE = 'N/A';

/** A mileage or hours reading with thousands separators ('12,500'), or N/A (part 1 §2 Inspection detail). */
export function readingText(value: number | null): string {
  return value === null ? NOT_AVAILABLE : value.toLocaleString('en-US');
}

/**
 * How long the inspection took, from its seconds: the hours, minutes and seconds that are not zero,
 * '12 min 30 s', '45 s', '1 h 5 min'; '0 s' for none and N/A when unknown.
 */
export function durationText(seconds: number | null): string {
  if (seconds === null || !Number.isFinite(seconds) || seconds < 0) return NOT_AVAILABLE;
  const whole = Math.round(seconds);
  const parts: string[] = [];
  const h = Math.floor(whole / 3600);
  const min = Math.floor((whole % 3600) / 60);
  const s = whole % 60;
  if (h) parts.push(`${h} h`);
  if (min) parts.push(`${min} min`);
  if (s || parts.length === 0) parts.push(`${s} s`);
  return parts.join(' ');
}

/** 'Jordan Lee (shift 2)': the inspector with the shift when it is known (part 1 §2). */
export function inspectorText(inspector: string | null, shift: number | null): string {
  const name = inspector?.trim() || NOT_AVAILABLE;
  return shift === null ? name : `${name} (shift ${shift})`;
}

/** The badges' words: '1 fix', '3 fixes', '0 notes'. */
export function countText(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}
