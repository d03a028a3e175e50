import Dexie from 'dexie';
import { MirrorDb } from '../db/mirror.ts';
import { resetMirror } from './pull-write.ts';

/** Changes made on this device that the server does not have yet (pending, or held by a tab). */
export function countWaiting(db: MirrorDb): Promise<number> {
  return db.outbox.where('state').anyOf(['pending', 'held']).count();
}

/** The waiting count of a mirror the app has not opened (a gate screen, another organization's). */
export async function countWaitingIn(name: string): Promise<number> {
  if (!(await Dexie.exists(name))) return 0;
  const db = new MirrorDb(name);
  try {
    return await countWaiting(db);
  } finally {
    db.close();
  }
}

/**
 * Clears a mirror's data on sign-out with "clear caches" (an own role change, a refused account).
 * With changes still waiting the database is not deleted: its data is dropped as a server reset
 * drops it, and the outbox stays, to be sent at the next sign-in on this device. Nothing waiting:
 * the database goes.
 */
export async function clearMirrorData(name: string): Promise<void> {
  if ((await countWaitingIn(name)) === 0) {
    await Dexie.delete(name);
    return;
  }
  const db = new MirrorDb(name);
  try {
    await resetMirror(db);
  } finally {
    db.close();
  }
}
