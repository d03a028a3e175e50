import type { MirrorDb } from '../db/mirror.ts';
import { FEED_NAMES } from '../../core/schema/feeds.ts';

const LAST_RELOAD_KEY = 'fleet-forbidden-reload';
/** A second 403 this soon after the last reload does not reload again: no reload loop. */
const RELOAD_GUARD_MS = 10_000;

/**
 * A product call answered 403 (part 1 §8): the rights changed, so the cached data is dropped and the
 * app starts again at /. The outbox, rejected changes and files taken offline stay: nothing the
 * user made is lost, and the server still decides on each pending change.
 */
export async function reloadAfterForbidden(db: MirrorDb): Promise<void> {
  const last = Number(sessionStorage.getItem(LAST_RELOAD_KEY) ?? 0);
  if (Date.now() - last < RELOAD_GUARD_MS) return;
  sessionStorage.setItem(LAST_RELOAD_KEY, String(Date.now()));
  await db.transaction('rw', [...FEED_NAMES, 'meta'], async () => {
    await Promise.all(FEED_NAMES.map((name) => db.table(name).clear()));
    await db.meta.bulkDelete(['cursor', 'bootstrapped']);
  });
  window.location.replace('/');
}
