import { and, asc, count, eq, gte, isNull, or, sql } from 'drizzle-orm';
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

/** Where a page of answers ends: its last inspection's vehicle and id. */
interface AnswersCursor {
  vehicleId: string;
  id: string;
}

/** `next` of a page: "vehicleId/inspectionId" (ids never hold a slash). */
const cursorText = (c: AnswersCursor) => `${c.vehicleId}/${c.id}`;

/**
 * The cursor `after` names, or null for the first page. A cursor without a slash is an inspection id
 * alone, as the pages were ordered before they came vehicle by vehicle: the fill starts again from the
 * first page (a device keeps the answers it has, src/sync/fill-answers.ts).
 */
function cursorOf(after: string): AnswersCursor | null {
  const slash = after.indexOf('/');
  return slash < 0 ? null : { vehicleId: after.slice(0, slash), id: after.slice(slash + 1) };
}

/**
 * One page of the answers a device keeps (inspections performed from inspectionDetailMirrorStart on,
 * live, as the caller's `inspections` feed scopes them), vehicle by vehicle, in the order of the
 * vehicles' ids and then the inspections' (`collate "C"`, as the pull orders ids), at most `limit`
 * inspections and PULL_PAGE_BYTES of answers (at least one), as JSON text, the answers as stored
 * (server/sync/verbatim-json.ts). A device keeps a vehicle's inspections one record per month
 * (src/db/bucketed-tables.ts): a page that brings a few vehicles' answers whole rewrites only their
 * months, where a page in id order touched nearly every vehicle's.
 * The first page also counts them all. Each inspection says which version of it the answers belong
 * to (`lastModificationDate`): a device fills them into its row only if its row is that version, so
 * a page read before a change can never put old answers over a newer row.
 */
export async function answersPage(db: Db, tables: readonly SyncTable[], p: Principal, query: AnswersQuery, now = new Date()): Promise<JsonText> {
  const entry = tables.find((t) => t.name === 'inspections');
  if (!entry) throw new Error('the sync feed has no table inspections');
  const where = and(feedScope(entry, p), isNull(inspections.deletedAt), gte(inspections.inspectionDate, inspectionDetailMirrorStart(now)));
  const from = cursorOf(query.after);
  const vehicle = sql`${inspections.vehicleId} collate "C"`;
  const after = from && or(sql`${vehicle} > ${from.vehicleId}`, and(eq(inspections.vehicleId, from.vehicleId), sql`${inspections.id} > ${from.id} collate "C"`));
  return readSnapshot(db, tables, p, async ({ tx }) => {
    const rows = (await limitedRead(
      tx,
      inspections,
      {
        id: inspections.id,
        vehicleId: inspections.vehicleId,
        inspectionDate: inspections.inspectionDate,
        updatedAt: inspections.updatedAt,
        results: jsonText(inspections.results),
      },
      and(where, after ?? undefined),
      [asc(vehicle), asc(sql`${inspections.id} collate "C"`)],
      query.limit + 1,
    )) as { id: string; vehicleId: string; inspectionDate: Date; updatedAt: Date; results: string | null }[];
    const answers: string[] = [];
    let last: AnswersCursor | null = null;
    let bytes = 0;
    for (const row of rows.slice(0, query.limit)) {
      bytes += row.results?.length ?? 4;
      if (answers.length > 0 && bytes > PULL_PAGE_BYTES) break;
      answers.push(
        stringifyWithVerbatim(
          row,
          ['results'],
          (r) =>
            ({
              inspectionId: r.id,
              vehicleId: r.vehicleId,
              inspectionDate: iso(r.inspectionDate),
              lastModificationDate: iso(r.updatedAt),
              results: r.results,
            }) satisfies Record<keyof InspectionAnswers, unknown>,
        ),
      );
      last = row;
    }
    const more = answers.length < rows.length;
    const total = from === null ? Number((await tx.select({ n: count() }).from(inspections).where(where))[0]?.n ?? 0) : undefined;
    const rest: Omit<AnswersPage, 'answers'> = { next: more && last ? cursorText(last) : null, ...(total === undefined ? {} : { total }) };
    return new JsonText(`{"answers":[${answers.join(',')}],${JSON.stringify(rest).slice(1)}`);
  });
}
