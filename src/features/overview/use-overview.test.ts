// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { vehicleRow } from '../../../core/testing/feed-rows.ts';
import { SessionContext, type Session } from '../../auth/session-context.ts';
import type { SyncEngine } from '../../sync/engine.ts';
import { SyncProvider } from '../../sync/react.tsx';
import { freshDb } from '../../sync/testing/fixtures.ts';
import { actUntil, reactRoot } from '../../sync/testing/react-root.ts';
import { readOverview, useOverview } from './use-overview.ts';

const react = reactRoot();

describe('useOverview: the Overview shows only data read for the tab and section asked', () => {
  it("never gives a section's counts as the whole fleet's: after a switch the read is not current until the fleet's answers", async () => {
    const db = freshDb();
    await db.feed('sections').bulkPut([
      { id: 's1', sectionId: 's1', sectionName: 'Alpha', orgId: 'org1' },
      { id: 's2', sectionId: 's2', sectionName: 'Bravo', orgId: 'org1' },
    ] as never);
    await db
      .feed('vehicles')
      .bulkPut(['v1', 'v2', 'v3'].map((vehicleId, i) => ({ ...vehicleRow({ vehicleId, sectionId: i === 0 ? 's1' : 's2' }), id: vehicleId })) as never);
    const now = new Date();
    const counts = async (scope: 'fleet' | 'section') => (await readOverview(db, 'org1', 'u1', { scope, chosen: 's1' }, now)).overview.fmc.length;
    const [fleet, section] = [await counts('fleet'), await counts('section')];
    expect(fleet).not.toBe(section);

    const shown: string[] = [];
    function Probe({ scope }: { scope: 'fleet' | 'section' }) {
      const read = useOverview(scope, 's1');
      shown.push(read === undefined ? 'loading' : `${scope} ${read.current ? 'current' : 'not current'}: ${read.value.overview.fmc.length}`);
      return null;
    }
    const session = { user: { orgId: 'org1', userId: 'u1' } } as Session;
    const mount = (scope: 'fleet' | 'section') =>
      react.render(
        createElement(
          SessionContext.Provider,
          { value: session },
          createElement(SyncProvider, { db, engine: {} as SyncEngine, session, children: createElement(Probe, { scope }) }),
        ),
      );
    mount('section');
    await actUntil(() => shown.includes(`section current: ${section}`), "the section's read");
    mount('fleet');
    await actUntil(() => shown.includes(`fleet current: ${fleet}`), "the fleet's read");

    const afterSwitch = shown.slice(shown.indexOf(`section current: ${section}`) + 1);
    expect(afterSwitch).toContain(`fleet not current: ${section}`);
    expect(afterSwitch).not.toContain(`fleet current: ${section}`);
    db.close();
  });
});
