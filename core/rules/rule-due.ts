import type { Frequency } from '../schema/rule.ts';
import { addDays } from './org-clock.ts';

/*
 * Which rules an inspection asks (part 2 §3 "frequency"; docs/inspections.md "Rules due"). A rule of
 * every inspection (daily) is always asked; a weekly, monthly, quarterly, semiannual or annual one is
 * asked when the vehicle has not answered it within that period: once its period has passed since the
 * day of the last answer, counted in calendar days and months, so that a weekly check done on a
 * Monday morning is asked again the next Monday whatever the hour. Days are the UTC day until the
 * organization's clock (issue 50) replaces it in one place, here.
 */

/** The period after which an answered rule is asked again: days, or calendar months. */
const PERIOD: Record<Exclude<Frequency, 'daily'>, { days: number } | { months: number }> = {
  weekly: { days: 7 },
  monthly: { months: 1 },
  quarterly: { months: 3 },
  semiannual: { months: 6 },
  annual: { months: 12 },
};

/** The calendar day (yyyy-MM-dd) of a moment, as inspections count their days. */
export function inspectionDay(at: Date | string): string {
  return new Date(at).toISOString().slice(0, 10);
}

/** The day a rule answered on `day` is asked again; a month ahead of the 31st is the month's last day. */
export function nextDueDay(frequency: Exclude<Frequency, 'daily'>, day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const period = PERIOD[frequency];
  if ('days' in period) return addDays(day, period.days);
  const lastOfMonth = new Date(Date.UTC(y, m - 1 + period.months + 1, 0)).getUTCDate();
  return new Date(Date.UTC(y, m - 1 + period.months, Math.min(d, lastOfMonth))).toISOString().slice(0, 10);
}

/** Whether an inspection on `day` asks a rule of this frequency last answered on `lastAnswered` (null: never). */
export function ruleIsDue(frequency: Frequency, lastAnswered: string | null, day: string): boolean {
  if (frequency === 'daily' || lastAnswered === null) return true;
  return day >= nextDueDay(frequency, lastAnswered);
}

/** What an inspection on `day` asks, given the day the vehicle last answered each rule. */
export interface Asked {
  day: string;
  lastAnswered: ReadonlyMap<string, string>;
}

/** Whether the inspection `asked` describes asks this rule. */
export const isAsked = (rule: { ruleId: string; frequency: Frequency }, asked: Asked) =>
  ruleIsDue(rule.frequency, asked.lastAnswered.get(rule.ruleId) ?? null, asked.day);
