import { eq, sql, type SQL } from 'drizzle-orm';
import type { Db, Queryable } from '../../db/client.ts';
import { inspectionFailureClocks, inspectionFailures } from '../../db/schema/index.ts';
import { keepByRevision, keptSince } from './kept-by-revision.ts';
import { within, type DayRange } from './sql.ts';

/*
 * Failures are counted from `inspection_failures`, the failed answers kept one row each, instead of
 * opening every inspection's answers in range (a year of a 5,000-vehicle fleet is 1.27 million answer
 * lists of about 2 KB). The table is kept lazily, by revision, as the fleet summaries are: before the
 * figures are read, the inspections written since its clock have their rows replaced whole (a write,
 * an amendment and a delete alike); when tombstones were purged past the clock, it is made again
 * (kept-by-revision.ts). A read is exact at its snapshot whatever the fold did: it takes the kept
 * rows of inspections not written since the clock, and reads the answers of those that were.
 */

/**
 * The failed answers (result.isPassing false, fixed on the spot or not) of the organization's live
 * inspections that match `where` (over `i`): the inspection's id, vehicle and moment, the answer's
 * rule and the rule's title when inspected (null without one). A jsonpath filter picks the failed
 * answers inside each array. Only inspections that can hold a failure are opened: every writer sets
 * `passed` false for an answer failed and not fixed, and counts a fixed one in `num_fixes`
 * (core/rules/inspection-submission.ts, the amendment in server/modules/inspections/submit.ts,
 * server/seed/generate-inspection.ts), so an inspection that passed with no fixes has no failed answer.
 */
function answersFailed(orgId: string, where: SQL): SQL {
  return sql`
    select i.id as inspection_id, i.vehicle_id, i.inspection_date, a.answer->>'ruleId' as rule_id, a.answer->'overview'->>'title' as title
    from inspections i
    cross join lateral jsonb_path_query(i.results, '$[*] ? (@.result.isPassing == false)') as a(answer)
    where i.org_id = ${orgId} and i.deleted_at is null and (i.passed = false or i.num_fixes > 0) and ${where}`;
}

const KEPT_COLUMNS = sql`(inspection_id, vehicle_id, inspection_date, rule_id, title, org_id)`;
const keptRows = (orgId: string, where: SQL) => sql`select x.*, ${orgId} from (${answersFailed(orgId, where)}) x`;

/** Brings `inspection_failures` up to the organization's revision (kept-by-revision.ts): an inspection written since the clock has its rows replaced. */
export function keepFailures(db: Db, orgId: string): Promise<void> {
  return keepByRevision(db, orgId, {
    clock: inspectionFailureClocks,
    tables: [inspectionFailures],
    rebuild: async (tx, rev) => {
      await tx.delete(inspectionFailures).where(eq(inspectionFailures.orgId, orgId));
      await tx.execute(sql`insert into ${inspectionFailures} ${KEPT_COLUMNS} ${keptRows(orgId, sql`i.rev <= ${rev}`)}`);
    },
    fold: async (tx, since, rev) => {
      const written = sql`i.rev > ${since} and i.rev <= ${rev}`;
      await tx.execute(sql`
        delete from ${inspectionFailures} where org_id = ${orgId}
          and inspection_id in (select i.id from inspections i where i.org_id = ${orgId} and ${written})`);
      await tx.execute(sql`insert into ${inspectionFailures} ${KEPT_COLUMNS} ${keptRows(orgId, written)}`);
    },
  });
}

/**
 * The failed answers of the organization's live inspections in range, as rows (inspection_id,
 * vehicle_id, inspection_date, rule_id, title), exact at the caller's snapshot: the kept rows of
 * inspections not written since the clock, and the answers of those that were. Without a usable clock
 * (none yet, or tombstones purged past it), every inspection in range is opened.
 */
export async function failedAnswers(db: Queryable, orgId: string, range: DayRange): Promise<SQL> {
  const since = await keptSince(db, orgId, inspectionFailureClocks);
  const inRange = within('i.inspection_date', range);
  if (since === null) return answersFailed(orgId, inRange);
  return sql`
    select f.inspection_id, f.vehicle_id, f.inspection_date, f.rule_id, f.title from ${inspectionFailures} f
    where f.org_id = ${orgId} and ${within('f.inspection_date', range)}
      and f.inspection_id not in (select i.id from inspections i where i.org_id = ${orgId} and i.rev > ${since})
    union all
    ${answersFailed(orgId, sql`${inRange} and i.rev > ${since}`)}`;
}
