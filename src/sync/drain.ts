import { z } from 'zod';
import { mutationResultSchema, pushResponseSchema, type MutationResult } from '../../core/schema/sync.ts';
import type { LeaderStatus } from '../db/meta.ts';
import type { MirrorDb, OutboxEntry } from '../db/mirror.ts';
import type { ApiClient } from './api.ts';
import { Backoff, realTimers, type Timers } from './backoff.ts';
import { DRAIN_BACKOFF_INITIAL_MS, DRAIN_BACKOFF_MAX_MS, PUSH_BATCH_SIZE } from './constants.ts';
import { ApiError, detailsOfBody, isTransient, needsSignIn, OfflineError } from './errors.ts';
import { removeEntries } from './rebase.ts';

export interface DrainOptions {
  db: MirrorDb;
  api: ApiClient;
  clientId: string;
  /** The server applied something: a pull brings its revision and the acks that retire 'sent' entries. */
  onApplied(): void;
  /** What the drain is doing, for the sync status. */
  report(patch: Partial<LeaderStatus>): void;
  timers?: Timers;
  random?: () => number;
}

type Outcome = 'done' | 'retry' | 'paused';

const partialResultsSchema = z.object({ results: z.array(mutationResultSchema) });

/**
 * Pushes the outbox in seq order. One drain runs at a time; a wake while it runs makes it look again
 * when it finishes. Transient failures keep entries pending and retry with backoff; a missing token
 * pauses until the next wake (timer, focus, online, new mutation) finds one.
 */
/** Fields a refused change must not keep on the device (a new user's password). */
const SECRET_FIELDS = ['password'];

function withoutSecrets(request: OutboxEntry['request']): OutboxEntry['request'] {
  const body = request.body;
  if (!body || typeof body !== 'object' || Array.isArray(body)) return request;
  const kept = Object.fromEntries(Object.entries(body).filter(([key]) => !SECRET_FIELDS.includes(key)));
  return { ...request, body: kept };
}

export class Drain {
  private running: Promise<void> | null = null;
  private again = false;
  private retryTimer: unknown = null;
  private stopped = false;
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

  private async drainAll(): Promise<Outcome> {
    const { db, api, clientId, report } = this.options;
    for (;;) {
      if (this.stopped) return 'done';
      const batch = await db.outbox.where('state').equals('pending').limit(PUSH_BATCH_SIZE).toArray();
      if (batch.length === 0) {
        this.backoff.reset();
        report({ sending: false });
        return 'done';
      }
      report({ sending: true });
      let results: MutationResult[];
      try {
        const body = { clientId, mutations: batch.map((e) => ({ id: e.id, seq: e.seq!, name: e.name, request: e.request })) };
        results = pushResponseSchema.parse(await api.request('POST', '/data/v1/sync/push', body)).results;
      } catch (error) {
        return this.failed(batch, error);
      }
      report({ sending: false, lastError: null, unreachable: false, signInRequired: false });
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

  private async failed(batch: OutboxEntry[], error: unknown): Promise<Outcome> {
    const { db, report } = this.options;
    // A 503 stops the batch mid-way; the answers it carries for the mutations before the stop still count.
    if (error instanceof ApiError && error.status === 503) {
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
      await db.outbox.where('seq').anyOf(seqs).and((e) => e.state === 'pending').modify({ lastError: message });
    }
    // Anything else (a refused batch, a 403, an answer we cannot read) cannot be fixed by hammering:
    // the entries stay queued and are retried with the same backoff.
    this.scheduleRetry();
    return 'retry';
  }

  /**
   * Applies the server's answers in one transaction. Answers for entries no longer pending are
   * ignored: a pull may already have acked them (applied, answer lost, sent again).
   */
  private async settle(results: readonly MutationResult[]): Promise<{ applied: boolean; settled: number }> {
    const { db } = this.options;
    let applied = false;
    let settled = 0;
    await db.transaction('rw', db.tables, async () => {
      for (const result of results) {
        const entry = await db.outbox.where('id').equals(result.id).first();
        if (!entry || entry.state !== 'pending') continue;
        settled++;
        if (result.status === 'rejected') {
          await removeEntries(db, [entry]);
          await db.rejected.put({
            id: entry.id,
            name: entry.name,
            request: withoutSecrets(entry.request),
            message: result.message ?? `The server refused the change (status ${result.httpStatus})`,
            details: detailsOfBody(result.response),
            httpStatus: result.httpStatus,
            createdAt: entry.createdAt,
            rejectedAt: new Date().toISOString(),
          });
        } else if (result.rev === null || result.rev === undefined) {
          // The route changed nothing, so no pull will ack it: the server copy is already the truth.
          await removeEntries(db, [entry]);
        } else {
          await db.outbox.update(entry.seq!, { state: 'sent', rev: result.rev, lastError: undefined });
          applied = true;
        }
      }
    });
    return { applied, settled };
  }

  private scheduleRetry(): void {
    if (this.stopped || this.retryTimer !== null) return;
    this.retryTimer = this.timers.setTimeout(() => {
      this.retryTimer = null;
      void this.wake({ force: true });
    }, this.backoff.next());
  }
}
