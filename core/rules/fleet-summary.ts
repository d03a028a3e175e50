import type { FeedRow } from '../schema/feeds.ts';
import { DAY_MS, RECENT_WINDOW_DAYS, VISITS_TO_MX_WINDOW_DAYS } from './fleet-row-clock.ts';

/*
 * One vehicle's history summed up for Fleet Details: what its row needs of thousands of records, in
 * one small record that does not depend on the day it is read. The device keeps one per vehicle in its
 * mirror, updated as records arrive and change (src/db/fleet-summaries.ts), so opening Fleet Details
 * reads one record per vehicle; deriveFleetRows builds them from scratch (the server, a single
 * vehicle). docs/fleet-details.md "Summaries" states the rules.
 *
 * The hot loops live in this module with everything they call, so that no call in them goes through a
 * module binding (a getter once transpiled to CommonJS, as tsx and vitest do).
 */

/** The feeds a summary is made of. */
export const SUMMARY_SOURCES = ['inspections', 'discrepancies', 'scheduledMx', 'ltis', 'pmis', 'waivers', 'tdys', 'notes'] as const;
export type SummarySource = (typeof SUMMARY_SOURCES)[number];
export type SourceRow = FeedRow<SummarySource>;

/**
 * Timestamps are UTC ISO strings, which compare as moments; '' stands for "none" (every timestamp sorts
 * after it). Each "best" record (latest inspection, newest annotation, ...) is kept with its id, so a
 * change to that very record is noticed. Windowed facts (fixes, notes, repairs, visits, TDYs) are kept
 * per record id for as long as any day from now on can count them, and counted when a row is made.
 */
export interface FleetSummary {
  vehicleId: string;
  /**
   * A record that was the best of some field changed so that it may no longer be, or went: the summary
   * must be made again from the vehicle's records before it is used (src/db/fleet-summaries.ts).
   */
  stale: boolean;
  /** The latest inspection without a parent: its moment, id and inspector. */
  inspectionKey: string;
  inspectionId: string;
  inspectorId: string | null;
  inspector: string | null;
  /** The latest inspection with a fuel level. */
  fuelKey: string;
  fuelId: string;
  fuelLevel: number | null;
  /** The newest discrepancy not disregarded, by date discovered. */
  annotationKey: string;
  annotationId: string;
  annotation: string | null;
  /** The latest completed maintenance (a visit or a repair); the ref is `{source}:{id}`. */
  completionKey: string;
  completionRef: string;
  /** The earliest scheduled Mx, LTI and PMI not completed. */
  nextMxKey: string;
  nextMxId: string;
  nextMxType: string | null;
  nextLtiKey: string;
  nextLtiId: string;
  nextPmiKey: string;
  nextPmiId: string;
  /** Inspection id -> [moment, fixes] of inspections with fixes that a recent window may still hold. */
  fixes: Record<string, [string, number]>;
  /** Note id -> moment written, of notes a recent window may still hold. */
  notes: Record<string, string>;
  /** Discrepancy id -> moment repaired (not a fix on the spot, not code N), of repairs a recent window may still hold. */
  repairs: Record<string, string>;
  /** `{source}:{id}` -> moment completed, of maintenance the Visits to Mx window may still hold. */
  visits: Record<string, string>;
  /** Waiver id -> status, of waivers open or fixed. */
  waivers: Record<string, 'open' | 'fixed'>;
  /** TDY id -> [start, end] of TDYs not completed that have not ended. */
  tdys: Record<string, [string, string | null]>;
}

export function emptySummary(vehicleId: string): FleetSummary {
  return {
    vehicleId,
    stale: false,
    inspectionKey: '',
    inspectionId: '',
    inspectorId: null,
    inspector: null,
    fuelKey: '',
    fuelId: '',
    fuelLevel: null,
    annotationKey: '',
    annotationId: '',
    annotation: null,
    completionKey: '',
    completionRef: '',
    nextMxKey: '',
    nextMxId: '',
    nextMxType: null,
    nextLtiKey: '',
    nextLtiId: '',
    nextPmiKey: '',
    nextPmiId: '',
    fixes: {},
    notes: {},
    repairs: {},
    visits: {},
    waivers: {},
    tdys: {},
  };
}

/**
 * A day or two of margin on every window: a summary kept today must still hold what a window measured
 * a little later (the next open) needs, and a device clock set back by a day loses nothing.
 */
const KEEP_MARGIN_DAYS = 2;

/** What a summary keeps, from the moment it is written: the windows' starts, less the margin. */
export interface SummaryKeep {
  /** Fixes, notes and repairs since this moment. */
  recent: string;
  /** Completed maintenance since this moment. */
  visits: string;
  /** TDYs ending on or after this date (yyyy-MM-dd). */
  day: string;
}

