import { AF1800_RULE_PREFIX } from '../../../core/schema/rule.ts';
import type { FailuresOverview, FailuresPerVehicle, InspectInsight, InsightVehicle, UsageExcess, UsageTimeseries } from '../../../core/schema/insights.ts';

/**
 * What the Insights charts draw, from the server's answers and the screen's filters: pure functions, so
 * a filter change redraws at once, offline too. An empty filter keeps everything.
 */

export type UsageUnit = 'hours' | 'miles';

const keeps = (chosen: readonly string[]) => {
  const set = new Set(chosen);
  return (value: string) => set.size === 0 || set.has(value);
};

/** Minutes to one decimal. */
export const minutesOf = (seconds: number) => Math.round(seconds / 6) / 10;

/** Every vehicle type named in the lists, sorted. */
export function vehicleTypesOf(...lists: readonly (readonly { vehicleType: string }[])[]): string[] {
  return [...new Set(lists.flatMap((l) => l.map((x) => x.vehicleType)))].sort((a, b) => a.localeCompare(b));
}

/** 'Year Make Model', the parts known. */
export function yearMakeModel(v: Pick<InsightVehicle, 'year' | 'make' | 'model'>): string {
  return [v.year, v.make, v.model].filter((x) => x !== null && x !== '').join(' ');
}

export interface DayMinutes {
  day: string;
  inspections: number;
  minutes: number;
}

/** Total inspection time per day, in minutes, the days without inspections left out. */
export function minutesPerDay(answer: InspectInsight, types: readonly string[]): DayMinutes[] {
  const keep = keeps(types);
  const days = new Map<string, { inspections: number; seconds: number }>();
  for (const row of answer.perDay) {
    if (!keep(row.vehicleType)) continue;
    const day = days.get(row.day) ?? { inspections: 0, seconds: 0 };
    day.inspections += row.inspections;
    day.seconds += row.durationSeconds;
    days.set(row.day, day);
  }
  return [...days].sort(([a], [b]) => a.localeCompare(b)).map(([day, d]) => ({ day, inspections: d.inspections, minutes: minutesOf(d.seconds) }));
}

export interface InspectorAverage {
  inspectorId: string;
  name: string;
  inspections: number;
  averageMinutes: number;
}

/** Average minutes per inspection of each inspector, the slowest first. */
export function averagePerInspector(answer: InspectInsight, types: readonly string[]): InspectorAverage[] {
  const keep = keeps(types);
  const people = new Map<string, { name: string; inspections: number; seconds: number }>();
  for (const row of answer.perInspector) {
    if (!keep(row.vehicleType)) continue;
    const person = people.get(row.inspectorId) ?? { name: row.inspectorName, inspections: 0, seconds: 0 };
    person.inspections += row.inspections;
    person.seconds += row.durationSeconds;
    people.set(row.inspectorId, person);
  }
  return [...people]
    .filter(([, p]) => p.inspections > 0)
    .map(([inspectorId, p]) => ({ inspectorId, name: p.name, inspections: p.inspections, averageMinutes: minutesOf(p.seconds / p.inspections) }))
    .sort((a, b) => b.averageMinutes - a.averageMinutes || a.name.localeCompare(b.name));
}

export interface VehicleMinutes {
  vehicle: InsightVehicle;
  inspections: number;
  totalMinutes: number;
  averageMinutes: number;
}

/** Each vehicle's inspection time, the most first. */
export function minutesPerVehicle(answer: InspectInsight, types: readonly string[]): VehicleMinutes[] {
  const keep = keeps(types);
  return answer.perVehicle
    .filter((v) => keep(v.vehicleType) && v.inspections > 0)
    .map(({ inspections, durationSeconds, ...vehicle }) => ({
      vehicle,
      inspections,
      totalMinutes: minutesOf(durationSeconds),
      averageMinutes: minutesOf(durationSeconds / inspections),
    }))
    .sort((a, b) => b.totalMinutes - a.totalMinutes || a.vehicle.regNumber.localeCompare(b.vehicle.regNumber));
}

/** A rule as the charts name it: 'AF1800-13 Lights' for an AF-1800 item, its title for an organization's own rule. */
export function ruleLabel(rule: { ruleId: string; title: string }): string {
  return rule.ruleId.startsWith(AF1800_RULE_PREFIX) ? `${rule.ruleId} ${rule.title}` : rule.title;
}

export interface RuleOption {
  ruleId: string;
  title: string;
}

/** The rules that failed, for the rule filter, as the answers name them. */
export function failedRules(overview: FailuresOverview): RuleOption[] {
  return overview.rules.map(({ ruleId, title }) => ({ ruleId, title }));
}

export interface FailureSeries {
  ruleId: string;
  title: string;
  /** One count per day of `days`. */
  counts: number[];
}

/** Failures per day, one series per rule (stacked on the chart), the days with a failure only. */
/**
 * 'Failures per day' stays readable with 30 or more rules (issue 52): the rules failed most in range
 * each have their series, the rest are summed in one ('{n} other rules').
 */
