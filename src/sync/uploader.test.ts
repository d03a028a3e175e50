import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { FILE_TOO_LARGE_MESSAGE, type UploadedFile } from '../../core/schema/file.ts';
import { addNote } from '../data/notes/mutators.ts';
import { waiverPictures } from '../data/pictures/picture-mutators.ts';
import type { MirrorDb } from '../db/mirror.ts';
import { queueFile } from '../files/queue-file.ts';
import { nextBatch } from './batch.ts';
import { ApiError, InvalidMutationError, OfflineError, SignInRequiredError } from './errors.ts';
import { mutate } from './mutator.ts';
import { ctx, freshDb } from './testing/fixtures.ts';
import { manualTimers } from './testing/manual-timers.ts';
import { settle, until } from './testing/wait.ts';
import type { UploadRequest } from './upload-transport.ts';
import { cancelUpload, retryUpload, Uploader, UPLOAD_BACKOFF_INITIAL_MS } from './uploader.ts';

const hash = (n: number) => n.toString(16).padStart(64, '0');
const file = (n: number) => ({ sha256: hash(n), blob: new Blob([`photo ${n}`]), mimeType: 'image/jpeg' as const, filename: `IMG_${n}.jpg` });

/** A transport the test answers by hand: each call waits until it is resolved or rejected. */
function handTransport() {
  const calls: { request: UploadRequest; resolve(v: UploadedFile): void; reject(e: unknown): void }[] = [];
  const upload = (request: UploadRequest) =>
    new Promise<UploadedFile>((resolve, reject) => {
      calls.push({ request, resolve, reject });
      request.signal.addEventListener('abort', () => reject(new DOMException('cancelled', 'AbortError')));
    });
  const answer = (i: number) => calls[i]!.resolve({ sha256: calls[i]!.request.hash, mimeType: 'image/jpeg', sizeBytes: calls[i]!.request.blob.size });
  return { calls, upload, answer };
}

async function device() {
  const db = freshDb();
  const clock = manualTimers();
  const transport = handTransport();
  const onUploaded = vi.fn();
  const time = { now: 1_700_000_000_000 };
  const uploader = new Uploader({ db, upload: transport.upload, onUploaded, timers: clock.timers, random: () => 0.5, now: () => time.now });
  return { db, clock, time, transport, onUploaded, uploader };
}

const addPicture = (db: MirrorDb, n: number, id = `pic${n}`) =>
  mutate(db, waiverPictures.add, { parentId: 'w1', id, userId: 'u1', pathIds: { vehicleId: 'v1' }, fields: { sha256: hash(n), filename: `IMG_${n}.jpg` } }, ctx);

const states = async (db: MirrorDb) => (await db.blobs.toArray()).map((b) => [b.filename, b.state]);

