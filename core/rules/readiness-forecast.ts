import type { ForecastReason, ForecastType, ReadinessForecast } from '../schema/fleet-overview.ts';
import { daysFromToday, daysToDate, fleetClock, type FleetClock } from './fleet-row-clock.ts';
import { addDays } from './org-clock.ts';
import { AVAILABLE_STATUSES, type OverviewSources } from './overview-sources.ts';
import { compareIso, compareNames } from './compare-names.ts';
import { nameKey } from './name-key.ts';

/**
 * The readiness forecast (issue 20, beyond the spec; docs/overview.md "Readiness forecast"): for each
 * section and vehicle type with a MEL, the vehicles projected available on each of the next
 * FORECAST_DAYS days (today first) from what is already known, and the first day the type falls
 * below its MEL with the vehicles that are out on that day and why. Unscheduled breakdowns, repairs
 * finishing early and overdue work being done are not predicted.
 */

export const FORECAST_DAYS = 30;

type Vehicle = OverviewSources['vehicles'][number];

/** Why each vehicle is out on each day of the horizon (absent: available). */
type OutDays = Map<string, ForecastReason[][]>;

function markOut(out: OutDays, vehicleId: string, from: number, to: number, reason: ForecastReason): void {
  const days = out.get(vehicleId);
  if (!days) return;
  for (let d = Math.max(0, from); d <= Math.min(FORECAST_DAYS - 1, to); d++) if (!days[d]!.includes(reason)) days[d]!.push(reason);
}

function outDays(src: OverviewSources, vehicles: readonly Vehicle[], clock: FleetClock): OutDays {
  const out: OutDays = new Map(vehicles.map((v) => [v.vehicleId, Array.from({ length: FORECAST_DAYS }, () => [])]));
  const last = FORECAST_DAYS - 1;
  for (const v of vehicles) {
    const status = v.status[0]?.status ?? 'valid';
    if (!AVAILABLE_STATUSES.includes(status)) {
      // Out until the day after its ETIC; without one, or past it, it is not predicted back.
      const etic = v.eticDate ?? v.status[0]?.eticDate ?? null;
      const back = etic === null ? Infinity : daysFromToday(clock, etic) + 1;
      markOut(out, v.vehicleId, 0, back <= 0 ? last : back - 1, status === 'inMx' ? 'inMx' : 'inoperable');
    }
    if (v.eolDate !== null) markOut(out, v.vehicleId, daysToDate(clock, v.eolDate), last, 'eol');
  }
  // A record not completed takes its vehicle out on its day; an overdue one has no day to put it on.
  const onDay = <R extends { vehicleId: string; completed: boolean }>(rows: readonly R[], when: (r: R) => string, reason: ForecastReason) => {
    for (const r of rows) {
      if (r.completed) continue;
      const d = daysFromToday(clock, when(r));
      if (d >= 0) markOut(out, r.vehicleId, d, d, reason);
    }
  };
  onDay(src.scheduledMx, (m) => m.mxDate, 'scheduledMx');
  onDay(src.ltis, (m) => m.mxDate, 'lti');
  onDay(src.pmis, (m) => m.mxDate, 'pmi');
  onDay(src.washes, (w) => w.washDate, 'wash');
  for (const t of src.tdys) {
    if (t.completed) continue;
    markOut(out, t.vehicleId, daysToDate(clock, t.startDate), t.endDate === null ? last : daysToDate(clock, t.endDate), 'tdy');
  }
  return out;
}

const groupKey = (sectionId: string, vehicleType: string) => `${sectionId}|${nameKey(vehicleType)}`;

/**
 * The forecast for the vehicles in scope (in commission, of the section when one is given), for the
 * sections in scope; a type appears when its section has a MEL of it above 0.
 */
export function readinessForecast(src: OverviewSources, inScope: readonly Vehicle[], now: Date, sectionId: string | null, zone?: string): ReadinessForecast {
  const clock = fleetClock(now, zone);
  const out = outDays(src, inScope, clock);
  const dateOf = (d: number) => addDays(clock.todayDate, d);
  const groups = new Map<string, Vehicle[]>();
  for (const v of inScope) {
    if (v.sectionId === null) continue;
    const key = groupKey(v.sectionId, v.vehicleType);
    const group = groups.get(key);
    if (group) group.push(v);
    else groups.set(key, [v]);
  }
  const sections = src.sections.filter((s) => sectionId === null || s.sectionId === sectionId).sort((a, b) => compareNames(a.sectionName, b.sectionName));
  return {
    from: dateOf(0),
    days: FORECAST_DAYS,
    sections: sections.map((section) => {
      const mels = src.mels.filter((m) => m.sectionId === section.sectionId && m.mel > 0);
      const vehicleTypes: ForecastType[] = mels.map((m) => {
        const mine = groups.get(groupKey(section.sectionId, m.vehicleType)) ?? [];
        const available = Array.from({ length: FORECAST_DAYS }, (_, d) => mine.filter((v) => out.get(v.vehicleId)![d]!.length === 0).length);
        const first = available.findIndex((n) => n < m.mel);
        return {
          vehicleType: m.vehicleType,
          mel: m.mel,
          available,
          shortfall:
            first < 0
              ? null
              : {
                  date: dateOf(first),
                  available: available[first]!,
                  out: mine
                    .filter((v) => out.get(v.vehicleId)![first]!.length > 0)
                    .sort((a, b) => compareNames(a.regNumber, b.regNumber) || compareIso(a.vehicleId, b.vehicleId))
                    .map((v) => ({ vehicleId: v.vehicleId, regNumber: v.regNumber, reasons: out.get(v.vehicleId)![first]! })),
                },
        };
      });
      return {
        sectionId: section.sectionId,
        sectionName: section.sectionName,
        vehicleTypes: vehicleTypes.sort((a, b) => compareNames(a.vehicleType, b.vehicleType)),
      };
    }),
  };
}
