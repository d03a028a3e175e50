import type { FeedRow } from '../schema/feeds.ts';
import type { FleetClock } from './fleet-row-clock.ts';
import type { FleetSources } from './fleet-row.ts';

/*
 * The hot loops of deriveFleetRows. Everything they call lives in this module, so that no call in them
 * goes through a module binding (a getter once transpiled to CommonJS, as tsx and vitest do).
 */

type Inspection = FeedRow<'inspections'>;
type Visit = FeedRow<'scheduledMx'> | FeedRow<'ltis'> | FeedRow<'pmis'>;

/**
 * A timestamp in the form the feeds write (`toISOString`: 24 characters, UTC, milliseconds, Z), in
 * which moments compare as strings. Any other form (an offset, no or more fractional digits) is
 * converted; that costs a parse, but only for those.
 */
export function utcIso(iso: string): string {
  return iso.length === 24 && iso.charCodeAt(23) === 90 /* Z */ ? iso : new Date(iso).toISOString();
}

/** `key`/`id` is later than `bestKey`/`bestId`; equal moments are ordered by id so that input order never matters. */
const later = (key: string, id: string, bestKey: string, bestId: string) => key > bestKey || (key === bestKey && id > bestId);
/** The pending visit `key`/`id` is due before `bestKey`/`bestId` ('' = none yet). */
const sooner = (key: string, id: string, bestKey: string, bestId: string) => bestKey === '' || later(bestKey, bestId, key, id);

/**
 * What one vehicle's records add up to. Every source is read once and folded into these, so deriving
 * the fleet is linear in the number of records. Timestamps are kept as UTC ISO strings, which compare
 * as moments; '' stands for "none yet" (every timestamp sorts after it).
 */
export class Tally {
  inspection: Inspection | null = null;
  inspectionKey = '';
  inspectionId = '';
  fuelLevel: number | null = null;
  fuelKey = '';
  fuelId = '';
  annotation: string | null = null;
  annotationKey = '';
  annotationId = '';
  nextMxType: string | null = null;
  nextMxKey = '';
  nextMxId = '';
  nextLtiKey = '';
  nextLtiId = '';
  nextPmiKey = '';
  nextPmiId = '';
  completionKey = '';
  visitDays: Set<string> | null = null;
  openWaivers = 0;
  fixedWaivers = 0;
  recentlyRepaired = 0;
  recentFixes = 0;
  recentNotes = 0;
  onTdy = false;

  fuel(level: number, key: string, id: string): void {
    this.fuelLevel = level;
    this.fuelKey = key;
    this.fuelId = id;
  }

  /** Maintenance finished work on the vehicle at `done`: its latest completion and, within the window, a visit day. */
  maintained(done: string, clock: FleetClock): void {
    if (done > this.completionKey) this.completionKey = done;
    if (done >= clock.visitsStart) (this.visitDays ??= new Set()).add(done.slice(0, 10));
  }
}

function addInspection(t: Tally, i: Inspection, clock: FleetClock): void {
  const key = utcIso(i.inspectionDate);
  if (i.numFixes > 0 && key >= clock.recentStart) t.recentFixes += i.numFixes;
  // An amendment (a discrepancy reported against an earlier inspection) is not a new inspection of the vehicle.
  if (i.parentInspectionId !== null) return;
  if (later(key, i.inspectionId, t.inspectionKey, t.inspectionId)) {
    t.inspection = i;
    t.inspectionKey = key;
    t.inspectionId = i.inspectionId;
    // The latest inspection so far is also later than any fuel reading so far.
    if (i.fuelLevel !== null) t.fuel(i.fuelLevel, key, i.inspectionId);
  } else if (i.fuelLevel !== null && later(key, i.inspectionId, t.fuelKey, t.fuelId)) {
    t.fuel(i.fuelLevel, key, i.inspectionId);
  }
}

