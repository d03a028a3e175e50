import type { FleetOverview, OverviewVehicle, SectionAvailability, TypeAvailability } from '../schema/fleet-overview.ts';
import { wholePercent } from './percent.ts';
import type { VehicleStatus } from '../schema/vehicle.ts';
import { compareIso, compareNames } from './compare-names.ts';
import { daysFromToday, daysToDate, fleetClock } from './fleet-row-clock.ts';
import { nameKey } from './name-key.ts';
import { AVAILABLE_STATUSES, type OverviewSources } from './overview-sources.ts';
import { readinessForecast } from './readiness-forecast.ts';

/**
 * The Overview's figures (part 2 §2.7, §3, §4, §9; docs/overview.md), the same on the device (from
 * the mirror) and the server (GET .../fleet, from the open records). Days are UTC calendar days, as in
 * Fleet Details (core/rules/fleet-row-clock.ts). Decommissioned vehicles never count.
 */

/** A current TDY covers today (its end day included; no end means it goes on). */
export function tdyCovers(t: { startDate: string; endDate: string | null; completed: boolean }, today: string): boolean {
  return !t.completed && t.startDate <= today && (t.endDate === null || t.endDate >= today);
}

function statusOf(v: OverviewSources['vehicles'][number]): VehicleStatus {
  return v.status[0]?.status ?? 'valid';
}

/**
 * The overview of the whole fleet (sectionId null) or of one section, at `now`. An 'approaching'
 * list holds what is due within its lead time and what is overdue (a missed PMI still needs doing);
 * the availability covers every section in scope, each with the types it has vehicles or a MEL of.
 */
export function fleetOverview(src: OverviewSources, now: Date, sectionId: string | null = null, zone?: string): FleetOverview {
  const clock = fleetClock(now, zone);
  const today = clock.todayDate;
  const inScope = src.vehicles.filter((v) => v.decommissionDate === null && (sectionId === null || v.sectionId === sectionId));
  const byId = new Map(inScope.map((v) => [v.vehicleId, v]));
  const ref = (vehicleId: string) => {
    const v = byId.get(vehicleId)!;
    return { vehicleId, regNumber: v.regNumber };
  };
  const mine = <R extends { vehicleId: string; completed: boolean }>(rows: readonly R[]) => rows.filter((r) => !r.completed && byId.has(r.vehicleId));

  const onTdy = new Set(
    mine(src.tdys)
      .filter((t) => tdyCovers(t, today))
      .map((t) => t.vehicleId),
  );
  const vehicles: OverviewVehicle[] = inScope
    .map((v) => ({ vehicleId: v.vehicleId, regNumber: v.regNumber, vehicleType: v.vehicleType, sectionId: v.sectionId, status: statusOf(v), wrm: v.wrm }))
    .sort((a, b) => compareNames(a.regNumber, b.regNumber) || compareIso(a.vehicleId, b.vehicleId));

  // Every list is in one order on the device and the server, whatever order the rows came in: ties end by id.
  const due = <R extends { vehicleId: string; completed: boolean }>(rows: readonly R[], when: (r: R) => string, idOf: (r: R) => string, lead: number) =>
    mine(rows)
      .map((r) => ({ r, days: daysFromToday(clock, when(r)) }))
      .filter(({ days }) => days <= lead)
      .sort(
        (a, b) => compareIso(when(a.r), when(b.r)) || compareNames(ref(a.r.vehicleId).regNumber, ref(b.r.vehicleId).regNumber) || compareIso(idOf(a.r), idOf(b.r)),
      );

  const lead = src.leadTimes;
  const tdys = mine(src.tdys).sort(
    (a, b) => compareIso(a.startDate, b.startDate) || compareNames(ref(a.vehicleId).regNumber, ref(b.vehicleId).regNumber) || compareIso(a.tdyId, b.tdyId),
  );
  return {
    asOf: now.toISOString(),
    fmc: vehicles,
    wrm: vehicles.filter((v) => v.wrm),
    availability: availability(src, inScope, onTdy, sectionId),
    mx: {
      allInOpStatus: inScope
        .filter((v) => statusOf(v) !== 'valid')
        .map((v) => {
          const etic = v.eticDate ?? v.status[0]?.eticDate ?? null;
          // An ETIC ahead is not past: 0 days, never a negative count (issue 52).
          return { ...ref(v.vehicleId), status: statusOf(v), etic, daysPast: etic === null ? null : Math.max(0, 0 - daysFromToday(clock, etic)) };
        })
        .sort(
          (a, b) =>
            (b.daysPast ?? -Infinity) - (a.daysPast ?? -Infinity) ||
            compareIso(a.etic ?? '~', b.etic ?? '~') ||
            compareNames(a.regNumber, b.regNumber) ||
            compareIso(a.vehicleId, b.vehicleId),
        ),
      approachingScheduledMx: due(
        src.scheduledMx,
        (m) => m.mxDate,
        (m) => m.mxId,
        lead.mxLeadTime,
      ).map(({ r, days }) => ({
        ...ref(r.vehicleId),
        mxId: r.mxId,
        mxType: r.mxType,
        nextMxDate: r.mxDate,
        daysToMx: days,
      })),
      approachingLti: due(
        src.ltis,
        (m) => m.mxDate,
        (m) => m.ltiId,
        lead.ltiLeadTime,
      ).map(({ r, days }) => ({
        ...ref(r.vehicleId),
        ltiId: r.ltiId,
        nextLtiDate: r.mxDate,
        daysToLti: days,
      })),
      approachingPmi: due(
        src.pmis,
        (m) => m.mxDate,
        (m) => m.pmiId,
        lead.pmiLeadTime,
      ).map(({ r, days }) => ({
        ...ref(r.vehicleId),
        pmiId: r.pmiId,
        nextPmiDate: r.mxDate,
        daysToPmi: days,
      })),
    },
    tdy: {
      current: tdys
        .filter((t) => tdyCovers(t, today))
        .map((t) => ({ ...ref(t.vehicleId), tdyId: t.tdyId, startDate: t.startDate, endDate: t.endDate, description: t.description })),
      approaching: tdys
        .map((t) => ({ t, days: daysToDate(clock, t.startDate) }))
        .filter(({ days }) => days > 0 && days <= lead.tdyLeadTime)
        .map(({ t, days }) => ({ ...ref(t.vehicleId), tdyId: t.tdyId, startDate: t.startDate, endDate: t.endDate, description: t.description, daysToTdy: days })),
    },
    wash: due(
      src.washes,
      (w) => w.washDate,
      (w) => w.washId,
      lead.washLeadTime,
    ).map(({ r, days }) => ({
      ...ref(r.vehicleId),
      washId: r.washId,
      date: r.washDate,
      daysToWash: days,
    })),
    eol: inScope
      .filter((v) => v.eolDate !== null && daysToDate(clock, v.eolDate) <= lead.eolLeadTime)
      .map((v) => ({ ...ref(v.vehicleId), vehicleType: v.vehicleType, eolDate: v.eolDate!, daysToEol: daysToDate(clock, v.eolDate!) }))
      .sort((a, b) => compareIso(a.eolDate, b.eolDate) || compareNames(a.regNumber, b.regNumber) || compareIso(a.vehicleId, b.vehicleId)),
    forecast: readinessForecast(src, inScope, now, sectionId, zone),
  };
}

