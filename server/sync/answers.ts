import { and, asc, count, gte, isNull, sql } from 'drizzle-orm';
import type { AnswersPage, AnswersQuery, InspectionAnswers } from '../../core/schema/sync-answers.ts';
import { inspectionDetailMirrorStart } from '../../core/schema/inspection.ts';
import { PULL_PAGE_BYTES } from '../../core/schema/sync.ts';
import type { Principal } from '../auth/principal.ts';
import type { Db } from '../db/client.ts';
import { inspections } from '../db/schema/index.ts';
import { iso } from './presenters/presenter-helpers.ts';
import { readSnapshot } from './snapshot.ts';
import { feedScope, type SyncTable } from './sync-table.ts';
import { jsonText, limitedRead, stringifyWithVerbatim } from './verbatim-json.ts';
import { JsonText } from '../http/compressed-json.ts';

/**
 * One page of the answers a device keeps (inspections performed from inspectionDetailMirrorStart on,
 * live, as the caller's `inspections` feed scopes them), in inspection id order (`collate "C"`, as
 * the pull orders ids), at most `limit` inspections and PULL_PAGE_BYTES of answers (at least one),
 * as JSON text, the answers as stored (server/sync/verbatim-json.ts).
 * The first page also counts them all. Each inspection says which version of it the answers belong
 * to (`lastModificationDate`): a device fills them into its row only if its row is that version, so
 * a page read before a change can never put old answers over a newer row.
 */
export async function answersPage(db: Db, tables: readonly SyncTable[], p: Principal, query: AnswersQuery, now = new Date()): Promise<JsonText> {
  const entry = tables.find((t) => t.name === 'inspections');
  if (!entry) throw new Error('the sync feed has no table inspections');
  const where = and(feedScope(entry, p), isNull(inspections.deletedAt), gte(inspections.inspectionDate, inspectionDetailMirrorStart(now)));
  return readSnapshot(db, tables, p, async ({ tx }) => {
    const rows = (await limitedRead(
      tx,
      inspections,
      { id: inspections.id, updatedAt: inspections.updatedAt, results: jsonText(inspections.results) },
      and(where, query.after === '' ? undefined : sql`${inspections.id} > ${query.after} collate "C"`),
      [asc(sql`${inspections.id} collate "C"`)],
      query.limit + 1,
    )) as { id: string; updatedAt: Date; results: string | null }[];
    const answers: string[] = [];
    let last = '';
    let bytes = 0;
    for (const row of rows.slice(0, query.limit)) {
      bytes += row.results?.length ?? 4;
      if (answers.length > 0 && bytes > PULL_PAGE_BYTES) break;
      answers.push(
        stringifyWithVerbatim(
          row,
          ['results'],
          (r) => ({ inspectionId: r.id, lastModificationDate: iso(r.updatedAt), results: r.results }) satisfies Record<keyof InspectionAnswers, unknown>,
        ),
      );
      last = row.id;
    }
    const more = answers.length < rows.length;
    const total = query.after === '' ? Number((await tx.select({ n: count() }).from(inspections).where(where))[0]?.n ?? 0) : undefined;
    const rest: Omit<AnswersPage, 'answers'> = { next: more ? last : null, ...(total === undefined ? {} : { total }) };
    return new JsonText(`{"answers":[${answers.join(',')}],${JSON.stringify(rest).slice(1)}`);
  });
}
