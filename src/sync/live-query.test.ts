// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { freshDb } from './testing/fixtures.ts';
import { actUntil, reactRoot } from './testing/react-root.ts';
import { useKeyedLiveQuery, useLiveQueryFor } from './react.tsx';

const react = reactRoot();

describe('useLiveQueryFor', () => {
  it('never shows the record of the id before once the id has changed: loading until the new read answers', async () => {
    const db = freshDb();
    await db.meta.bulkPut([
      { key: 'vehicle-a', value: 'record of A' },
      { key: 'vehicle-b', value: 'record of B' },
    ]);
    const shown: string[] = [];
    function Probe({ id }: { id: string }) {
      const value = useLiveQueryFor([id], async () => (await db.meta.get(id))?.value as string | undefined, [id]);
      shown.push(`${id}: ${value ?? 'loading'}`);
      return null;
    }
    react.render(createElement(Probe, { id: 'vehicle-a' }));
    await actUntil(() => shown.includes('vehicle-a: record of A'), "A's record");
    react.render(createElement(Probe, { id: 'vehicle-b' }));
    await actUntil(() => shown.includes('vehicle-b: record of B'), "B's record");

    expect(shown.filter((s) => s.startsWith('vehicle-b'))).not.toContain('vehicle-b: record of A');
    expect(shown).toContain('vehicle-b: loading');
    // Still live: a change of the record shows.
    await db.meta.put({ key: 'vehicle-b', value: 'B edited' });
    await actUntil(() => shown.includes('vehicle-b: B edited'), "B's edit");
    db.close();
  });

  it('keeps showing its result while only a hint among the deps changes, and reads again', async () => {
    const db = freshDb();
    await db.meta.bulkPut([{ key: 'vehicle-a', value: 'record of A' }]);
    const shown: string[] = [];
    function Probe({ hint }: { hint: string | null }) {
      const value = useLiveQueryFor(['vehicle-a'], async () => `${(await db.meta.get('vehicle-a'))?.value as string} (${hint})`, [hint]);
      shown.push(value ?? 'loading');
      return null;
    }
    react.render(createElement(Probe, { hint: null }));
    await actUntil(() => shown.includes('record of A (null)'), 'the first read');
    const switched = shown.length;
    react.render(createElement(Probe, { hint: 'id-a' }));
    await actUntil(() => shown.includes('record of A (id-a)'), 'the read with the hint');
    expect(shown.slice(switched)).not.toContain('loading');
    db.close();
  });
});

describe('useKeyedLiveQuery', () => {
  it("keeps the last key's result marked not current until the new key's read answers", async () => {
    const db = freshDb();
    await db.meta.bulkPut([
      { key: 'fleet', value: 'counts of the fleet' },
      { key: 'section', value: 'counts of a section' },
    ]);
    const shown: string[] = [];
    function Probe({ scope }: { scope: string }) {
      const read = useKeyedLiveQuery([scope], async () => (await db.meta.get(scope))?.value as string, [scope]);
      shown.push(read === undefined ? 'loading' : `${scope}: ${read.value}${read.current ? '' : ' (not current)'}`);
      return null;
    }
    react.render(createElement(Probe, { scope: 'section' }));
    await actUntil(() => shown.includes('section: counts of a section'), "the section's read");
    react.render(createElement(Probe, { scope: 'fleet' }));
    await actUntil(() => shown.includes('fleet: counts of the fleet'), "the fleet's read");

    const afterSwitch = shown.slice(shown.indexOf('section: counts of a section') + 1);
    expect(afterSwitch).toContain('fleet: counts of a section (not current)');
    expect(afterSwitch).not.toContain('fleet: counts of a section');
    db.close();
  });
});
