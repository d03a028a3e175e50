import { liveQuery, type Subscription } from 'dexie';
import type { BlobEntry, MirrorDb } from '../db/mirror.ts';
import { draftPictures } from '../db/inspection-draft.ts';
import { realTimers, type Timers } from './backoff.ts';
import { ApiError, FILE_GONE_MESSAGE, isTransient, needsSignIn, UPLOAD_CANCELLED_MESSAGE } from './errors.ts';
import { rejectEntries } from './reject.ts';
import type { UploadFile } from './upload-transport.ts';

/** Part 1 §9: the upload library's default of 2 concurrent uploads. */
export const UPLOAD_CONCURRENCY = 2;
/** The first retry of an interrupted upload waits this long, doubling each attempt ... */
export const UPLOAD_BACKOFF_INITIAL_MS = 2_000;
/** ... up to this delay (a new chance on online, focus and the sync timer comes sooner). */
export const UPLOAD_BACKOFF_MAX_MS = 120_000;
/** Progress is written to the mirror (for every tab to show) at most this often per upload. */
export const PROGRESS_WRITE_MS = 250;
/** A file the server has is kept this long as the device's copy for viewing, unless a change still names it. */
export const PRUNE_UPLOADED_AFTER_MS = 7 * 24 * 60 * 60 * 1000;

/** The wait before retry `attempts` (1, 2, ...) of an interrupted upload, with ±20 % jitter. */
export function uploadRetryDelay(attempts: number, random: () => number = Math.random): number {
  const nominal = Math.min(UPLOAD_BACKOFF_MAX_MS, UPLOAD_BACKOFF_INITIAL_MS * 2 ** Math.max(0, attempts - 1));
  return Math.round(Math.min(UPLOAD_BACKOFF_MAX_MS, nominal * (0.8 + 0.4 * random())));
}

/**
 * Ends the outbox changes that name a file with a refusal (the server's, or the user's cancel), rolling
 * their effect back; a cancel lists nothing (the user chose it). Runs its own transaction.
 */
export async function endChangesNaming(db: MirrorDb, hash: string, refusal: { message: string; httpStatus: number }, listed: boolean): Promise<void> {
  await db.transaction('rw', db.tables, async () => {
    const entries = (await db.outbox.toArray()).filter((e) => e.state !== 'sent' && e.files?.includes(hash));
    await rejectEntries(
      db,
      entries.map((entry) => ({ entry, refusal })),
    );
    if (!listed) await db.rejected.bulkDelete(entries.map((e) => e.id));
  });
}

/** The user cancels a file's upload: it is not sent, and the changes that needed it are undone. */
export async function cancelUpload(db: MirrorDb, hash: string): Promise<void> {
  const entry = await db.blobs.get(hash);
  if (!entry || entry.state === 'finished') return;
  // One transaction: a tab closed between the two would leave changes waiting for a file never sent.
  await db.transaction('rw', db.tables, async () => {
    await db.blobs.update(hash, { state: 'cancelled', lastError: undefined });
    await endChangesNaming(db, hash, { message: UPLOAD_CANCELLED_MESSAGE, httpStatus: 0 }, false);
  });
}

/**
 * Ends the changes that wait for a file the queue will never send: one no longer on the device, or one
 * refused or cancelled while a change naming it was being made (or by an older app, which set the file's
 * state and ended its changes in two steps). They would wait for ever and hold back their rows' later
 * changes. A refused file's changes are listed with its refusal; a cancelled one's are undone quietly.
 */
export async function endStranded(db: MirrorDb): Promise<void> {
  const waiting = (await db.outbox.toArray()).filter((e) => e.state !== 'sent' && (e.files?.length ?? 0) > 0);
  const hashes = [...new Set(waiting.flatMap((e) => e.files ?? []))];
  if (hashes.length === 0) return;
  const blobs = await db.blobs.bulkGet(hashes);
  for (const [i, hash] of hashes.entries()) {
    const blob = blobs[i];
    if (!blob) await endChangesNaming(db, hash, { message: FILE_GONE_MESSAGE, httpStatus: 0 }, true);
    else if (blob.state === 'error') await endChangesNaming(db, hash, { message: blob.lastError ?? 'The server refused the file', httpStatus: 0 }, true);
    else if (blob.state === 'cancelled') await endChangesNaming(db, hash, { message: UPLOAD_CANCELLED_MESSAGE, httpStatus: 0 }, false);
  }
}

