import type { Transaction } from 'dexie';
import { z } from 'zod';
import { answersPageSchema, answersPath, inspectionAnswersSchema, type AnswersPage, type InspectionAnswers } from '../../core/schema/sync-answers.ts';
import { getMeta, setMeta, type AnswersProgress } from '../db/meta.ts';
import type { MirrorDb, MirrorRow, ShadowEntry } from '../db/mirror.ts';
import { rowKey } from '../db/row-key.ts';
import { withoutDerived } from '../db/without-derived.ts';
import type { ApiClient } from './api.ts';
import { rebaseRows } from './rebase.ts';
import { shadowsOf } from './shadows.ts';
import { yieldToEventLoop } from './yield.ts';

/** The row the answers belong to: the same version of the inspection, still without answers. */
const awaits = (row: Record<string, unknown> | null | undefined, answers: InspectionAnswers) =>
  row != null && row.results === null && row.lastModificationDate === answers.lastModificationDate;

/**
 * Puts a page's answers into the inspections they belong to, inside a rw transaction over every table.
 * A row that changed since (a newer version, which the feed brings with its answers) or that has its
 * answers already is left alone. A row with changes queued on this device gets them in its server copy
 * (the shadow), and the queued changes are applied again on top.
 */
async function writeAnswers(db: MirrorDb, tx: Transaction, answers: readonly InspectionAnswers[]): Promise<void> {
  const ids = answers.map((a) => a.inspectionId);
  const keys = ids.map((id) => rowKey('inspections', id));
  // By id, each found in the record it is kept in (a vehicle's month, src/db/bucketed-tables.ts), which
  // the answers name (src/db/row-locations.ts), each record read once: a page comes vehicle by vehicle,
  // its ids spread over the whole range, so a read of the range from the least id to the greatest would
  // read nearly every record.
  db.locations.note(
    'inspections',
    answers.flatMap((a) => (a.vehicleId === undefined ? [] : [{ id: a.inspectionId, vehicleId: a.vehicleId, inspectionDate: a.inspectionDate }])),
  );
  const [rows, shadows] = await Promise.all([db.feed('inspections').bulkGet(ids), shadowsOf(db, keys)]);
  const puts: MirrorRow<'inspections'>[] = [];
  const bases: ShadowEntry[] = [];
  for (const [i, a] of answers.entries()) {
    const shadow = shadows[i];
    const row = rows[i];
    if (shadow) {
      if (awaits(shadow.row, a)) bases.push({ ...shadow, row: { ...shadow.row, results: a.results } });
    } else if (row && awaits(row, a)) puts.push({ ...row, results: a.results });
  }
  // Only the answers change, which no derived store reads (src/db/without-derived.ts): a page of 1,200
  // inspections would otherwise read and put again the summaries of as many vehicles.
  if (puts.length > 0) await withoutDerived(tx, () => db.feed('inspections').bulkPut(puts));
  if (bases.length > 0) {
    await db.shadows.bulkPut(bases);
    await rebaseRows(
      db,
      bases.map((s) => s.key),
    );
  }
}

/** A page's envelope: each inspection's answers are checked on their own (`readPage`). */
const answersEnvelopeSchema = answersPageSchema.extend({ answers: z.array(z.unknown()) });

/** A page as this build reads it: the answers it could read, and how many the server sent. */
interface ReadPage extends AnswersPage {
  received: number;
}

/**
 * Checks each inspection's answers on their own: answers this build cannot read (a newer server, a
 * result type it does not know) are left out, the inspection keeps none in the mirror and its detail
 * fetches them when opened, as an older inspection's are. One such answer stopped every fill after it,
 * and with it every pull, which waits for the fill.
 */
function readPage(body: unknown): ReadPage {
  const envelope = answersEnvelopeSchema.parse(body);
  const answers: InspectionAnswers[] = [];
  const failed: string[] = [];
  for (const item of envelope.answers) {
    const read = inspectionAnswersSchema.safeParse(item);
    if (read.success) answers.push(read.data);
    else failed.push(`${(item as { inspectionId?: unknown } | null)?.inspectionId ?? '?'}: ${read.error.issues[0]?.message ?? 'invalid'}`);
  }
  if (failed.length > 0) console.warn(`Answers of ${failed.length} inspection(s) could not be read and are left out, e.g. ${failed[0]}`);
  return { ...envelope, answers, received: envelope.answers.length };
}

export interface FillAnswersOptions {
  db: MirrorDb;
  api: ApiClient;
  /** Stop after the page that ends past this many milliseconds (the sync's other work waits meanwhile). */
  budgetMs?: number;
  limit?: number;
}

/**
 * Brings the answers a first sync left for later (pull `answers=later`: the records first, so the
 * screens show the fleet after a seventh of the bytes) from GET /data/v1/sync/answers, page by page,
 * each page written in one transaction with the progress (meta `answersPending`), so that a fill cut
 * short (the app closed, the link dropped) goes on from the page it stopped at. Answers true while
 * some remain (the budget ran out), false once every one is in.
 */
export async function fillAnswers({ db, api, budgetMs = Infinity, limit }: FillAnswersOptions): Promise<boolean> {
  let progress = await getMeta(db, 'answersPending');
  if (!progress) return false;
  const started = performance.now();
  const spent = () => performance.now() - started >= budgetMs;
  const fetchPage = async (after: string): Promise<ReadPage> => {
    const query = new URLSearchParams({ after, ...(limit === undefined ? {} : { limit: String(limit) }) });
    return readPage(await api.request('GET', `${answersPath}?${query}`));
  };
  let prefetched: Promise<ReadPage> | null = null;
  for (;;) {
    const page = await (prefetched ?? fetchPage(progress.after));
    prefetched = null;
    if (page.next !== null && (page.received === 0 || page.next === progress.after)) throw new Error('The answers pages did not advance');
    // The next page is asked for while this one is written.
    if (page.next !== null && !spent()) {
      prefetched = fetchPage(page.next);
      prefetched.catch(() => undefined);
    }
    const from: string = progress.after;
    // A page with the total is a first page: the count starts from it (a server that no longer knows a
    // cursor, e.g. one of before the pages came vehicle by vehicle, starts again from the first page).
    const done = page.total === undefined ? progress.done + page.received : page.received;
    const next: AnswersProgress = { after: page.next ?? '', done, total: page.total ?? progress.total };
    const wrote = await db.transaction('rw', db.tables, async (tx) => {
      // A reset (or another tab's fill) moved the progress meanwhile: this page is not the one to write.
      if ((await getMeta(db, 'answersPending'))?.after !== from) return false;
      await writeAnswers(db, tx, page.answers);
      if (page.next === null) await db.meta.delete('answersPending');
      else await setMeta(db, 'answersPending', next);
      return true;
    });
    if (!wrote) return (await getMeta(db, 'answersPending')) !== undefined;
    if (page.next === null) return false;
    progress = next;
    if (spent()) return true;
    await yieldToEventLoop();
  }
}
