import { pullResponseSchema, type PullResponse } from '../../core/schema/sync.ts';
import { refreshStaleSummaries, summaryTables } from '../db/fleet-summaries.ts';
import { inBucketOrder } from '../db/bucketed-tables.ts';
import { deriveAll } from '../db/derived-stores.ts';
import { DerivedTally } from '../db/derived-tally.ts';
import { getMeta, setMeta } from '../db/meta.ts';
import type { MirrorDb } from '../db/mirror.ts';
import { APP_BUILD } from '../app-build.ts';
import { rowKey } from '../db/row-key.ts';
import type { ApiClient } from './api.ts';
import { FIRST_PAGE_LIMIT, PULL_CHUNK_ROWS, PULL_PAGE_LIMIT } from './constants.ts';
import { fillAnswers } from './fill-answers.ts';
import { parseChanges, resetMirror, retireAcked, writeChanges, type ParsedChange } from './pull-write.ts';
import { withoutDerived } from '../db/without-derived.ts';
import { noteSkipped, startCursor } from './skipped.ts';
import { yieldToEventLoop } from './yield.ts';

export interface PullOptions {
  db: MirrorDb;
  /** This build of the app: rows another build skipped are pulled again (src/sync/skipped.ts). */
  build?: string;
  api: ApiClient;
  clientId: string;
  limit?: number;
  /** Rows per write transaction; at most PULL_CHUNK_ROWS. */
  chunkRows?: number;
  /**
   * How long to go on filling the answers a first sync left for later, once the feed is pulled
   * (src/sync/fill-answers.ts); by default until every one is in.
   */
  answersBudgetMs?: number;
}

export interface PullResult {
  pages: number;
  /** Changes written (puts and deletes). */
  written: number;
  /** Rows that failed their feed's schema. */
  skipped: number;
  /** The server sent `reset`: the mirror was emptied and pulled again from the start. */
  reset: boolean;
  cursor: string;
  /** Answers a first sync left for later are still to come: pull again soon. */
  answersPending: boolean;
}

/**
 * Retires the changes the server acked once the pull has reached the feed's end, inside the page's last
 * write, after its rows, so a retired change's row falls back to the server copy the pull brought. A page
 * with more to come only keeps its acks (meta `heldAcks`): a change is acked on the page that reaches its
 * revision, but a later change to the same row (a colleague's edit) moves that row further on in the
 * feed, and retiring the change before that version arrived showed the row without it, for as long as a
 * pull cut off between pages left it so.
 */
async function settleAcks(db: MirrorDb, page: PullResponse): Promise<void> {
  const held = (await getMeta(db, 'heldAcks')) ?? [];
  if (page.hasMore) {
    if (page.acks.length > 0) await setMeta(db, 'heldAcks', [...held, ...page.acks]);
    return;
  }
  await retireAcked(db, [...held, ...page.acks]);
  if (held.length > 0) await db.meta.delete('heldAcks');
}

/** The stored cursor moved while this pull ran: another tab leads now and pulled past it. */
export class PullSupersededError extends Error {
  constructor() {
    super('Another tab pulled meanwhile; this pull stopped without writing its page');
    this.name = 'PullSupersededError';
  }
}

/** The first sync's progress is stored at most this often within a page (and at every page's end). */
const PROGRESS_EVERY_MS = 1_000;

/**
 * Pulls the feed from the stored cursor until the server has nothing more. Each page is written in
 * chunks, each its own transaction; the page's last transaction also stores the cursor and retires
 * acked mutations, so a pull interrupted mid-page simply fetches that page again (puts are idempotent).
 * Every transaction first checks that the stored cursor is still the one the page was asked from, so a
 * tab that was frozen mid-pull and replaced as leader never writes an older page over a newer one.
 */