/** Tries an interrupted upload again now, or once the server's Retry-After has passed (notBefore). */
export async function retryUpload(db: MirrorDb, hash: string): Promise<void> {
  await db.blobs
    .where('hash')
    .equals(hash)
    .and((b) => b.state === 'aborted')
    .modify((b) => {
      b.retryAt = b.notBefore ?? 0;
    });
}

export interface UploaderOptions {
  db: MirrorDb;
  upload: UploadFile;
  /** A file reached the server: the changes waiting for it may go (wakes the drain). */
  onUploaded(): void;
  timers?: Timers;
  random?: () => number;
  now?: () => number;
}

/**
 * The upload queue of the leading tab: sends the files in the mirror's `blobs` that wait (added, or
 * aborted and due), two at a time, oldest first, with their progress in the mirror. An interrupted
 * upload is retried with backoff, and not before the server's Retry-After (a 429 when too many uploads
 * are in flight) even when woken; one that needs a sign-in waits for the next wake; one the server
 * refuses ends the changes that needed it with the server's message. Nothing leaves the queue
 * before the server has it.
 */
export class Uploader {
  private readonly inFlight = new Map<string, AbortController>();
  private readonly timers: Timers;
  private readonly now: () => number;
  private retryTimer: unknown = null;
  private watch: Subscription | null = null;
  private waiting: BlobEntry[] = [];
  private pausedForSignIn = false;
  private stopped = false;

  constructor(private readonly options: UploaderOptions) {
    this.timers = options.timers ?? realTimers;
    this.now = options.now ?? Date.now;
  }

  async start(): Promise<void> {
    const { db } = this.options;
    // Uploads a closed tab left half done start again; old copies of sent files go.
    await db.blobs.where('state').equals('uploading').modify({ state: 'aborted', retryAt: 0 });
    await endStranded(db);
    await this.prune();
    if (this.stopped) return;
    this.watch = liveQuery(() => db.blobs.where('state').anyOf('added', 'aborted', 'cancelled').toArray()).subscribe({
      next: (entries) => {
        for (const entry of entries) if (entry.state === 'cancelled') this.inFlight.get(entry.hash)?.abort();
        this.waiting = entries.filter((e) => e.state !== 'cancelled').sort((a, b) => a.createdAt.localeCompare(b.createdAt));
        this.pump();
      },
      error: (error: unknown) => console.warn('Upload queue watch failed', error),
    });
  }

  /** Online, focus, 'Sync now': try what waits now, backoff or not; a server's Retry-After stands. */
  wake(): void {
    this.pausedForSignIn = false;
    for (const entry of this.waiting) entry.retryAt = entry.notBefore ?? 0;
    this.pump();
  }

  /**
   * The sync timer: a queue paused for a sign-in tries again, since a token may be had now (the provider
   * was unreachable a moment ago, and nothing else wakes an app kept in the foreground); backoffs stand.
   */
  resume(): void {
    if (!this.pausedForSignIn) return;
    this.pausedForSignIn = false;
    this.pump();
  }

  stop(): void {
    this.stopped = true;
    this.watch?.unsubscribe();
    if (this.retryTimer !== null) this.timers.clearTimeout(this.retryTimer);
    for (const controller of this.inFlight.values()) controller.abort();
  }

  private pump(): void {
    // Offline, a file waits as it is ('Waiting to upload'): the browser's online event wakes the queue.
    if (this.stopped || this.pausedForSignIn || globalThis.navigator?.onLine === false) return;
    const now = this.now();
    for (const entry of this.waiting) {
      if (this.inFlight.size >= UPLOAD_CONCURRENCY) break;
      if (this.inFlight.has(entry.hash) || entry.retryAt > now) continue;
      void this.send(entry);
    }
    this.scheduleRetry();
  }

