import { z } from 'zod';
import { mutationResultSchema, pushResponseSchema, type MutationResult } from '../../core/schema/sync.ts';
import type { LeaderStatus } from '../db/meta.ts';
import type { MirrorDb, OutboxEntry } from '../db/mirror.ts';
import type { ApiClient } from './api.ts';
import { Backoff, realTimers, type Timers } from './backoff.ts';
import { nextBatch } from './batch.ts';
import { DRAIN_BACKOFF_INITIAL_MS, DRAIN_BACKOFF_MAX_MS, PUSH_BATCH_BYTES, PUSH_BATCH_SIZE } from './constants.ts';
import { ApiError, detailsOfBody, isTransient, needsSignIn, OfflineError, retryDelay } from './errors.ts';
import { removeEntries } from './rebase.ts';
import { rejectEntries } from './reject.ts';
import { forgetSecret, ORPHANED_SECRET_MESSAGE, secretOf, TAB_ID } from './secrets.ts';

export interface DrainOptions {
  db: MirrorDb;
  api: ApiClient;
  clientId: string;
  /** The server applied something: a pull brings its revision and the acks that retire 'sent' entries. */
  onApplied(): void;
  /** What the drain is doing, for the sync status. */
  report(patch: Partial<LeaderStatus>): void;
  /**
   * true: send only the held entries whose secret this tab keeps (a tab that does not lead); false
   * (the leader): everything else too.
   */
  heldOnly?: boolean;
  /** Whether the tab holding a held entry's secret is still open (default: only this tab's). */
  holderAlive?: (holder: string) => boolean | Promise<boolean>;
  maxBatchBytes?: number;
  timers?: Timers;
  random?: () => number;
}

type Outcome = 'done' | 'retry' | 'paused';

const partialResultsSchema = z.object({ results: z.array(mutationResultSchema) });

/** A refusal of the whole batch rather than of its mutations: the batch holds an entry the server cannot take at all. */
const refusesBatch = (error: unknown): error is ApiError => error instanceof ApiError && (error.status === 400 || error.status === 413);

/**
 * Pushes the outbox in seq order. One drain runs at a time; a wake while it runs makes it look again
 * when it finishes. Transient failures keep entries pending and retry with backoff; a missing token
 * pauses until the next wake (timer, focus, online, new mutation) finds one. Verdicts are per
 * mutation: a batch the server refuses whole is narrowed down, halving, to the entry at fault,
 * which is ended alone with the server's message, so one bad entry never holds back the rest.
 */
export class Drain {
  private running: Promise<void> | null = null;
  private again = false;
  private retryTimer: unknown = null;
  private stopped = false;
  /** At most this many entries in the next batch: lowered while narrowing down a refused batch. */
  private narrowTo = PUSH_BATCH_SIZE;
  private readonly backoff: Backoff;
  private readonly timers: Timers;

  constructor(private readonly options: DrainOptions) {
    this.timers = options.timers ?? realTimers;
    this.backoff = new Backoff({ initialMs: DRAIN_BACKOFF_INITIAL_MS, factor: 2, maxMs: DRAIN_BACKOFF_MAX_MS, jitter: 0.2, random: options.random });
  }

  /**
   * Starts a drain unless one runs. While backing off only `force` (online, focus, reconnect, sync
   * now) retries early: those say the situation changed; a timer tick or a new mutation does not.
   */
  wake({ force = false } = {}): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if (this.retryTimer !== null) {
      if (!force) return Promise.resolve();
      this.timers.clearTimeout(this.retryTimer);
      this.retryTimer = null;
    }
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = this.loop().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  /** Resolves when no drain is running (tests, and stop). */
  idle(): Promise<void> {
    return this.running ?? Promise.resolve();
  }

  stop(): void {
    this.stopped = true;
    if (this.retryTimer !== null) this.timers.clearTimeout(this.retryTimer);
    this.retryTimer = null;
  }

  private async loop(): Promise<void> {
    let outcome: Outcome;
    do {
      this.again = false;
      outcome = await this.drainAll().catch((error: unknown) => {
        // A fault of our own (e.g. IndexedDB) must not leave the queue stuck: report it and retry later.
        this.options.report({ sending: false, lastError: error instanceof Error ? error.message : String(error) });
        this.scheduleRetry();
        return 'retry' as const;
      });
    } while (this.again && outcome === 'done' && !this.stopped);
  }

  private async orphanRule(): Promise<(entry: OutboxEntry) => boolean> {
    const { db, holderAlive = (holder: string) => holder === TAB_ID } = this.options;
    const holders = new Set((await db.outbox.where('state').equals('held').toArray()).map((e) => e.holder ?? ''));
    const gone = new Set<string>();
    for (const holder of holders) if (!(await holderAlive(holder))) gone.add(holder);
    return (entry) => gone.has(entry.holder ?? '');
  }

