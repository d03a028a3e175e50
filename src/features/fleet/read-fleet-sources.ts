import { annotationIds, type SummarizedFleet } from '../../../core/rules/fleet-row.ts';
import type { Section } from '../../../core/schema/organization.ts';
import { readSummaries, summaryTables } from '../../db/fleet-summaries.ts';
import type { MirrorDb } from '../../db/mirror.ts';
import { rowsWhereAnyOf } from '../../db/rows-where-any-of.ts';

/**
 * What Fleet Details makes its rows of, read from the mirror in one read-only transaction (one
 * snapshot): the vehicles, each one's summary of its history (src/db/fleet-summaries.ts), and the
 * names rows show. For 5,000 vehicles that is about 10,000 records, whatever the length of the
 * histories. Outside Dexie's live-query cache, so the records are garbage once the rows are made.
 */
export function readFleetSources(db: MirrorDb, now: Date): Promise<{ fleet: SummarizedFleet; sections: Section[] }> {
  // The sources are read only to make a stale summary again (src/db/fleet-summaries.ts).
  const tables = [...['vehicles', 'workflows', 'users', 'sections', 'discrepancyPictures'].map((t) => db.table(t)), ...summaryTables(db)];
  return db.transaction('r', tables, async () => {
    const [vehicles, workflows, users, sections, summaries] = await Promise.all([
      db.feed('vehicles').toArray(),
      db.feed('workflows').toArray(),
      db.feed('users').toArray(),
      db.feed('sections').toArray(),
      readSummaries(db, now),
    ]);
    // The captions of the discrepancies rows show (Most Recent Annotation): an index read of those alone.
    const discrepancyPictures = await rowsWhereAnyOf(db.feed('discrepancyPictures'), 'mxId', annotationIds(summaries.values()));
    return { fleet: { vehicles, workflows, users, summaries, discrepancyPictures }, sections: sections as Section[] };
  });
}