export function summaryKeep(now: Date): SummaryKeep {
  const ms = now.getTime();
  const margin = KEEP_MARGIN_DAYS * DAY_MS;
  return {
    recent: new Date(ms - RECENT_WINDOW_DAYS * DAY_MS - margin).toISOString(),
    visits: new Date(ms - VISITS_TO_MX_WINDOW_DAYS * DAY_MS - margin).toISOString(),
    day: new Date(ms - margin).toISOString().slice(0, 10),
  };
}

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

function keepIn<V>(map: Record<string, V>, id: string, value: V | null): void {
  if (value !== null) map[id] = value;
  else if (id in map) delete map[id];
}

/** The moment a maintenance record finished work on the vehicle, or null when it has not (or does not count). */
function discrepancyDone(d: FeedRow<'discrepancies'>, found: string): string | null {
  if (d.disregard || d.actualCompletionDate === null) return null;
  const done = utcIso(d.actualCompletionDate);
  // Completed as it was found means the operator fixed it on the spot: a fix, not a repair.
  return done > found ? done : null;
}

/**
 * The latest completion: `ref` completed at `done` (null: it did not, or no longer). A change to the
 * current latest that moves or removes it makes the summary stale.
 */
function completion(s: FleetSummary, ref: string, done: string | null, keep: SummaryKeep): void {
  if (ref === s.completionRef) {
    if (done !== s.completionKey) s.stale = true;
  } else if (done !== null && later(done, ref, s.completionKey, s.completionRef)) {
    s.completionKey = done;
    s.completionRef = ref;
  }
  keepIn(s.visits, ref, done !== null && done >= keep.visits ? done : null);
}

function foldInspection(s: FleetSummary, i: FeedRow<'inspections'>, keep: SummaryKeep): void {
  const key = utcIso(i.inspectionDate);
  const id = i.inspectionId;
  keepIn(s.fixes, id, i.numFixes > 0 && key >= keep.recent ? [key, i.numFixes] : null);
  // An amendment (a discrepancy reported against an earlier inspection) is not a new inspection of the vehicle.
  const root = i.parentInspectionId === null;
  if (id === s.inspectionId) {
    if (root && key === s.inspectionKey) {
      s.inspectorId = i.inspectorId;
      s.inspector = i.inspector;
    } else s.stale = true;
  } else if (root && later(key, id, s.inspectionKey, s.inspectionId)) {
    s.inspectionKey = key;
    s.inspectionId = id;
    s.inspectorId = i.inspectorId;
    s.inspector = i.inspector;
  }
  // The level is copied as the value it is (no arithmetic, no call taking it) so that no number is boxed anew.
  const fuel = root && i.fuelLevel !== null;
  if (id === s.fuelId) {
    if (fuel && key === s.fuelKey) s.fuelLevel = i.fuelLevel;
    else s.stale = true;
  } else if (fuel && later(key, id, s.fuelKey, s.fuelId)) {
    s.fuelKey = key;
    s.fuelId = id;
    s.fuelLevel = i.fuelLevel;
  }
}

function foldDiscrepancy(s: FleetSummary, d: FeedRow<'discrepancies'>, keep: SummaryKeep): void {
  const found = utcIso(d.dateDiscovered);
  const id = d.mxId;
  const shown = !d.disregard;
  if (id === s.annotationId) {
    if (shown && found === s.annotationKey) s.annotation = d.discrepancy;
    else s.stale = true;
  } else if (shown && later(found, id, s.annotationKey, s.annotationId)) {
    s.annotationKey = found;
    s.annotationId = id;
    s.annotation = d.discrepancy;
  }
  const done = discrepancyDone(d, found);
  completion(s, `discrepancies:${id}`, done, keep);
  keepIn(s.repairs, id, done !== null && done >= keep.recent && d.af1800StatusCode !== 'N' ? done : null);
}

type Visit = FeedRow<'scheduledMx'> | FeedRow<'ltis'> | FeedRow<'pmis'>;

/** A visit's completion (null while pending) and its due moment (null once completed). */
function visitDates(v: Visit): { done: string | null; due: string | null } {
  return v.completed ? { done: utcIso(v.completionDate ?? v.lastModificationDate), due: null } : { done: null, due: utcIso(v.mxDate) };
}

function foldScheduledMx(s: FleetSummary, m: FeedRow<'scheduledMx'>, keep: SummaryKeep): void {
  const { done, due } = visitDates(m);
  completion(s, `scheduledMx:${m.mxId}`, done, keep);
  if (m.mxId === s.nextMxId) {
    if (due === s.nextMxKey) s.nextMxType = m.mxType;
    else s.stale = true;
  } else if (due !== null && sooner(due, m.mxId, s.nextMxKey, s.nextMxId)) {
    s.nextMxKey = due;
    s.nextMxId = m.mxId;
    s.nextMxType = m.mxType;
  }
}

