import type { FleetRow } from '../schema/fleet.ts';
import type { FeedRow } from '../schema/feeds.ts';
import { displayName } from '../schema/user.ts';
import { daysFromToday, fleetClock, type FleetClock } from './fleet-row-clock.ts';
import { pdfLink } from './fleet-row-display.ts';
import type { FleetSources } from './fleet-row-sources.ts';
import { tallyFleet, type Tally } from './fleet-row-tally.ts';

export { daysToEticColor, fuelBar, pdfLink, ETIC_GREEN_DAYS, FUEL_HIGH_PERCENT, FUEL_LOW_PERCENT } from './fleet-row-display.ts';
export type { EticColor, FuelBar } from './fleet-row-display.ts';
export { RECENT_WINDOW_DAYS, VISITS_TO_MX_WINDOW_DAYS } from './fleet-row-clock.ts';
export type { FleetSources } from './fleet-row-sources.ts';

function toRow(v: FeedRow<'vehicles'>, t: Tally, clock: FleetClock, titles: Map<number, string>, names: Map<string, string>): FleetRow {
  const current = v.status[0];
  const status = current?.status ?? 'valid';
  const eticDate = v.eticDate ?? current?.eticDate ?? null;
  const inMx = status === 'inMx';
  const inspection = t.inspection;
  const row: FleetRow = {
    vehicleId: v.vehicleId,
    pdf: null,
    regNumber: v.regNumber,
    wrm: v.wrm,
    sectionId: v.sectionId,
    vehicleType: v.vehicleType,
    status,
    onTdy: t.onTdy,
    workflowTitle: v.workflowId === null ? null : (titles.get(v.workflowId) ?? null),
    inspectionDate: inspection ? t.inspectionKey : null,
    inspector: inspection ? ((inspection.inspectorId !== null ? names.get(inspection.inspectorId) : undefined) ?? inspection.inspector) : null,
    fuelLevel: t.fuelLevel ?? v.fuelLevel,
    eticDate,
    daysToEtic: eticDate === null ? null : daysFromToday(clock, eticDate),
    inCommission: v.decommissionDate === null,
    nextMxDate: t.nextMxKey || null,
    nextMxType: t.nextMxType,
    nextLtiDate: t.nextLtiKey || null,
    nextPmiDate: t.nextPmiKey || null,
    openWaivers: t.openWaivers,
    fixedWaivers: t.fixedWaivers,
    recentlyRepaired: t.recentlyRepaired,
    // A vehicle in the shop now is on a visit that is not completed yet.
    visitsToMx: (t.visitDays?.length ?? 0) + (inMx ? 1 : 0),
    daysInMx: inMx && current ? Math.max(0, -daysFromToday(clock, current.validFrom)) : null,
    recentNotes: t.recentNotes,
    recentFixes: t.recentFixes,
    mostRecentAnnotation: t.annotation,
    completionDate: t.completionKey || null,
  };
  row.pdf = pdfLink(row);
  return row;
}

/**
 * The Fleet Details rows: one per vehicle, in the order of `sources.vehicles`, decommissioned ones too
 * (inCommission false; the screens hide them). docs/fleet-details.md defines every field. Each source
 * is read once, so the cost is linear in the number of records.
 */
export function deriveFleetRows(sources: FleetSources, now: Date): FleetRow[] {
  const clock = fleetClock(now);
  const tallies = tallyFleet(sources, clock);
  const titles = new Map<number, string>();
  for (const w of sources.workflows) titles.set(w.workflowId, w.title);
  const names = new Map<string, string>();
  for (const u of sources.users) {
    const name = displayName(u);
    if (name) names.set(u.userId, name);
  }
  return sources.vehicles.map((v) => toRow(v, tallies.get(v.vehicleId)!, clock, titles, names));
}
