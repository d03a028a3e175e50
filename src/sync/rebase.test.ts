import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { MirrorDb } from '../db/mirror.ts';
import { mutate, type Mutator } from './mutator.ts';
import { rebaseRows } from './rebase.ts';
import { ctx, freshDb } from './testing/fixtures.ts';

type Args = { label: string; sections: string[] };

/** Renames every listed section to `label`: one entry touching several rows. */
const rename: Mutator<Args> = {
  name: 'renameSections',
  parse: (a) => a,
  request: () => ({ method: 'PATCH', path: '/data/v1/sections' }),
  touches: ({ sections }) => sections.map((id) => `sections:${id}`),
  async apply(db, { label, sections }) {
    for (const id of sections) await db.feed('sections').update(id, { sectionName: label });
  },
};
const lookup = (name: string) => (name === rename.name ? (rename as unknown as Mutator<unknown>) : undefined);

async function seeded(): Promise<MirrorDb> {
  const db = freshDb();
  await db.feed('sections').bulkPut(['s1', 's2'].map((id) => ({ id, sectionId: id, sectionName: `server ${id}` })));
  return db;
}

const names = async (db: MirrorDb) => (await db.feed('sections').toArray()).map((s) => s.sectionName);

describe('rebaseRows', () => {
  it('replays on a newer server copy without letting an earlier entry undo a later one on another row', async () => {
    const db = await seeded();
    await mutate(db, rename, { label: 'A', sections: ['s1', 's2'] }, ctx);
    await mutate(db, rename, { label: 'B', sections: ['s2'] }, ctx);
    expect(await names(db)).toEqual(['A', 'B']);

    // A newer server copy of s1 arrives: replaying the first entry alone would turn s2 back to 'A'.
    await db.transaction('rw', db.tables, async () => {
      await db.shadows.update('sections:s1', { row: { id: 's1', sectionId: 's1', sectionName: 'server s1 v2' } });
      await rebaseRows(db, ['sections:s1'], lookup);
    });
    expect(await names(db)).toEqual(['A', 'B']);
  });

  it('shows the server copy and drops the shadow once no entry touches the row', async () => {
    const db = await seeded();
    await mutate(db, rename, { label: 'A', sections: ['s1'] }, ctx);
    await db.transaction('rw', db.tables, async () => {
      await db.outbox.clear();
      await rebaseRows(db, ['sections:s1'], lookup);
    });
    expect(await names(db)).toEqual(['server s1', 'server s2']);
    expect(await db.shadows.count()).toBe(0);
  });
});
