// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { createElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { vehicleRow } from '../../core/testing/feed-rows.ts';
import { SessionContext, type Session } from '../auth/session-context.ts';
import type { SyncEngine } from '../sync/engine.ts';
import { SyncProvider } from '../sync/react.tsx';
import { freshDb } from '../sync/testing/fixtures.ts';
import { actUntil, reactRoot } from '../sync/testing/react-root.ts';
import { useVehicleLookups } from './use-vehicle-lookups.ts';

const react = reactRoot();

describe('useVehicleLookups: what the vehicle forms check against', () => {
  it('reads nothing while its form is closed, and the whole fleet once it opens', async () => {
    const db = freshDb();
    await db.feed('vehicles').bulkPut(['v1', 'v2'].map((vehicleId) => ({ ...vehicleRow({ vehicleId }), id: vehicleId })) as never);
    const feeds = vi.spyOn(db, 'feed');
    const shown: number[] = [];
    function Probe({ active }: { active: boolean }) {
      shown.push(useVehicleLookups(active).vehicles.length);
      return null;
    }
    const session = { user: { orgId: 'org1', userId: 'u1' } } as Session;
    const mount = (active: boolean) =>
      react.render(
        createElement(
          SessionContext.Provider,
          { value: session },
          createElement(SyncProvider, { db, engine: {} as SyncEngine, session, children: createElement(Probe, { active }) }),
        ),
      );
    mount(false);
    // Long enough for a live query's first answer.
    await new Promise((resolve) => setTimeout(resolve, 50));
    await actUntil(() => shown.length > 0, 'a render');
    expect(feeds.mock.calls.map(([name]) => name)).not.toContain('vehicles');
    expect(shown.at(-1)).toBe(0);

    mount(true);
    await actUntil(() => shown.at(-1) === 2, 'the vehicles once the form is open');
    db.close();
  });
});
