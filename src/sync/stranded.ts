import Dexie from 'dexie';
import { MIRROR_PREFIX } from '../db/mirror.ts';
import { countWaitingIn } from './waiting.ts';

/** A mirror of this user in an organization they are no longer signed in to, with changes that never reached the server. */
export interface StrandedMirror {
  name: string;
  orgId: string;
  waiting: number;
}

/**
 * The user's other mirrors that still hold waiting changes: left behind when an administrator moved
 * the user to another organization. They cannot be sent any more (the server refuses a caller outside
 * the organization), but they must not vanish unseen: the app lists them and lets the user discard them.
 */
export async function findStrandedMirrors(userId: string, current: string): Promise<StrandedMirror[]> {
  if (typeof indexedDB === 'undefined' || typeof indexedDB.databases !== 'function') return [];
  const suffix = `-${userId}`;
  const names = (await indexedDB.databases()).map((d) => d.name ?? '').filter((n) => n !== current && n.startsWith(MIRROR_PREFIX) && n.endsWith(suffix));
  const found: StrandedMirror[] = [];
  for (const name of names) {
    const waiting = await countWaitingIn(name);
    if (waiting > 0) found.push({ name, orgId: name.slice(MIRROR_PREFIX.length, -suffix.length), waiting });
  }
  return found;
}

export function discardMirror(name: string): Promise<void> {
  return Dexie.delete(name);
}