function addDiscrepancy(t: Tally, d: FeedRow<'discrepancies'>, clock: FleetClock): void {
  if (d.disregard) return;
  const found = utcIso(d.dateDiscovered);
  if (later(found, d.mxId, t.annotationKey, t.annotationId)) {
    t.annotation = d.discrepancy;
    t.annotationKey = found;
    t.annotationId = d.mxId;
  }
  if (d.actualCompletionDate === null) return;
  const done = utcIso(d.actualCompletionDate);
  // Completed as it was found means the operator fixed it on the spot: a fix, not a repair.
  if (done <= found) return;
  t.maintained(done, clock);
  if (done >= clock.recentStart && d.af1800StatusCode !== 'N') t.recentlyRepaired++;
}

/** Folds a completed visit into the vehicle's maintenance; returns the due date of a pending one. */
function pending(t: Tally, v: Visit, clock: FleetClock): string | null {
  if (v.completed) {
    t.maintained(utcIso(v.completionDate ?? v.lastModificationDate), clock);
    return null;
  }
  return utcIso(v.mxDate);
}

function addScheduledMx(t: Tally, m: FeedRow<'scheduledMx'>, clock: FleetClock): void {
  const key = pending(t, m, clock);
  if (key === null || !sooner(key, m.mxId, t.nextMxKey, t.nextMxId)) return;
  t.nextMxKey = key;
  t.nextMxId = m.mxId;
  t.nextMxType = m.mxType;
}

function addLti(t: Tally, l: FeedRow<'ltis'>, clock: FleetClock): void {
  const key = pending(t, l, clock);
  if (key === null || !sooner(key, l.ltiId, t.nextLtiKey, t.nextLtiId)) return;
  t.nextLtiKey = key;
  t.nextLtiId = l.ltiId;
}

function addPmi(t: Tally, p: FeedRow<'pmis'>, clock: FleetClock): void {
  const key = pending(t, p, clock);
  if (key === null || !sooner(key, p.pmiId, t.nextPmiKey, t.nextPmiId)) return;
  t.nextPmiKey = key;
  t.nextPmiId = p.pmiId;
}

function addWaiver(t: Tally, w: FeedRow<'waivers'>): void {
  if (w.status === 'open') t.openWaivers++;
  else if (w.status === 'fixed') t.fixedWaivers++;
}

/** On TDY today: not completed, started on or before today, and without an end or ending today or later. */
function addTdy(t: Tally, tdy: FeedRow<'tdys'>, clock: FleetClock): void {
  if (tdy.completed || tdy.startDate > clock.todayDate) return;
  if (tdy.endDate === null || tdy.endDate >= clock.todayDate) t.onTdy = true;
}

function addNote(t: Tally, n: FeedRow<'notes'>, clock: FleetClock): void {
  if (utcIso(n.creationDate) >= clock.recentStart) t.recentNotes++;
}

/** Every record folded into the tally of its vehicle, one pass per source; records of unknown vehicles are skipped. */
export function tallyFleet(sources: FleetSources, clock: FleetClock): Map<string, Tally> {
  const tallies = new Map<string, Tally>();
  for (const v of sources.vehicles) if (!tallies.has(v.vehicleId)) tallies.set(v.vehicleId, new Tally());
  for (const i of sources.inspections) {
    const t = tallies.get(i.vehicleId);
    if (t !== undefined) addInspection(t, i, clock);
  }
  for (const d of sources.discrepancies) {
    const t = tallies.get(d.vehicleId);
    if (t !== undefined) addDiscrepancy(t, d, clock);
  }
  for (const m of sources.scheduledMx) {
    const t = tallies.get(m.vehicleId);
    if (t !== undefined) addScheduledMx(t, m, clock);
  }
  for (const l of sources.ltis) {
    const t = tallies.get(l.vehicleId);
    if (t !== undefined) addLti(t, l, clock);
  }
  for (const p of sources.pmis) {
    const t = tallies.get(p.vehicleId);
    if (t !== undefined) addPmi(t, p, clock);
  }
  for (const w of sources.waivers) {
    const t = tallies.get(w.vehicleId);
    if (t !== undefined) addWaiver(t, w);
  }
  for (const tdy of sources.tdys) {
    const t = tallies.get(tdy.vehicleId);
    if (t !== undefined) addTdy(t, tdy, clock);
  }
  for (const n of sources.notes) {
    const t = tallies.get(n.vehicleId);
    if (t !== undefined) addNote(t, n, clock);
  }
  return tallies;
}
