import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { deriveFleetRows, type FleetSources } from '../../../core/rules/fleet-row.ts';
import type { FeedName, FeedRow } from '../../../core/schema/feeds.ts';
import { inspectionRow, userRow, vehicleRow, workflowRow } from '../../../core/testing/feed-rows.ts';
import { MirrorDb } from '../../db/mirror.ts';
import { readFleetSources } from './read-fleet-sources.ts';

const NOW = new Date('2026-03-15T12:00:00.000Z');
const DAY_MS = 86_400_000;
const ago = (days: number) => new Date(NOW.getTime() - days * DAY_MS).toISOString();

/** A small deterministic generator (mulberry32), so a failure can be reproduced. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function note(n: number, vehicleId: string, creationDate: string): FeedRow<'notes'> {
  return { noteId: `n${n}`, vehicleId, regNumber: vehicleId, note: 'Note', userId: null, userName: null, creationDate, lastModificationDate: creationDate };
}

/**
 * 40 vehicles with up to 150 days of history: inspections with and without a fuel level, amendments,
 * fixes, notes. Some vehicles have only old inspections, some no fuel reading in the recent window,
 * some none at all, some an inspection on the very edge of the window.
 */
function fleet(seed: number): FleetSources {
  const next = random(seed);
  const vehicles = Array.from({ length: 40 }, (_, v) => vehicleRow({ vehicleId: `v${v}`, regNumber: `R${v}`, workflowId: 1 }));
  const inspections: FeedRow<'inspections'>[] = [];
  const notes: FeedRow<'notes'>[] = [];
  let n = 0;
  for (const [v, vehicle] of vehicles.entries()) {
    const newest = v % 5 === 0 ? 60 : 0; // every fifth vehicle: nothing in the last 60 days
    const count = v % 7 === 0 ? 0 : Math.floor(next() * 40);
    const roots: string[] = [];
    for (let i = 0; i < count; i++) {
      const inspectionId = `i${n++}`;
      const amendment = roots.length > 0 && next() < 0.2;
      inspections.push(
        inspectionRow({
          inspectionId,
          vehicleId: vehicle.vehicleId,
          inspectionDate: ago(newest + next() * 150),
          parentInspectionId: amendment ? roots[Math.floor(next() * roots.length)]! : null,
          fuelLevel: v % 3 === 0 || next() < 0.5 ? null : Math.round(next() * 100) / 100,
          numFixes: Math.floor(next() * 3),
          inspectorId: null,
          inspector: `Inspector ${i}`,
        }),
      );
      if (!amendment) roots.push(inspectionId);
    }
    for (let i = 0; i < 5; i++) notes.push(note(n++, vehicle.vehicleId, ago(next() * 90)));
  }
  // On the edges of the recent window (30 days) and of the read's margin (31 days).
  inspections.push(inspectionRow({ inspectionId: 'edge-in', vehicleId: 'v1', inspectionDate: ago(30), numFixes: 2, fuelLevel: 0.4 }));
  inspections.push(inspectionRow({ inspectionId: 'edge-out', vehicleId: 'v2', inspectionDate: ago(30.0001), numFixes: 5, fuelLevel: 0.9 }));
  inspections.push(inspectionRow({ inspectionId: 'margin', vehicleId: 'v3', inspectionDate: ago(31), numFixes: 1, fuelLevel: 0.1 }));
  const empty = { workflows: [workflowRow({ workflowId: 1, title: 'Daily' })], users: [userRow()] };
  return { ...empty, vehicles, inspections, notes, discrepancies: [], scheduledMx: [], ltis: [], pmis: [], waivers: [], tdys: [] };
}

const ID_FIELD: Partial<Record<FeedName, string>> = {
  vehicles: 'vehicleId',
  workflows: 'workflowId',
  inspections: 'inspectionId',
  notes: 'noteId',
  users: 'userId',
};

let db: MirrorDb | null = null;
afterEach(async () => {
  await db?.delete();
  db = null;
});

async function mirrorOf(sources: FleetSources): Promise<MirrorDb> {
  db = new MirrorDb(`read-fleet-sources-${Math.random()}`);
  for (const [name, rows] of Object.entries(sources) as [FeedName, Record<string, unknown>[]][]) {
    const key = ID_FIELD[name];
    if (!key || rows.length === 0) continue;
    await db.table(name).bulkPut(rows.map((row) => ({ ...row, id: String(row[key]) })));
  }
  return db;
}

/** The rows by vehicle: the mirror answers in key order. */
const rowsOf = (sources: FleetSources) => deriveFleetRows(sources, NOW).sort((a, b) => a.vehicleId.localeCompare(b.vehicleId));

