import Dexie from 'dexie';
import type { FleetSources } from '../../../core/rules/fleet-row.ts';
import { fleetHistorySince, vehiclesNeedingOlderInspections } from '../../../core/rules/fleet-row-window.ts';
import type { Section } from '../../../core/schema/organization.ts';
import type { MirrorDb, MirrorRow } from '../../db/mirror.ts';

const FEEDS = ['vehicles', 'workflows', 'inspections', 'discrepancies', 'scheduledMx', 'ltis', 'pmis', 'waivers', 'tdys', 'notes', 'users', 'sections'] as const;

/**
 * A vehicle's inspections before `since`, newest first, down to its latest one (no parent) with a fuel
 * level: the newest of them is its latest inspection, the last its latest fuel reading. Usually one.
 */
function olderInspections(db: MirrorDb, vehicleId: string, since: string): Promise<MirrorRow<'inspections'>[]> {
  return db
    .feed('inspections')
    .where('[vehicleId+inspectionDate]')
    .between([vehicleId, Dexie.minKey], [vehicleId, since], true, false)
    .reverse()
    .filter((i) => i.parentInspectionId === null)
    .until((i) => i.fuelLevel !== null, true)
    .toArray();
}

/**
 * What Fleet Details derives its rows from, read from the mirror in one read-only transaction (one
 * snapshot of every feed). Of inspections and notes only what the rows need is read
 * (core/rules/fleet-row-window.ts): for 5,000 vehicles and a year, about 150,000 records instead of
 * 1.5 million. Outside Dexie's live-query cache, so the records are garbage once the rows are derived.
 */
export function readFleetSources(db: MirrorDb, now: Date): Promise<{ sources: FleetSources; sections: Section[] }> {
  const since = fleetHistorySince(now);
  return db.transaction('r', [...FEEDS], async () => {
    const [vehicles, workflows, recentInspections, discrepancies, scheduledMx, ltis, pmis, waivers, tdys, notes, users, sections] = await Promise.all([
      db.feed('vehicles').toArray(),
      db.feed('workflows').toArray(),
      db.feed('inspections').where('inspectionDate').aboveOrEqual(since).toArray(),
      db.feed('discrepancies').toArray(),
      db.feed('scheduledMx').toArray(),
      db.feed('ltis').toArray(),
      db.feed('pmis').toArray(),
      db.feed('waivers').toArray(),
      db.feed('tdys').toArray(),
      db.feed('notes').where('creationDate').aboveOrEqual(since).toArray(),
      db.feed('users').toArray(),
      db.feed('sections').toArray(),
    ]);
    const older = await Promise.all(vehiclesNeedingOlderInspections(vehicles, recentInspections).map((id) => olderInspections(db, id, since)));
    const inspections = older.length ? recentInspections.concat(...older) : recentInspections;
    const sources: FleetSources = { vehicles, workflows, inspections, discrepancies, scheduledMx, ltis, pmis, waivers, tdys, notes, users };
    return { sources, sections: sections as Section[] };
  });
}