export async function pullOnce({
  db,
  api,
  clientId,
  build = APP_BUILD,
  limit = PULL_PAGE_LIMIT,
  chunkRows = PULL_CHUNK_ROWS,
  answersBudgetMs,
}: PullOptions): Promise<PullResult> {
  const size = Math.max(1, Math.min(chunkRows, PULL_CHUNK_ROWS));
  const result: PullResult = { pages: 0, written: 0, skipped: 0, reset: false, cursor: await startCursor(db, build), answersPending: false };
  // Until the mirror has been filled once (and again after a reset), inspections come without their
  // answers, which follow once the records are in (src/sync/fill-answers.ts): the screens show the fleet
  // after a seventh of the bytes. The stores derived from the records (summaries, open records) are made
  // whole once the last page is in, not kept row by row (src/db/without-derived.ts): no screen that
  // reads them shows before, and their upkeep cost a device as many IndexedDB writes as the rows.
  let filling = (await getMeta(db, 'bootstrapped')) !== true;
  // A pull from the start is told how many rows it brings: the first sync shows how far it has got,
  // and one that resumes (the app was closed mid-way) goes on counting from where it stopped.
  const resumed = result.cursor === '' ? undefined : await getMeta(db, 'firstSync');
  let progress: { done: number; total: number; shownAt: number } | null = resumed ? { ...resumed, shownAt: 0 } : null;
  // A first sync from an empty mirror folds its rows into the derived stores as it writes them, which
  // its end then stores without reading every record back (src/db/derived-tally.ts); one that resumes
  // has rows written before it started, and its end reads the feeds (deriveAll).
  let tally = filling && result.cursor === '' ? new DerivedTally() : null;
  const fetchPage = async (cursor: string): Promise<PullResponse> => {
    // A pull from the start asks a small first page: the screens have something to show sooner.
    const pageLimit = cursor === '' ? Math.min(limit, FIRST_PAGE_LIMIT) : limit;
    const query = new URLSearchParams({ cursor, limit: String(pageLimit), clientId, ...(filling ? { answers: 'later' } : {}) });
    return pullResponseSchema.parse(await api.request('GET', `/data/v1/sync/pull?${query}`));
  };
  let prefetched: Promise<PullResponse> | null = null;
  for (;;) {
    const page = await (prefetched ?? fetchPage(result.cursor));
    prefetched = null;
    result.pages++;
    if (page.reset) {
      // The server only resets a non-empty cursor; a second reset would loop for ever.
      if (result.reset) throw new Error('The server asked to reset the mirror twice in one pull');
      result.reset = true;
      await resetMirror(db);
      result.cursor = '';
      filling = true;
      tally = new DerivedTally();
      continue;
    }
    if (page.total !== undefined) progress = { done: 0, total: page.total, shownAt: 0 };
    // The next page is asked for while this one is written: the server reads it as the device writes.
    // A failed write abandons it (its answer or error is dropped); a failed fetch surfaces once this
    // page is stored, as it would have without the overlap.
    if (page.hasMore && page.cursor !== result.cursor) {
      prefetched = fetchPage(page.cursor);
      prefetched.catch(() => undefined);
    }
    const { parsed, failed } = parseChanges(page.changes);
    result.skipped += failed.length;
    const from = result.cursor;
    // Each chunk is its own transaction: a bucket's rows go together (src/db/bucketed-tables.ts).
    const ordered = inBucketOrder(parsed);
    const chunks: ParsedChange[][] = [];
    for (let i = 0; i < ordered.length; i += size) chunks.push(ordered.slice(i, i + size));
    if (chunks.length === 0) chunks.push([]);
    for (const [i, chunk] of chunks.entries()) {
      const last = i === chunks.length - 1;
      await db.transaction('rw', db.tables, async (tx) => {
        // Another tab pulled meanwhile (this one was frozen and lost the lead): its page is older.
        if (((await getMeta(db, 'cursor')) ?? '') !== from) throw new PullSupersededError();
        await (filling ? withoutDerived(tx, () => writeChanges(db, chunk)) : writeChanges(db, chunk));
        if (progress) {
          progress.done += chunk.length;
          // Every page's end, and within a page at most once a second: each write wakes every tab's status watch.
          if (last || Date.now() - progress.shownAt >= PROGRESS_EVERY_MS) {
            await setMeta(db, 'firstSync', { done: progress.done, total: progress.total });
            progress.shownAt = Date.now();
          }
        }
        if (!last) return;
        await settleAcks(db, page);
        await noteSkipped(
          db,
          build,
          from,
          failed,
          parsed.map((c) => rowKey(c.table, c.id)),
        );
        await db.meta.put({ key: 'cursor', value: page.cursor });
      });
      tally?.add(chunk);
      result.written += chunk.length;
      if (!last) await yieldToEventLoop();
    }
    if (page.hasMore && page.cursor === result.cursor) throw new Error('The pull cursor did not advance');
    result.cursor = page.cursor;
    if (!page.hasMore) break;
    await yieldToEventLoop();
  }
  // A summary a change made stale is made again from its records once, here, not on every read.
  if (!filling) await db.transaction('rw', summaryTables(db), () => refreshStaleSummaries(db));
  // With the flag that lets the screens read them, so none reads them half made.
  await db.transaction('rw', filling ? db.tables : [db.meta], async (tx) => {
    // Another tab took the lead after this one's last page and ended the sync from further on: this
    // tab's tally lacks what that tab pulled, and would overwrite the stores it made.
    if (((await getMeta(db, 'cursor')) ?? '') !== result.cursor) throw new PullSupersededError();
    if (filling && !(await tally?.store(tx))) await deriveAll(tx);
    await db.meta.bulkPut([
      { key: 'lastSyncedAt', value: new Date().toISOString() },
      { key: 'bootstrapped', value: true },
    ]);
    await db.meta.delete('firstSync');
    if (filling && (await getMeta(db, 'answersPending')) === undefined) await setMeta(db, 'answersPending', { after: '', done: 0, total: null });
  });
  result.answersPending = await fillAnswers({ db, api, budgetMs: answersBudgetMs });
  return result;
}
