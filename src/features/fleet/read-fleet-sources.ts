import Dexie, { type Collection } from 'dexie';
import type { FleetSources } from '../../../core/rules/fleet-row.ts';
import { fleetHistorySince, latestInspectionsMissing, latestInspectionsSince, type LatestInspectionsNeed } from '../../../core/rules/fleet-row-window.ts';
import type { Section } from '../../../core/schema/organization.ts';
import type { MirrorDb, MirrorRow } from '../../db/mirror.ts';

const FEEDS = ['vehicles', 'workflows', 'inspections', 'discrepancies', 'scheduledMx', 'ltis', 'pmis', 'waivers', 'tdys', 'notes', 'users', 'sections'] as const;

type Inspection = MirrorRow<'inspections'>;

/**
 * The newest inspections without a parent in `newestFirst`: the first, and any others of the same
 * moment (deriveFleetRows breaks that tie by id). Amendments before it are skipped; there are few.
 */
function newestRoots(newestFirst: Collection<Inspection, string>): Promise<Inspection[]> {
  let newest: string | null = null;
  return newestFirst
    .filter((i) => i.parentInspectionId === null)
    .until((i) => {
      newest ??= i.inspectionDate;
      return i.inspectionDate !== newest;
    })
    .toArray();
}

/**
 * A vehicle's latest inspection and/or its latest one with a fuel level, each read newest first through
 * an index: `[vehicleId+inspectionDate+fuelLevel]` holds only inspections with a fuel level (a null
 * leaves a record out of a compound index), so neither read walks the vehicle's history.
 */
function latestInspections(db: MirrorDb, need: LatestInspectionsNeed): Promise<Inspection[][]> {
  const inspections = db.feed('inspections');
  // Every key of the vehicle: [v] sorts before [v, ...], and [v, maxKey] after [v, any date, ...]. (The
  // same maxKey array twice in one key would be a cycle to IndexedDB, and refused.)
  const lower = [need.vehicleId];
  const upper = [need.vehicleId, Dexie.maxKey];
  return Promise.all([
    need.root ? newestRoots(inspections.where('[vehicleId+inspectionDate]').between(lower, upper).reverse()) : [],
    need.fuel ? newestRoots(inspections.where('[vehicleId+inspectionDate+fuelLevel]').between(lower, upper).reverse()) : [],
  ]);
}

/** Every inspection with fixes since `since`: one range of `[numFixes+inspectionDate]` per number of fixes. */
async function inspectionsWithFixes(db: MirrorDb, since: string): Promise<Inspection[]> {
  const inspections = db.feed('inspections');
  const most = (await inspections.orderBy('[numFixes+inspectionDate]').last())?.numFixes ?? 0;
  const ranges = Array.from({ length: most }, (_, i) =>
    inspections
      .where('[numFixes+inspectionDate]')
      .between([i + 1, since], [i + 1, Dexie.maxKey])
      .toArray(),
  );
  return (await Promise.all(ranges)).flat();
}

/** The inspections once each: one of the last week may also be one with fixes, or looked up. */
function distinct(lists: Inspection[][]): Inspection[] {
  const seen = new Map<string, Inspection>();
  for (const list of lists) for (const i of list) seen.set(i.inspectionId, i);
  return [...seen.values()];
}

/**
 * What Fleet Details derives its rows from, read from the mirror in one read-only transaction (one
 * snapshot of every feed). Of inspections and notes only what the rows need is read
 * (core/rules/fleet-row-window.ts): for 5,000 vehicles inspected daily for a year, about 25,000
 * inspections instead of 1.27 million. Outside Dexie's live-query cache, so the records are garbage
 * once the rows are derived.
 */
export function readFleetSources(db: MirrorDb, now: Date): Promise<{ sources: FleetSources; sections: Section[] }> {
  const since = fleetHistorySince(now);
  return db.transaction('r', [...FEEDS], async () => {
    const [vehicles, workflows, lastWeek, withFixes, discrepancies, scheduledMx, ltis, pmis, waivers, tdys, notes, users, sections] = await Promise.all([
      db.feed('vehicles').toArray(),
      db.feed('workflows').toArray(),
      db.feed('inspections').where('inspectionDate').aboveOrEqual(latestInspectionsSince(now)).toArray(),
      inspectionsWithFixes(db, since),
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
    const looked = await Promise.all(latestInspectionsMissing(vehicles, lastWeek).map((need) => latestInspections(db, need)));
    const inspections = distinct([lastWeek, withFixes, ...looked.flat()]);
    const sources: FleetSources = { vehicles, workflows, inspections, discrepancies, scheduledMx, ltis, pmis, waivers, tdys, notes, users };
    return { sources, sections: sections as Section[] };
  });
}