describe('the upload queue', () => {
  it('sends waiting files two at a time, oldest first, and lets the changes naming them go once the server has them', async () => {
    const { db, transport, onUploaded, uploader } = await device();
    for (const n of [1, 2, 3]) {
      await queueFile(db, file(n));
      await addPicture(db, n);
    }
    const held = { heldOnly: false, isOrphan: () => false };
    expect(await nextBatch(db, { maxCount: 50, maxBytes: 1e6 }, held)).toEqual([]);

    await uploader.start();
    await until(() => transport.calls.length === 2, 'two uploads start');
    await settle();
    expect(transport.calls.map((c) => c.request.hash)).toEqual([hash(1), hash(2)]);
    expect(await states(db)).toEqual([
      ['IMG_1.jpg', 'uploading'],
      ['IMG_2.jpg', 'uploading'],
      ['IMG_3.jpg', 'added'],
    ]);

    transport.answer(0);
    await until(() => transport.calls.length === 3, 'the third starts when one ends');
    expect(onUploaded).toHaveBeenCalledTimes(1);
    const batch = await nextBatch(db, { maxCount: 50, maxBytes: 1e6 }, held);
    expect(batch.map((b) => b.entry.request.path)).toEqual(['/data/v1/vehicles/v1/waivers/w1/pictures']);
    expect(batch[0]!.entry.request.body).toMatchObject({ waiverPictureId: 'pic1', sha256: hash(1) });
    uploader.stop();
  });

  it('keeps an interrupted upload and retries it with a growing wait', async () => {
    const { db, clock, time, transport, uploader } = await device();
    await queueFile(db, file(1));
    await uploader.start();
    await until(() => transport.calls.length === 1, 'the upload starts');
    transport.calls[0]!.reject(new OfflineError());
    await until(async () => (await db.blobs.get(hash(1)))?.state === 'aborted', 'the upload is marked interrupted');
    expect(await db.blobs.get(hash(1))).toMatchObject({ attempts: 1, lastError: 'The server cannot be reached' });
    await until(() => clock.delays.at(-1) === UPLOAD_BACKOFF_INITIAL_MS, 'the retry is timed');

    time.now += UPLOAD_BACKOFF_INITIAL_MS;
    clock.fireAll();
    await until(() => transport.calls.length === 2, 'the retry starts');
    transport.answer(1);
    await until(async () => (await db.blobs.get(hash(1)))?.state === 'finished', 'the retry lands');
    uploader.stop();
  });

  it('keeps a file the server asks to send later (429, Retry-After), and sends it no sooner, even when woken', async () => {
    const { db, clock, time, transport, uploader } = await device();
    await queueFile(db, file(1));
    await addPicture(db, 1);
    await uploader.start();
    await until(() => transport.calls.length === 1, 'the upload starts');
    const busy = 'Too many uploads in progress. Try again in a minute.';
    const started = time.now;
    transport.calls[0]!.reject(new ApiError(429, { errorMessage: busy }, undefined, 60_000));
    await until(async () => (await db.blobs.get(hash(1)))?.state === 'aborted', 'the file waits');

    // The file and the change naming it stay; the server's message is shown for the file.
    expect(await db.blobs.get(hash(1))).toMatchObject({ attempts: 1, lastError: busy, retryAt: started + 60_000, notBefore: started + 60_000 });
    expect(await db.rejected.count()).toBe(0);
    expect((await db.outbox.toArray()).map((e) => e.name)).toEqual(['addWaiverPicture']);
    expect(await db.feed('waiverPictures').get('pic1')).toBeTruthy();
    await until(() => clock.delays.at(-1) === 60_000, 'the retry is timed after the Retry-After, not the shorter backoff');

    // Online, focus, 'Sync now' and the file's own 'Retry now' do not send it before the server's time.
    time.now += 30_000;
    uploader.wake();
    await retryUpload(db, hash(1));
    await settle();
    expect(transport.calls).toHaveLength(1);
    expect(clock.delays.at(-1)).toBe(30_000);

    time.now += 30_000;
    clock.fireAll();
    await until(() => transport.calls.length === 2, 'the retry starts once the Retry-After has passed');
    transport.answer(1);
    await until(async () => (await db.blobs.get(hash(1)))?.state === 'finished', 'the retry lands');
    expect((await db.blobs.get(hash(1)))?.notBefore).toBeUndefined();
    const batch = await nextBatch(db, { maxCount: 50, maxBytes: 1e6 }, { heldOnly: false, isOrphan: () => false });
    expect(batch.map((b) => b.entry.name)).toEqual(['addWaiverPicture']);
    uploader.stop();
  });

  it('waits the longer of its backoff and a short Retry-After, and a wake still cuts an ordinary backoff short', async () => {
    const { db, clock, time, transport, uploader } = await device();
    await queueFile(db, file(1));
    await uploader.start();
    await until(() => transport.calls.length === 1, 'the upload starts');
    transport.calls[0]!.reject(new ApiError(503, { errorMessage: 'Down for maintenance' }, undefined, 0));
    await until(async () => (await db.blobs.get(hash(1)))?.state === 'aborted', 'the file waits');
    expect((await db.blobs.get(hash(1)))?.retryAt).toBe(time.now + UPLOAD_BACKOFF_INITIAL_MS);
    await until(() => clock.delays.at(-1) === UPLOAD_BACKOFF_INITIAL_MS, 'the retry is timed');

    uploader.wake();
    await until(() => transport.calls.length === 2, 'woken, the retry starts at once');
    transport.calls[1]!.reject(new OfflineError());
    await until(async () => (await db.blobs.get(hash(1)))?.attempts === 2, 'the file waits again');
    expect((await db.blobs.get(hash(1)))?.notBefore).toBeUndefined();
    uploader.wake();
    await until(() => transport.calls.length === 3, 'woken, an ordinary backoff is cut short');
    uploader.stop();
  });

  it('waits for a sign-in without counting it as a failure, and goes on when woken', async () => {
    const { db, transport, uploader } = await device();
    await queueFile(db, file(1));
    await uploader.start();
    await until(() => transport.calls.length === 1, 'the upload starts');
    transport.calls[0]!.reject(new SignInRequiredError());
    await until(async () => (await db.blobs.get(hash(1)))?.state === 'added', 'the file waits again');
    await settle();
    expect(transport.calls).toHaveLength(1);
    uploader.wake();
    await until(() => transport.calls.length === 2, 'the upload starts again');
    expect((await db.blobs.get(hash(1)))?.attempts).toBe(0);
    uploader.stop();
  });

  it('ends the changes naming a refused file with the server’s message, and keeps the other changes', async () => {
    const { db, transport, uploader } = await device();
    await queueFile(db, file(1));
    await addPicture(db, 1);
    await mutate(db, addNote, { parentId: 'v1', id: 'note1', userId: 'u1', fields: { note: 'Left mirror cracked' } }, ctx);
    expect(await db.feed('waiverPictures').get('pic1')).toBeTruthy();

    await uploader.start();
    await until(() => transport.calls.length === 1, 'the upload starts');
    transport.calls[0]!.reject(new ApiError(413, { errorMessage: FILE_TOO_LARGE_MESSAGE }));
    await until(async () => (await db.rejected.count()) === 1, 'the picture is refused');

    expect((await db.blobs.get(hash(1)))?.state).toBe('error');
    expect(await db.feed('waiverPictures').get('pic1')).toBeUndefined();
    expect((await db.outbox.toArray()).map((e) => e.name)).toEqual(['addNote']);
    expect(await db.rejected.toArray()).toMatchObject([{ name: 'addWaiverPicture', message: FILE_TOO_LARGE_MESSAGE, httpStatus: 413, files: [hash(1)] }]);
    uploader.stop();
  });

  it('cancels: the upload stops, the changes naming it are undone and nothing is listed as refused', async () => {
    const { db, transport, uploader } = await device();
    await queueFile(db, file(1));
    await addPicture(db, 1);
    await uploader.start();
    await until(() => transport.calls.length === 1, 'the upload starts');

    await cancelUpload(db, hash(1));
    await until(() => transport.calls[0]!.request.signal.aborted, 'the request is aborted');
    await settle();
    expect((await db.blobs.get(hash(1)))?.state).toBe('cancelled');
    expect(await db.outbox.count()).toBe(0);
    expect(await db.rejected.count()).toBe(0);
    expect(await db.feed('waiverPictures').get('pic1')).toBeUndefined();
    uploader.stop();
  });

  it('picks up, after a reload, an upload a closed tab left half done', async () => {
    const { db, transport, uploader } = await device();
    await queueFile(db, file(1));
    await db.blobs.update(hash(1), { state: 'uploading', sentBytes: 3 });
    await uploader.start();
    await until(() => transport.calls.length === 1, 'the upload starts again');
    uploader.stop();
  });

  it('refuses a change naming a file the queue does not hold', async () => {
    const db = freshDb();
    await expect(addPicture(db, 9)).rejects.toThrow('The file to upload is no longer on this device');
    expect(await db.outbox.count()).toBe(0);
  });

  it('refuses a change naming a file whose upload was cancelled or refused: it would wait for that file for ever', async () => {
    const { db } = await device();
    await queueFile(db, file(1));
    await queueFile(db, file(2));
    // The user cancels the first while the second is still being readied; the server refused a third.
    await cancelUpload(db, hash(1));
    await queueFile(db, file(3));
    await db.blobs.update(hash(3), { state: 'error', lastError: 'The file type is not allowed' });

    await expect(addPicture(db, 1)).rejects.toThrow(InvalidMutationError);
    await expect(addPicture(db, 3)).rejects.toThrow(InvalidMutationError);
    await addPicture(db, 2);
    expect((await db.outbox.toArray()).map((e) => e.files)).toEqual([[hash(2)]]);

    // Chosen again, the file is queued again, and a change may name it.
    await queueFile(db, file(1));
    await addPicture(db, 1, 'pic1-again');
    expect(await db.outbox.count()).toBe(2);
  });

  it('ends, as it starts, the changes left waiting for a file it will never send: gone, refused, or cancelled', async () => {
    const { db, uploader } = await device();
    for (const n of [1, 2, 3, 4]) {
      await queueFile(db, file(n));
      await addPicture(db, n);
    }
    // As an older app, or a tab closed at the wrong moment, left them: the file's state set, its changes not ended.
    await db.blobs.delete(hash(1));
    await db.blobs.update(hash(2), { state: 'error', lastError: 'The file type is not allowed' });
    await db.blobs.update(hash(3), { state: 'cancelled' });

    await uploader.start();
    uploader.stop();

    expect((await db.outbox.toArray()).map((e) => e.files)).toEqual([[hash(4)]]);
    expect((await db.rejected.toArray()).map((r) => r.message).sort()).toEqual([
      'The file to upload is no longer on this device. Choose it again.',
      'The file type is not allowed',
    ]);
  });
});
