import type { FeedRow } from '../schema/feeds.ts';
import { DAY_MS, RECENT_WINDOW_DAYS } from './fleet-row-clock.ts';

/*
 * Of the two long histories, a Fleet Details row needs little (docs/fleet-details.md "Reading less"):
 * - of inspections, those in the recent window (Recent Fixes), the vehicle's latest inspection without
 *   a parent (Inspection Date, Last Inspector) and the latest of those with a fuel level (Fuel Level);
 * - of notes, those in the recent window (Recent Notes).
 * deriveFleetRows gives the same rows from these as from the whole history, so a device reads them by
 * index instead of a year of inspections (over 90 % of the records of a fleet).
 */

/**
 * Where the recent part of the histories is read from: a day before the recent window opens. Feed
 * timestamps are written as `toISOString` and compare as strings; the day's margin keeps a timestamp
 * in another form (an offset) that lies in the window on the near side of this bound.
 */
export function fleetHistorySince(now: Date): string {
  return new Date(now.getTime() - (RECENT_WINDOW_DAYS + 1) * DAY_MS).toISOString();
}

/**
 * The vehicles whose latest inspection or latest fuel reading may lie before `since`: those without an
 * inspection (no parent), or without one with a fuel level, among `recent` (every inspection since).
 * Only for these is the older history looked at, newest first, until both are found.
 */
export function vehiclesNeedingOlderInspections(vehicles: readonly FeedRow<'vehicles'>[], recent: readonly FeedRow<'inspections'>[]): string[] {
  const inspected = new Set<string>();
  const fuelled = new Set<string>();
  for (const i of recent) {
    if (i.parentInspectionId !== null) continue;
    inspected.add(i.vehicleId);
    if (i.fuelLevel !== null) fuelled.add(i.vehicleId);
  }
  return vehicles.map((v) => v.vehicleId).filter((id) => !inspected.has(id) || !fuelled.has(id));
}