  private scheduleRetry(): void {
    if (this.retryTimer !== null) this.timers.clearTimeout(this.retryTimer);
    this.retryTimer = null;
    const due = this.waiting.filter((e) => !this.inFlight.has(e.hash) && e.retryAt > this.now()).map((e) => e.retryAt);
    if (due.length === 0 || this.stopped) return;
    this.retryTimer = this.timers.setTimeout(
      () => {
        this.retryTimer = null;
        this.pump();
      },
      Math.max(0, Math.min(...due) - this.now()),
    );
  }

  private async send(entry: BlobEntry): Promise<void> {
    const { db, upload } = this.options;
    const controller = new AbortController();
    this.inFlight.set(entry.hash, controller);
    let lastWrite = 0;
    try {
      const started = await db.blobs
        .where('hash')
        .equals(entry.hash)
        .and((b) => b.state === 'added' || b.state === 'aborted')
        .modify({ state: 'uploading', sentBytes: 0, notBefore: undefined });
      if (started === 0) return;
      await upload({
        hash: entry.hash,
        blob: entry.blob,
        signal: controller.signal,
        onProgress: (sentBytes) => {
          const now = this.now();
          if (now - lastWrite < PROGRESS_WRITE_MS) return;
          lastWrite = now;
          void db.blobs
            .where('hash')
            .equals(entry.hash)
            .and((b) => b.state === 'uploading')
            .modify({ sentBytes });
        },
      });
      await db.blobs.update(entry.hash, {
        state: 'finished',
        uploaded: true,
        sentBytes: entry.blob.size,
        finishedAt: new Date(this.now()).toISOString(),
        lastError: undefined,
      });
      this.options.onUploaded();
    } catch (error) {
      await this.failed(entry, error, controller.signal.aborted);
    } finally {
      this.inFlight.delete(entry.hash);
      this.pump();
    }
  }

  private async failed(entry: BlobEntry, error: unknown, aborted: boolean): Promise<void> {
    const { db } = this.options;
    const message = error instanceof Error ? error.message : String(error);
    const current = await db.blobs.get(entry.hash);
    if (!current || current.state === 'cancelled' || (aborted && this.stopped)) {
      // Cancelled by the user, or this tab stopped leading: the next leader starts it again.
      if (current?.state === 'uploading') await db.blobs.update(entry.hash, { state: 'aborted', retryAt: 0 });
      return;
    }
    if (needsSignIn(error)) {
      this.pausedForSignIn = true;
      await db.blobs.update(entry.hash, { state: 'added', lastError: message });
      return;
    }
    if (isTransient(error)) {
      const attempts = current.attempts + 1;
      const now = this.now();
      const delay = uploadRetryDelay(attempts, this.options.random);
      // The server said when to come back (a 429: too many uploads in flight): not sooner, even when woken.
      const retryAfterMs = error instanceof ApiError ? error.retryAfterMs : undefined;
      const notBefore = retryAfterMs === undefined ? undefined : now + retryAfterMs;
      await db.blobs.update(entry.hash, { state: 'aborted', attempts, retryAt: now + Math.max(retryAfterMs ?? 0, delay), notBefore, lastError: message });
      return;
    }
    // The server refused the file (its type, its size): it can never land, nor the changes that name it.
    const status = (error as { status?: number }).status ?? 0;
    await db.transaction('rw', db.tables, async () => {
      await db.blobs.update(entry.hash, { state: 'error', lastError: message });
      await endChangesNaming(db, entry.hash, { message, httpStatus: status }, true);
    });
  }

  /** Drops the device's copies of files the server has had for a while and no change or draft inspection still names. */
  private async prune(): Promise<void> {
    const { db } = this.options;
    const named = new Set([...(await db.outbox.toArray()).flatMap((e) => e.files ?? []), ...(await draftPictures(db))]);
    const cutoff = this.now() - PRUNE_UPLOADED_AFTER_MS;
    const old = await db.blobs
      .where('state')
      .anyOf('finished', 'cancelled', 'error')
      .filter((b) => !named.has(b.hash) && Date.parse(b.finishedAt ?? b.createdAt) < cutoff)
      .primaryKeys();
    await db.blobs.bulkDelete(old);
  }
}
