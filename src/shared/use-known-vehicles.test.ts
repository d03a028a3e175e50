// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { createElement, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { vehicleRow } from '../../core/testing/feed-rows.ts';
import { SessionContext, type Session } from '../auth/session-context.ts';
import type { MirrorDb } from '../db/mirror.ts';
import type { SyncEngine } from '../sync/engine.ts';
import { SyncProvider } from '../sync/react.tsx';
import { freshDb } from '../sync/testing/fixtures.ts';
import { actUntil, reactRoot } from '../sync/testing/react-root.ts';
import { useKnownVehicles } from './use-known-vehicles.ts';
import { useVehicleLookups } from './use-vehicle-lookups.ts';

const react = reactRoot();
const session = { user: { orgId: 'org1', userId: 'u1' } } as Session;

function renderWith(db: MirrorDb, child: ReactNode): void {
  react.render(createElement(SessionContext.Provider, { value: session }, createElement(SyncProvider, { db, engine: {} as SyncEngine, session, children: child })));
}

async function mirrorWithTwoVehicles(): Promise<MirrorDb> {
  const db = freshDb();
  await db.feed('vehicles').bulkPut(['v1', 'v2'].map((vehicleId) => ({ ...vehicleRow({ vehicleId }), id: vehicleId })) as never);
  return db;
}

/** Long enough for a live query's first answer. */
const aLiveQueryLater = () => new Promise((resolve) => setTimeout(resolve, 50));

describe('every vehicle, for the registration checks, is read only where a form that checks one is open', () => {
  it('useKnownVehicles reads nothing while its form is closed, and the whole fleet once it opens', async () => {
    const db = await mirrorWithTwoVehicles();
    const feeds = vi.spyOn(db, 'feed');
    const shown: number[] = [];
    function Probe({ active }: { active: boolean }) {
      shown.push(useKnownVehicles(active).length);
      return null;
    }
    renderWith(db, createElement(Probe, { active: false }));
    await aLiveQueryLater();
    await actUntil(() => shown.length > 0, 'a render');
    expect(feeds.mock.calls.map(([name]) => name)).not.toContain('vehicles');
    expect(shown.at(-1)).toBe(0);

    renderWith(db, createElement(Probe, { active: true }));
    await actUntil(() => shown.at(-1) === 2, 'the vehicles once the form is open');
    db.close();
  });

  it('the lookups a screen reads as it opens (sections, workflows, types) never read the vehicles', async () => {
    const db = await mirrorWithTwoVehicles();
    const feeds = vi.spyOn(db, 'feed');
    let answered = false;
    function Probe() {
      answered = useVehicleLookups().vehicleTypes.length > 0 || answered;
      return null;
    }
    await db.feed('vehicleTypes').put({ id: 't1', vehicleTypeId: 't1', vehicleType: 'Pickup', orgId: 'org1' } as never);
    renderWith(db, createElement(Probe));
    await actUntil(() => answered, 'the lookups');
    expect(feeds.mock.calls.map(([name]) => name)).not.toContain('vehicles');
    db.close();
  });
});