function foldLti(s: FleetSummary, l: FeedRow<'ltis'>, keep: SummaryKeep): void {
  const { done, due } = visitDates(l);
  completion(s, `ltis:${l.ltiId}`, done, keep);
  if (l.ltiId === s.nextLtiId) {
    if (due !== s.nextLtiKey) s.stale = true;
  } else if (due !== null && sooner(due, l.ltiId, s.nextLtiKey, s.nextLtiId)) {
    s.nextLtiKey = due;
    s.nextLtiId = l.ltiId;
  }
}

function foldPmi(s: FleetSummary, p: FeedRow<'pmis'>, keep: SummaryKeep): void {
  const { done, due } = visitDates(p);
  completion(s, `pmis:${p.pmiId}`, done, keep);
  if (p.pmiId === s.nextPmiId) {
    if (due !== s.nextPmiKey) s.stale = true;
  } else if (due !== null && sooner(due, p.pmiId, s.nextPmiKey, s.nextPmiId)) {
    s.nextPmiKey = due;
    s.nextPmiId = p.pmiId;
  }
}

function foldWaiver(s: FleetSummary, w: FeedRow<'waivers'>): void {
  keepIn(s.waivers, w.waiverId, w.status === 'open' || w.status === 'fixed' ? w.status : null);
}

function foldTdy(s: FleetSummary, t: FeedRow<'tdys'>, keep: SummaryKeep): void {
  const ended = t.endDate !== null && t.endDate < keep.day;
  keepIn(s.tdys, t.tdyId, t.completed || ended ? null : [t.startDate, t.endDate]);
}

function foldNote(s: FleetSummary, n: FeedRow<'notes'>, keep: SummaryKeep): void {
  const key = utcIso(n.creationDate);
  keepIn(s.notes, n.noteId, key >= keep.recent ? key : null);
}

/**
 * Adds a record, or the new version of one already added, to its vehicle's summary. A record is added
 * any number of times without counting twice: what it adds is kept under its id.
 */
export function foldRecord(s: FleetSummary, source: SummarySource, row: SourceRow, keep: SummaryKeep): void {
  switch (source) {
    case 'inspections':
      return foldInspection(s, row as FeedRow<'inspections'>, keep);
    case 'discrepancies':
      return foldDiscrepancy(s, row as FeedRow<'discrepancies'>, keep);
    case 'scheduledMx':
      return foldScheduledMx(s, row as FeedRow<'scheduledMx'>, keep);
    case 'ltis':
      return foldLti(s, row as FeedRow<'ltis'>, keep);
    case 'pmis':
      return foldPmi(s, row as FeedRow<'pmis'>, keep);
    case 'waivers':
      return foldWaiver(s, row as FeedRow<'waivers'>);
    case 'tdys':
      return foldTdy(s, row as FeedRow<'tdys'>, keep);
    case 'notes':
      return foldNote(s, row as FeedRow<'notes'>, keep);
  }
}

/** The field that holds a source's record id. */
const ID_FIELD: Record<SummarySource, string> = {
  inspections: 'inspectionId',
  discrepancies: 'mxId',
  scheduledMx: 'mxId',
  ltis: 'ltiId',
  pmis: 'pmiId',
  waivers: 'waiverId',
  tdys: 'tdyId',
  notes: 'noteId',
};

/** The id a source's records are known by. */
export function sourceId(source: SummarySource, row: SourceRow): string {
  return String((row as unknown as Record<string, unknown>)[ID_FIELD[source]]);
}

/** The fields whose best record a source may be. */
function bestIds(s: FleetSummary, source: SummarySource): string[] {
  switch (source) {
    case 'inspections':
      return [s.inspectionId, s.fuelId];
    case 'discrepancies':
      return [s.annotationId];
    case 'scheduledMx':
      return [s.nextMxId];
    case 'ltis':
      return [s.nextLtiId];
    case 'pmis':
      return [s.nextPmiId];
    default:
      return [];
  }
}

/** Takes a deleted record out of its vehicle's summary; if it was the best of a field, the summary is stale. */
export function forgetRecord(s: FleetSummary, source: SummarySource, row: SourceRow): void {
  const id = sourceId(source, row);
  const ref = `${source}:${id}`;
  if (s.completionRef === ref || bestIds(s, source).includes(id)) s.stale = true;
  keepIn(s.visits, ref, null);
  const kept = { inspections: s.fixes, notes: s.notes, discrepancies: s.repairs, waivers: s.waivers, tdys: s.tdys } as Partial<
    Record<SummarySource, Record<string, unknown>>
  >;
  const map = kept[source];
  if (map) keepIn(map, id, null);
}

