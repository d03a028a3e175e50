import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { freshDb } from '../../sync/testing/fixtures.ts';
import { isFor, readOverview } from './use-overview.ts';

describe('isFor: the Overview shows only data read for the tab and section asked', () => {
  const now = new Date('2026-11-20T12:00:00Z');

  it("does not take a section's data for the whole fleet's, nor one section's for another's", async () => {
    const db = freshDb();
    const section = await readOverview(db, 'org1', 'u1', { scope: 'section', chosen: 's1' }, now);
    const fleet = await readOverview(db, 'org1', 'u1', { scope: 'fleet', chosen: null }, now);
    db.close();
    expect(isFor(section, { scope: 'section', chosen: 's1' })).toBe(true);
    expect(isFor(section, { scope: 'fleet', chosen: null })).toBe(false);
    expect(isFor(section, { scope: 'section', chosen: 's2' })).toBe(false);
    expect(isFor(fleet, { scope: 'fleet', chosen: null })).toBe(true);
    expect(isFor(fleet, { scope: 'section', chosen: null })).toBe(false);
  });
});