export const PER_DAY_RULES_SHOWN = 8;
export const OTHER_RULES_ID = '';

export function failuresPerDay(
  overview: FailuresOverview,
  types: readonly string[],
  rules: readonly string[],
): { days: string[]; series: FailureSeries[]; rules: number } {
  const keepType = keeps(types);
  const keepRule = keeps(rules);
  const perRule = overview.rules
    .filter((r) => keepRule(r.ruleId))
    .map((r) => {
      const byDay = new Map<string, number>();
      for (const d of r.data) {
        const n = d.details.filter((x) => keepType(x.vehicleType)).reduce((sum, x) => sum + x.failures, 0);
        if (n > 0) byDay.set(d.day, n);
      }
      return { ruleId: r.ruleId, title: r.title, byDay };
    })
    .filter((r) => r.byDay.size > 0);
  const days = [...new Set(perRule.flatMap((r) => [...r.byDay.keys()]))].sort();
  const total = (r: (typeof perRule)[number]) => [...r.byDay.values()].reduce((a, b) => a + b, 0);
  const ranked = [...perRule].sort((a, b) => total(b) - total(a));
  const shown = ranked.length > PER_DAY_RULES_SHOWN ? ranked.slice(0, PER_DAY_RULES_SHOWN - 1) : ranked;
  const rest = ranked.slice(shown.length);
  const series = shown.map((r) => ({ ruleId: r.ruleId, title: r.title, counts: days.map((d) => r.byDay.get(d) ?? 0) }));
  if (rest.length > 0)
    series.push({
      ruleId: OTHER_RULES_ID,
      title: `${rest.length} other rules`,
      counts: days.map((d) => rest.reduce((sum, r) => sum + (r.byDay.get(d) ?? 0), 0)),
    });
  return { days, series, rules: perRule.length };
}

export interface VehicleFailures {
  vehicle: InsightVehicle;
  byRule: { ruleId: string; title: string; failures: number }[];
  total: number;
}

/** Failures per vehicle of the rules chosen, grouped by vehicle type (types by name, vehicles the most first). */
export function failuresPerVehicle(
  answer: FailuresPerVehicle,
  types: readonly string[],
  rules: readonly string[],
): { vehicleType: string; vehicles: VehicleFailures[] }[] {
  const keepType = keeps(types);
  const keepRule = keeps(rules);
  const titles = new Map(answer.rules.map((r) => [r.ruleId, r.title]));
  return answer.vehicleTypes
    .filter((t) => keepType(t.vehicleType))
    .map((t) => ({
      vehicleType: t.vehicleType,
      vehicles: t.vehicles
        .map(({ failuresByRule, totalFailures: _, ...vehicle }) => {
          const byRule = failuresByRule
            .filter((r) => keepRule(r.ruleId) && r.failures > 0)
            .map((r) => ({ ruleId: r.ruleId, title: titles.get(r.ruleId) ?? r.ruleId, failures: r.failures }))
            .sort((a, b) => b.failures - a.failures || a.ruleId.localeCompare(b.ruleId));
          return { vehicle, byRule, total: byRule.reduce((sum, r) => sum + r.failures, 0) };
        })
        .filter((v) => v.total > 0)
        .sort((a, b) => b.total - a.total || a.vehicle.regNumber.localeCompare(b.vehicle.regNumber)),
    }))
    .filter((t) => t.vehicles.length > 0)
    .sort((a, b) => a.vehicleType.localeCompare(b.vehicleType));
}

export interface UsagePoint {
  vehicle: InsightVehicle;
  month: string;
  value: number;
}

/** Usage over time: one point per vehicle and month with use, in the unit chosen. */
export function usagePoints(usage: UsageTimeseries, types: readonly string[], unit: UsageUnit): UsagePoint[] {
  const keep = keeps(types);
  const vehicles = new Map(usage.vehicles.map((v) => [v.vehicleId, v]));
  const points: UsagePoint[] = [];
  for (const m of usage.months) {
    const vehicle = vehicles.get(m.vehicleId);
    if (!vehicle || !keep(vehicle.vehicleType)) continue;
    const value = unit === 'miles' ? m.miles : m.hours;
    if (value > 0) points.push({ vehicle, month: m.month, value });
  }
  return points;
}

export interface ExcessPoint {
  vehicle: InsightVehicle;
  usage: number;
  errors: number;
}

/** Excessive usage: each vehicle's use in the range against its errors. */
export function excessPoints(excess: UsageExcess, types: readonly string[], unit: UsageUnit): ExcessPoint[] {
  const keep = keeps(types);
  return excess.vehicles
    .filter((v) => keep(v.vehicleType))
    .map(({ miles, hours, errors, ...vehicle }) => ({ vehicle, usage: unit === 'miles' ? miles : hours, errors }))
    .filter((p) => p.usage > 0 || p.errors > 0);
}
