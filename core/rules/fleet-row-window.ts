import type { FeedRow } from '../schema/feeds.ts';
import { DAY_MS, RECENT_WINDOW_DAYS } from './fleet-row-clock.ts';

/*
 * Of the two long histories, a Fleet Details row needs little (docs/fleet-details.md "Reading less"):
 * - of inspections, the vehicle's latest inspection without a parent (Inspection Date, Last Inspector),
 *   the latest of those with a fuel level (Fuel Level), and those with fixes in the recent window
 *   (Recent Fixes); the reads are by index, and a read of the last week's inspections holds the
 *   latest of most vehicles;
 * - of notes, those in the recent window (Recent Notes).
 * deriveFleetRows gives the same rows from these as from the whole history, so a device reads them by
 * index instead of a year of inspections (over 90 % of the records of a fleet).
 */

/**
 * Every inspection of the last week is read at once; a vehicle with none (without a parent, or none
 * with a fuel level) is then looked up on its own. A week holds the latest inspection of a fleet
 * inspected daily, at a fifth of the records of the recent window.
 */
export const LATEST_READ_DAYS = 7;

/**
 * Where the recent part of the histories is read from: a day before the recent window opens. Feed
 * timestamps are written as `toISOString` and compare as strings; the day's margin keeps a timestamp
 * in another form (an offset) that lies in the window on the near side of this bound.
 */
export function fleetHistorySince(now: Date): string {
  return new Date(now.getTime() - (RECENT_WINDOW_DAYS + 1) * DAY_MS).toISOString();
}

/** Where the read of every recent inspection starts (LATEST_READ_DAYS before now). */
export function latestInspectionsSince(now: Date): string {
  return new Date(now.getTime() - LATEST_READ_DAYS * DAY_MS).toISOString();
}

/** A vehicle whose latest inspection (`root`) and/or latest fuel reading (`fuel`) is still to be looked up. */
export interface LatestInspectionsNeed {
  vehicleId: string;
  root: boolean;
  fuel: boolean;
}

/**
 * Which vehicles still need their latest inspection or latest fuel reading looked up, given every
 * inspection since some moment (`recent`): those with none of that kind among them.
 */
export function latestInspectionsMissing(vehicles: readonly FeedRow<'vehicles'>[], recent: readonly FeedRow<'inspections'>[]): LatestInspectionsNeed[] {
  const inspected = new Set<string>();
  const fuelled = new Set<string>();
  for (const i of recent) {
    if (i.parentInspectionId !== null) continue;
    inspected.add(i.vehicleId);
    if (i.fuelLevel !== null) fuelled.add(i.vehicleId);
  }
  return vehicles
    .map((v) => ({ vehicleId: v.vehicleId, root: !inspected.has(v.vehicleId), fuel: !fuelled.has(v.vehicleId) }))
    .filter((need) => need.root || need.fuel);
}
