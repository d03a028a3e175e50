import { INT_MAX } from '../schema/common.ts';

/*
 * The odometer readings an inspection starts with (issue 49 "Start"). A reading below the vehicle's
 * last reported one is refused: odometers do not run back, and the AF1800 and the usage insights
 * would count a negative day. A jump larger than a vehicle plausibly covers between two inspections
 * asks for confirmation instead of refusing: a vehicle back from a long TDY may well have done it,
 * but a typed extra digit is the likelier cause.
 */

export type ReadingKind = 'miles' | 'hours';

/** The largest rise taken without a question: a long day's driving, or a day of engine running. */
export const LIKELY_RISE: Record<ReadingKind, number> = { miles: 1000, hours: 24 };

const LABEL: Record<ReadingKind, string> = { miles: 'Miles', hours: 'Hours' };

export type ReadingCheck = { kind: 'ok' } | { kind: 'refused'; message: string } | { kind: 'confirm'; message: string };

const fmt = (n: number) => n.toLocaleString('en-US');

/** Judges a typed reading against the last reported one (null: none yet). */
export function checkReading(kind: ReadingKind, value: number | null, last: number | null): ReadingCheck {
  const label = LABEL[kind];
  if (value === null || !Number.isFinite(value)) return { kind: 'refused', message: `${label} are required` };
  if (!Number.isInteger(value) || value < 1) return { kind: 'refused', message: `${label} must be a whole number of at least 1` };
  if (value > INT_MAX) return { kind: 'refused', message: `${label} must be at most ${fmt(INT_MAX)}` };
  if (last !== null && value < last) return { kind: 'refused', message: `${label} cannot be below the last reported ${fmt(last)}` };
  if (last !== null && value - last > LIKELY_RISE[kind]) {
    return { kind: 'confirm', message: `${fmt(value - last)} ${kind} more than the last reported ${fmt(last)}. Is ${fmt(value)} right?` };
  }
  return { kind: 'ok' };
}