/** Per section in scope and vehicle type: total, available, FMC, on TDY, and the MEL (part 2 §3, §4). */
function availability(src: OverviewSources, inScope: OverviewSources['vehicles'], onTdy: ReadonlySet<string>, sectionId: string | null): SectionAvailability[] {
  const sections = src.sections.filter((s) => sectionId === null || s.sectionId === sectionId).sort((a, b) => compareNames(a.sectionName, b.sectionName));
  return sections.map((section) => {
    const types = new Map<string, TypeAvailability>();
    const typeOf = (name: string) => {
      const key = nameKey(name);
      let t = types.get(key);
      if (!t) types.set(key, (t = { vehicleType: name, total: 0, available: 0, fmc: 0, tdy: 0, mel: 0 }));
      return t;
    };
    for (const m of src.mels) if (m.sectionId === section.sectionId) typeOf(m.vehicleType).mel = m.mel;
    for (const v of inScope) {
      if (v.sectionId !== section.sectionId) continue;
      const t = typeOf(v.vehicleType);
      const status = statusOf(v);
      const away = onTdy.has(v.vehicleId);
      t.total++;
      if (status === 'valid') t.fmc++;
      if (away) t.tdy++;
      if (AVAILABLE_STATUSES.includes(status) && !away) t.available++;
    }
    return {
      sectionId: section.sectionId,
      sectionName: section.sectionName,
      vehicleTypes: [...types.values()].sort((a, b) => compareNames(a.vehicleType, b.vehicleType)),
    };
  });
}

export type MelVerdict = 'pass' | 'warning' | 'fail';

/**
 * MEL compliance is available minus MEL (part 2 §9). It passes at 0 or more (§4). The warning and
 * fail thresholds are ours (docs/overview.md): short by one vehicle, or by at most a quarter of the
 * MEL, is a warning a motor pool can cover by moving a service; short by more fails.
 */
export function melVerdict(t: Pick<TypeAvailability, 'available' | 'mel'>): MelVerdict {
  const compliance = t.available - t.mel;
  if (compliance >= 0) return 'pass';
  return -compliance <= Math.max(1, Math.floor(t.mel / 4)) ? 'warning' : 'fail';
}

/** Availability %: available divided by total, rounded to a whole number; null without vehicles. */
export function availabilityPercent(t: Pick<TypeAvailability, 'available' | 'total'>): number | null {
  return wholePercent(t.available, t.total);
}

export const DONUT_STATUSES = ['valid', 'warning', 'invalid', 'inMx'] as const satisfies readonly VehicleStatus[];

/** A donut's slices: count and whole-number percentage per status, in the spec's order. */
export function statusSlices(vehicles: readonly Pick<OverviewVehicle, 'status'>[]): { status: VehicleStatus; count: number; percent: number }[] {
  return DONUT_STATUSES.map((status) => {
    const count = vehicles.filter((v) => v.status === status).length;
    return { status, count, percent: wholePercent(count, vehicles.length) ?? 0 };
  });
}
