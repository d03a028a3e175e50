import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { MirrorDb, OutboxEntry } from '../db/mirror.ts';
import { awaitOutcome } from './outcome.ts';
import { freshDb } from './testing/fixtures.ts';

function entry(id: string, path: string, createdAt = '2025-01-01T00:00:00.000Z'): OutboxEntry {
  return { id, name: 'updateUser', args: {}, request: { method: 'PATCH', path }, state: 'pending', touches: [], createdAt };
}

async function reject(db: MirrorDb, e: OutboxEntry, message: string, details: string[] = []) {
  await db.transaction('rw', db.outbox, db.rejected, async () => {
    await db.outbox.where('id').equals(e.id).delete();
    await db.rejected.put({
      id: e.id,
      name: e.name,
      request: e.request,
      message,
      details,
      httpStatus: 400,
      createdAt: e.createdAt,
      rejectedAt: new Date().toISOString(),
    });
  });
}

const tick = () => new Promise((r) => setTimeout(r, 20));

describe('awaitOutcome', () => {
  it('answers applied once the server accepted the entry', async () => {
    const db = freshDb();
    await db.outbox.add(entry('m1', '/auth/users/u1'));
    const outcome = awaitOutcome(db, 'm1', { timeoutMs: 5_000 });
    await tick();
    await db.outbox.where('id').equals('m1').modify({ state: 'sent', rev: 7 });
    await expect(outcome).resolves.toEqual({ kind: 'applied' });
  });

  it('answers applied when the entry already left the outbox without a rejection', async () => {
    const db = freshDb();
    await expect(awaitOutcome(db, 'gone', { timeoutMs: 5_000 })).resolves.toEqual({ kind: 'applied' });
  });

  it('answers rejected with the server message and its further messages', async () => {
    const db = freshDb();
    const e = entry('m2', '/auth/users');
    await db.outbox.add(e);
    const outcome = awaitOutcome(db, 'm2', { timeoutMs: 5_000 });
    await tick();
    await reject(db, e, 'Weak Password', ['Add another word or two.']);
    await expect(outcome).resolves.toEqual({ kind: 'rejected', message: 'Weak Password', details: ['Add another word or two.'], httpStatus: 400 });
  });

  it('answers queued when the entry is still waiting at the end of the wait', async () => {
    const db = freshDb();
    await db.outbox.add(entry('m3', '/auth/users'));
    await expect(awaitOutcome(db, 'm3', { timeoutMs: 50 })).resolves.toEqual({ kind: 'queued' });
  });
});