describe('readFleetSources', () => {
  it.each([1, 2, 3, 4, 5])('reads what gives the same rows as the whole history (fleet %i), and less of it', async (seed) => {
    const all = fleet(seed);
    const mirror = await mirrorOf(all);
    const { sources } = await readFleetSources(mirror, NOW);
    expect(rowsOf(sources)).toEqual(rowsOf(all));
    expect(sources.inspections.length).toBeLessThan(all.inspections.length / 3);
    expect(sources.notes.length).toBeLessThan(all.notes.length);
  });

  it('finds the latest fuel reading before the recent window for a vehicle inspected since without one', async () => {
    const all = fleet(9);
    all.inspections.push(
      inspectionRow({ inspectionId: 'recent', vehicleId: 'v6', inspectionDate: ago(2), fuelLevel: null, inspector: 'Recent' }),
      inspectionRow({ inspectionId: 'old-fuel', vehicleId: 'v6', inspectionDate: ago(100), fuelLevel: 0.25 }),
      inspectionRow({ inspectionId: 'older-fuel', vehicleId: 'v6', inspectionDate: ago(120), fuelLevel: 0.75 }),
    );
    const { sources } = await readFleetSources(await mirrorOf(all), NOW);
    const v6 = rowsOf(sources).find((row) => row.vehicleId === 'v6')!;
    expect(v6).toMatchObject({ inspector: 'Recent', fuelLevel: 0.25 });
    expect(v6).toEqual(rowsOf(all).find((row) => row.vehicleId === 'v6'));
  });

  it("finds a vehicle's latest fuel reading however long ago, and its latest inspection behind amendments", async () => {
    const all = fleet(11);
    all.inspections.push(
      inspectionRow({ inspectionId: 'root', vehicleId: 'v12', inspectionDate: ago(3), fuelLevel: null, inspector: 'Root' }),
      inspectionRow({ inspectionId: 'amend-1', vehicleId: 'v12', inspectionDate: ago(2), parentInspectionId: 'root', fuelLevel: 0.9 }),
      inspectionRow({ inspectionId: 'amend-2', vehicleId: 'v12', inspectionDate: ago(1), parentInspectionId: 'root' }),
      inspectionRow({ inspectionId: 'ancient-fuel', vehicleId: 'v12', inspectionDate: ago(400), fuelLevel: 0.35 }),
    );
    // Every other inspection of v12 without a fuel level.
    for (const i of all.inspections) if (i.vehicleId === 'v12' && i.inspectionId !== 'ancient-fuel') i.fuelLevel = null;
    const { sources } = await readFleetSources(await mirrorOf(all), NOW);
    const v12 = rowsOf(sources).find((row) => row.vehicleId === 'v12')!;
    expect(v12).toMatchObject({ inspector: 'Root', fuelLevel: 0.35 });
    expect(v12).toEqual(rowsOf(all).find((row) => row.vehicleId === 'v12'));
  });

  it('breaks a tie of two latest inspections at the same moment as deriving from everything does', async () => {
    const all = fleet(12);
    const at = ago(0.5);
    // v13's in the last week, read with it; v0 has no other inspection, so its pair is looked up.
    const long = ago(20);
    all.inspections.push(
      inspectionRow({ inspectionId: 'tie-a', vehicleId: 'v13', inspectionDate: at, fuelLevel: 0.2, inspector: 'A' }),
      inspectionRow({ inspectionId: 'tie-b', vehicleId: 'v13', inspectionDate: at, fuelLevel: 0.8, inspector: 'B' }),
      inspectionRow({ inspectionId: 'old-tie-b', vehicleId: 'v0', inspectionDate: long, fuelLevel: 0.3, inspector: 'Old B' }),
      inspectionRow({ inspectionId: 'old-tie-a', vehicleId: 'v0', inspectionDate: long, fuelLevel: 0.6, inspector: 'Old A' }),
    );
    const { sources } = await readFleetSources(await mirrorOf(all), NOW);
    const [v0, v13] = ['v0', 'v13'].map((id) => rowsOf(sources).find((row) => row.vehicleId === id)!);
    expect(v13).toEqual(rowsOf(all).find((row) => row.vehicleId === 'v13'));
    expect(v13).toMatchObject({ inspector: 'B', fuelLevel: 0.8 });
    expect(v0).toEqual(rowsOf(all).find((row) => row.vehicleId === 'v0'));
    expect(v0).toMatchObject({ inspector: 'Old B', fuelLevel: 0.3 });
  });

  it('reads a timestamp written with an offset that lies in the recent window', async () => {
    const all = fleet(10);
    // 30 days before NOW is 12:00Z; 08:00-05:00 is 13:00Z, inside, though as text it sorts before 12:00Z.
    all.inspections.push(inspectionRow({ inspectionId: 'offset', vehicleId: 'v0', inspectionDate: '2026-02-13T08:00:00-05:00', numFixes: 4 }));
    all.notes.push(note(9999, 'v0', '2026-02-13T08:00:00-05:00'));
    const { sources } = await readFleetSources(await mirrorOf(all), NOW);
    const v0 = rowsOf(sources).find((row) => row.vehicleId === 'v0')!;
    expect(v0).toEqual(rowsOf(all).find((row) => row.vehicleId === 'v0'));
    expect(v0.recentFixes).toBeGreaterThanOrEqual(4);
  });
});