  private async drainAll(): Promise<Outcome> {
    const { db, api, clientId, report, heldOnly = false, maxBatchBytes = PUSH_BATCH_BYTES } = this.options;
    for (;;) {
      if (this.stopped) return 'done';
      const isOrphan = heldOnly ? () => false : await this.orphanRule();
      const batch = await nextBatch(db, { maxCount: this.narrowTo, maxBytes: maxBatchBytes }, { heldOnly, isOrphan });
      if (batch.length === 0) {
        this.backoff.reset();
        this.narrowTo = PUSH_BATCH_SIZE;
        report({ sending: false });
        return 'done';
      }
      report({ sending: true });
      let results: MutationResult[];
      try {
        const body = { clientId, mutations: batch.map((item) => item.mutation) };
        results = pushResponseSchema.parse(await api.request('POST', '/data/v1/sync/push', body)).results;
      } catch (error) {
        if (refusesBatch(error)) {
          await this.narrow(
            batch.map((item) => item.entry),
            error,
          );
          continue;
        }
        return this.failed(
          batch.map((item) => item.entry),
          error,
        );
      }
      report({ sending: false, lastError: null, unreachable: false, signInRequired: false });
      if (this.narrowTo < PUSH_BATCH_SIZE) this.narrowTo = Math.min(PUSH_BATCH_SIZE, this.narrowTo * 2);
      const { applied, settled } = await this.settle(results);
      if (applied) this.options.onApplied();
      this.backoff.reset();
      // An answer that settles nothing would resend the same batch at once, for ever.
      if (settled === 0) {
        report({ lastError: 'The server answered the push without results' });
        this.scheduleRetry();
        return 'retry';
      }
    }
  }

  /**
   * The server refused the whole batch (400, 413): send half as many until the batch is the one
   * entry at fault, then end that entry with the server's message. Each refusal halves the batch,
   * so a fault among n entries is found in about log2(n) pushes.
   */
  private async narrow(batch: readonly OutboxEntry[], error: ApiError): Promise<void> {
    if (batch.length > 1) {
      this.narrowTo = Math.ceil(batch.length / 2);
      return;
    }
    const { db } = this.options;
    const [entry] = batch;
    this.narrowTo = PUSH_BATCH_SIZE;
    await db.transaction('rw', db.tables, async () => {
      const current = await db.outbox.where('id').equals(entry!.id).first();
      if (current && current.state !== 'sent') {
        await rejectEntries(db, [{ entry: current, refusal: { message: error.message, httpStatus: error.status, details: detailsOfBody(error.body) } }]);
      }
    });
  }

  private async failed(batch: readonly OutboxEntry[], error: unknown): Promise<Outcome> {
    const { db, report } = this.options;
    // A stopped batch (503 for a transient fault, 401 for a token that ran out) carries the answers
    // for the mutations before the stop: they still count.
    if (error instanceof ApiError) {
      const partial = partialResultsSchema.safeParse(error.body);
      if (partial.success && partial.data.results.length > 0) {
        const { applied } = await this.settle(partial.data.results);
        if (applied) this.options.onApplied();
      }
    }
    const message = error instanceof Error ? error.message : String(error);
    if (needsSignIn(error)) {
      report({ sending: false, signInRequired: true, lastError: message });
      return 'paused';
    }
    report({ sending: false, lastError: message, unreachable: error instanceof OfflineError });
    if (isTransient(error)) {
      const seqs = batch.map((e) => e.seq!);
      await db.outbox
        .where('seq')
        .anyOf(seqs)
        .and((e) => e.state !== 'sent')
        .modify({ lastError: message });
    }
    // Anything else (a 403, an answer we cannot read) cannot be fixed by hammering: the entries stay
    // queued and are retried with the same backoff.
    this.scheduleRetry(error);
    return 'retry';
  }

  /**
   * Applies the server's answers in one transaction. Answers for entries no longer waiting are
   * ignored: a pull may already have acked them (applied, answer lost, sent again).
   */
  private async settle(results: readonly MutationResult[]): Promise<{ applied: boolean; settled: number }> {
    const { db } = this.options;
    let applied = false;
    let settled = 0;
    await db.transaction('rw', db.tables, async () => {
      for (const result of results) {
        const entry = await db.outbox.where('id').equals(result.id).first();
        if (!entry || entry.state === 'sent') continue;
        settled++;
        if (result.status === 'rejected') {
          // A held entry sent without its secret (its tab closed) is refused for want of it: say why.
          const orphaned = entry.state === 'held' && !secretOf(entry.id);
          const message = orphaned ? ORPHANED_SECRET_MESSAGE : (result.message ?? `The server refused the change (status ${result.httpStatus})`);
          await rejectEntries(db, [{ entry, refusal: { message, httpStatus: result.httpStatus, details: orphaned ? [] : detailsOfBody(result.response) } }]);
          continue;
        }
        forgetSecret(entry.id);
        if (result.rev === null || result.rev === undefined) {
          // The route changed nothing, so no pull will ack it: the server copy is already the truth.
          await removeEntries(db, [entry]);
        } else {
          await db.outbox.update(entry.seq!, { state: 'sent', rev: result.rev, lastError: undefined, holder: undefined });
          applied = true;
        }
      }
    });
    return { applied, settled };
  }

  private scheduleRetry(error?: unknown): void {
    if (this.stopped || this.retryTimer !== null) return;
    this.retryTimer = this.timers.setTimeout(
      () => {
        this.retryTimer = null;
        void this.wake({ force: true });
      },
      retryDelay(this.backoff.next(), error),
    );
  }
}
