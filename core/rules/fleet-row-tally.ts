import type { FeedRow } from '../schema/feeds.ts';
import type { FleetClock } from './fleet-row-clock.ts';
import type { FleetSources } from './fleet-row-sources.ts';

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
function utcIso(iso: string): string {
  return iso.length === 24 && iso.charCodeAt(23) === 90 /* Z */ ? iso : new Date(iso).toISOString();
}

const digit = (iso: string, at: number) => iso.charCodeAt(at) - 48;
/** The UTC day of a timestamp in the feeds' form as the number yyyyMMdd, read without a parse or a new string. */
function dayNumber(iso: string): number {
  const year = digit(iso, 0) * 1000 + digit(iso, 1) * 100 + digit(iso, 2) * 10 + digit(iso, 3);
  return year * 10_000 + (digit(iso, 5) * 10 + digit(iso, 6)) * 100 + digit(iso, 8) * 10 + digit(iso, 9);
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
  /** The days (yyyyMMdd numbers) with completed maintenance in the visits window; a handful per vehicle. */
  visitDays: number[] | null = null;
  openWaivers = 0;
  fixedWaivers = 0;
  recentlyRepaired = 0;
  recentFixes = 0;
  recentNotes = 0;
  onTdy = false;

  /** Maintenance finished work on the vehicle at `done`: its latest completion and, within the window, a visit day. */
  maintained(done: string, clock: FleetClock): void {
    if (done > this.completionKey) this.completionKey = done;
    if (done < clock.visitsStart) return;
    const day = dayNumber(done);
    if (this.visitDays === null) this.visitDays = [day];
    else if (!this.visitDays.includes(day)) this.visitDays.push(day);
  }
}

function addInspection(t: Tally, i: Inspection, clock: FleetClock): void {
  const key = utcIso(i.inspectionDate);
  if (i.numFixes > 0 && key >= clock.recentStart) t.recentFixes += i.numFixes;
  // An amendment (a discrepancy reported against an earlier inspection) is not a new inspection of the vehicle.
  if (i.parentInspectionId !== null) return;
  const latest = later(key, i.inspectionId, t.inspectionKey, t.inspectionId);
  if (latest) {
    t.inspection = i;
    t.inspectionKey = key;
    t.inspectionId = i.inspectionId;
  }
  // The latest inspection so far is also later than any fuel reading so far. The level is copied as the
  // value it is (no arithmetic, no call taking it) so that no number is boxed anew.
  if (i.fuelLevel !== null && (latest || later(key, i.inspectionId, t.fuelKey, t.fuelId))) {
    t.fuelLevel = i.fuelLevel;
    t.fuelKey = key;
    t.fuelId = i.inspectionId;
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

type Tallies = Map<string, Tally>;

/*
 * One loop per source, each in its own function: each is then optimized with the type feedback of its
 * own records, instead of one function that deoptimizes every time it reaches a loop it has not run.
 */

function foldInspections(tallies: Tallies, rows: readonly Inspection[], clock: FleetClock): void {
  for (const row of rows) {
    const t = tallies.get(row.vehicleId);
    if (t !== undefined) addInspection(t, row, clock);
  }
}

function foldDiscrepancies(tallies: Tallies, rows: readonly FeedRow<'discrepancies'>[], clock: FleetClock): void {
  for (const row of rows) {
    const t = tallies.get(row.vehicleId);
    if (t !== undefined) addDiscrepancy(t, row, clock);
  }
}

function foldScheduledMx(tallies: Tallies, rows: readonly FeedRow<'scheduledMx'>[], clock: FleetClock): void {
  for (const row of rows) {
    const t = tallies.get(row.vehicleId);
    if (t !== undefined) addScheduledMx(t, row, clock);
  }
}

function foldLtis(tallies: Tallies, rows: readonly FeedRow<'ltis'>[], clock: FleetClock): void {
  for (const row of rows) {
    const t = tallies.get(row.vehicleId);
    if (t !== undefined) addLti(t, row, clock);
  }
}

function foldPmis(tallies: Tallies, rows: readonly FeedRow<'pmis'>[], clock: FleetClock): void {
  for (const row of rows) {
    const t = tallies.get(row.vehicleId);
    if (t !== undefined) addPmi(t, row, clock);
  }
}

function foldWaivers(tallies: Tallies, rows: readonly FeedRow<'waivers'>[]): void {
  for (const row of rows) {
    const t = tallies.get(row.vehicleId);
    if (t !== undefined) addWaiver(t, row);
  }
}

function foldTdys(tallies: Tallies, rows: readonly FeedRow<'tdys'>[], clock: FleetClock): void {
  for (const row of rows) {
    const t = tallies.get(row.vehicleId);
    if (t !== undefined) addTdy(t, row, clock);
  }
}

function foldNotes(tallies: Tallies, rows: readonly FeedRow<'notes'>[], clock: FleetClock): void {
  for (const row of rows) {
    // Only recent notes count: the others need no look-up at all.
    if (utcIso(row.creationDate) < clock.recentStart) continue;
    const t = tallies.get(row.vehicleId);
    if (t !== undefined) t.recentNotes++;
  }
}

/** Every record folded into the tally of its vehicle, one pass per source; records of unknown vehicles are skipped. */
export function tallyFleet(sources: FleetSources, clock: FleetClock): Tallies {
  const tallies: Tallies = new Map();
  for (const v of sources.vehicles) if (!tallies.has(v.vehicleId)) tallies.set(v.vehicleId, new Tally());
  foldInspections(tallies, sources.inspections, clock);
  foldDiscrepancies(tallies, sources.discrepancies, clock);
  foldScheduledMx(tallies, sources.scheduledMx, clock);
  foldLtis(tallies, sources.ltis, clock);
  foldPmis(tallies, sources.pmis, clock);
  foldWaivers(tallies, sources.waivers);
  foldTdys(tallies, sources.tdys, clock);
  foldNotes(tallies, sources.notes, clock);
  return tallies;
}