/** A write to a record, as the feeds carry it: a record put (folded in) or deleted (forgotten). Both ends keep summaries with it. */
export function foldWrite(s: FleetSummary, source: SummarySource, row: SourceRow, deleted: boolean, keep: SummaryKeep): void {
  if (deleted) forgetRecord(s, source, row);
  else foldRecord(s, source, row, keep);
}

/** Drops what no window from now on can count, so that a summary kept for years stays small. */
export function pruneSummary(s: FleetSummary, keep: SummaryKeep): void {
  for (const [id, [key]] of Object.entries(s.fixes)) if (key < keep.recent) delete s.fixes[id];
  for (const [id, key] of Object.entries(s.notes)) if (key < keep.recent) delete s.notes[id];
  for (const [id, key] of Object.entries(s.repairs)) if (key < keep.recent) delete s.repairs[id];
  for (const [id, key] of Object.entries(s.visits)) if (key < keep.visits) delete s.visits[id];
  for (const [id, [, end]] of Object.entries(s.tdys)) if (end !== null && end < keep.day) delete s.tdys[id];
}

/** The records of a summary's sources, per feed. */
export type SummarySources = { [N in SummarySource]: readonly FeedRow<N>[] };

type Summaries = Map<string, FleetSummary>;

/*
 * One loop per source, each in its own function: each is then optimized with the type feedback of its
 * own records, instead of one function that deoptimizes every time it reaches a loop it has not run.
 */

function foldInspections(summaries: Summaries, rows: readonly FeedRow<'inspections'>[], keep: SummaryKeep): void {
  for (const row of rows) {
    const s = summaries.get(row.vehicleId);
    if (s !== undefined) foldInspection(s, row, keep);
  }
}

function foldDiscrepancies(summaries: Summaries, rows: readonly FeedRow<'discrepancies'>[], keep: SummaryKeep): void {
  for (const row of rows) {
    const s = summaries.get(row.vehicleId);
    if (s !== undefined) foldDiscrepancy(s, row, keep);
  }
}

function foldScheduledMxs(summaries: Summaries, rows: readonly FeedRow<'scheduledMx'>[], keep: SummaryKeep): void {
  for (const row of rows) {
    const s = summaries.get(row.vehicleId);
    if (s !== undefined) foldScheduledMx(s, row, keep);
  }
}

function foldLtis(summaries: Summaries, rows: readonly FeedRow<'ltis'>[], keep: SummaryKeep): void {
  for (const row of rows) {
    const s = summaries.get(row.vehicleId);
    if (s !== undefined) foldLti(s, row, keep);
  }
}

function foldPmis(summaries: Summaries, rows: readonly FeedRow<'pmis'>[], keep: SummaryKeep): void {
  for (const row of rows) {
    const s = summaries.get(row.vehicleId);
    if (s !== undefined) foldPmi(s, row, keep);
  }
}

function foldWaivers(summaries: Summaries, rows: readonly FeedRow<'waivers'>[]): void {
  for (const row of rows) {
    const s = summaries.get(row.vehicleId);
    if (s !== undefined) foldWaiver(s, row);
  }
}

function foldTdys(summaries: Summaries, rows: readonly FeedRow<'tdys'>[], keep: SummaryKeep): void {
  for (const row of rows) {
    const s = summaries.get(row.vehicleId);
    if (s !== undefined) foldTdy(s, row, keep);
  }
}

function foldNotes(summaries: Summaries, rows: readonly FeedRow<'notes'>[], keep: SummaryKeep): void {
  for (const row of rows) {
    // Only recent notes count: the others need no look-up at all.
    if (utcIso(row.creationDate) < keep.recent) continue;
    const s = summaries.get(row.vehicleId);
    if (s !== undefined) foldNote(s, row, keep);
  }
}

/**
 * The summaries of `vehicleIds` made from scratch, one pass per source; records of other vehicles are
 * skipped. Linear in the number of records.
 */
export function summarize(vehicleIds: Iterable<string>, sources: SummarySources, now: Date): Map<string, FleetSummary> {
  const keep = summaryKeep(now);
  const summaries: Summaries = new Map();
  for (const id of vehicleIds) if (!summaries.has(id)) summaries.set(id, emptySummary(id));
  foldInspections(summaries, sources.inspections, keep);
  foldDiscrepancies(summaries, sources.discrepancies, keep);
  foldScheduledMxs(summaries, sources.scheduledMx, keep);
  foldLtis(summaries, sources.ltis, keep);
  foldPmis(summaries, sources.pmis, keep);
  foldWaivers(summaries, sources.waivers);
  foldTdys(summaries, sources.tdys, keep);
  foldNotes(summaries, sources.notes, keep);
  return summaries;
}
