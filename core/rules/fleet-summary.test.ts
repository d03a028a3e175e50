import { describe, expect, it } from 'vitest';
import type { FeedRow } from '../schema/feeds.ts';
import { randomHistory, type HistoryOp } from '../testing/random-history.ts';
import { inspectionResultRow, userRow, vehicleRow } from '../testing/feed-rows.ts';
import { deriveFleetRows, fleetNames, fleetRow, type FleetSources } from './fleet-row.ts';
import { fleetClock } from './fleet-row-clock.ts';
import {
  foldRecord,
  foldWrite,
  forgetRecord,
  pruneSummary,
  sourceId,
  summarize,
  summaryKeep,
  SUMMARY_SOURCES,
  type FleetSummary,
  type SourceRow,
} from './fleet-summary.ts';

const START = new Date('2026-03-15T12:00:00.000Z');
const SEEDS = 150;
const OPS = 120;

type Records = Map<string, { source: (typeof SUMMARY_SOURCES)[number]; row: SourceRow }>;

function sourcesOf(records: Records, vehicles: FeedRow<'vehicles'>[]): FleetSources {
  const sources = Object.fromEntries(SUMMARY_SOURCES.map((s) => [s, [] as SourceRow[]])) as unknown as Record<string, SourceRow[]>;
  for (const { source, row } of records.values()) sources[source]!.push(row);
  return { ...(sources as unknown as FleetSources), vehicles, workflows: [], users: [userRow({ userId: 'u1', firstName: 'Ann', lastName: 'Lee' })] };
}

/**
 * Plays `ops` on summaries kept incrementally, as the mirror keeps them: each change folded into (or
 * taken out of) its vehicle's summary, a stale summary made again from the vehicle's records, pruned
 * now and then. After every change the rows from the kept summaries must equal the rows derived from
 * scratch at that moment.
 */
function play(vehicleIds: string[], ops: HistoryOp[]): void {
  const vehicles = vehicleIds.map((vehicleId) => vehicleRow({ vehicleId, regNumber: `REG-${vehicleId}`, fuelLevel: 0.75 }));
  const records: Records = new Map();
  const kept = new Map<string, FleetSummary>(summarize(vehicleIds, sourcesOf(records, vehicles), START));
  for (const [step, op] of ops.entries()) {
    const now = new Date(op.at);
    const keep = summaryKeep(now);
    const key = `${op.source}:${sourceId(op.source, op.row)}`;
    const summary = kept.get(op.row.vehicleId)!;
    // A record put under another vehicle leaves the summary of the one it was under, as the mirror's upkeep does.
    const before = records.get(key)?.row;
    if (op.kind === 'put' && before && before.vehicleId !== op.row.vehicleId) {
      const left = kept.get(before.vehicleId)!;
      forgetRecord(left, op.source, before);
      if (left.stale)
        kept.set(left.vehicleId, summarize([left.vehicleId], sourcesOf(new Map([...records].filter(([k]) => k !== key)), vehicles), now).get(left.vehicleId)!);
    }
    if (op.kind === 'put') records.set(key, { source: op.source, row: op.row });
    else records.delete(key);
    foldWrite(summary, op.source, op.row, op.kind === 'delete', keep);
    if (step % 7 === 0) pruneSummary(summary, keep);
    if (summary.stale) kept.set(summary.vehicleId, summarize([summary.vehicleId], sourcesOf(records, vehicles), now).get(summary.vehicleId)!);
    const sources = sourcesOf(records, vehicles);
    const names = fleetNames(sources.workflows, sources.users);
    const fromKept = vehicles.map((v) => fleetRow(v, kept.get(v.vehicleId)!, fleetClock(now), names));
    expect(fromKept, `after step ${step} (${op.kind} ${key} at ${op.at})`).toEqual(deriveFleetRows(sources, now));
  }
}

describe('fleet summaries kept incrementally', () => {
  it(`give the rows derived from scratch after every change, over ${SEEDS} random histories`, () => {
    for (let seed = 1; seed <= SEEDS; seed++) {
      const { vehicleIds, ops } = randomHistory(seed, OPS, START);
      try {
        play(vehicleIds, ops);
      } catch (error) {
        throw new Error(`seed ${seed}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  }, 60_000);

  it('count a record written twice once', () => {
    const now = START;
    const [summary] = summarize(['v1'], sourcesOf(new Map(), []), now).values();
    const note = {
      noteId: 'n1',
      vehicleId: 'v1',
      regNumber: 'R',
      note: 'x',
      userId: 'u',
      userName: 'U',
      creationDate: now.toISOString(),
      lastModificationDate: now.toISOString(),
    };
    foldRecord(summary!, 'notes', note, summaryKeep(now));
    foldRecord(summary!, 'notes', note, summaryKeep(now));
    expect(Object.keys(summary!.notes)).toEqual(['n1']);
    expect(summary!.stale).toBe(false);
  });

  it('never read an inspection’s answers: a device fills them in later without touching the summaries', () => {
    // src/sync/fill-answers.ts writes the answers a first sync left for later past the summaries' upkeep.
    const { vehicleIds, ops } = randomHistory(11, OPS, START);
    const inspections = ops.flatMap((op) => (op.kind === 'put' && op.source === 'inspections' ? [op.row as FeedRow<'inspections'>] : []));
    const failing = inspectionResultRow({ result: { isPassing: false, value: false }, isFixed: true, comment: 'Cracked' });
    const answered = inspections.map((i) => ({ ...i, results: [inspectionResultRow(), failing] }));
    const without = inspections.map((i) => ({ ...i, results: null }));
    const summaries = (rows: FeedRow<'inspections'>[]) => summarize(vehicleIds, { ...sourcesOf(new Map(), []), inspections: rows }, START);
    expect(inspections.length).toBeGreaterThan(10);
    expect(summaries(answered)).toEqual(summaries(without));
  });

  it('become stale when the record that was the best of a field goes, and only then', () => {
    const { ops } = randomHistory(5, 40, START, 1);
    const records: Records = new Map();
    const summary = summarize(['v1'], sourcesOf(records, []), START).get('v1')!;
    for (const op of ops.filter((o) => o.kind === 'put' && o.source === 'inspections')) foldRecord(summary, op.source, op.row, summaryKeep(START));
    const latest = ops.find((o) => o.kind === 'put' && o.source === 'inspections' && (o.row as FeedRow<'inspections'>).inspectionId === summary.inspectionId)!;
    const other = ops.find((o) => o.kind === 'put' && o.source === 'inspections' && ![summary.inspectionId, summary.fuelId].includes(sourceId(o.source, o.row)))!;
    forgetRecord(summary, 'inspections', other.row);
    expect(summary.stale).toBe(false);
    forgetRecord(summary, 'inspections', latest.row);
    expect(summary.stale).toBe(true);
  });
});
