import type { MirrorDb } from '../db/mirror.ts';
import { resetMirror } from '../sync/pull-write.ts';

const LAST_RELOAD_KEY = 'fleet-forbidden-reload';
/** A second 403 this soon after the last reload does not reload again: no reload loop. */
const RELOAD_GUARD_MS = 10_000;

/**
 * A product call answered 403 (part 1 §8): the rights changed, so the cached data is dropped and the
 * app starts again at /. The mirror is reset exactly as a server reset does it (resetMirror): the
 * outbox, rejected changes and files taken offline stay, pending changes keep showing on top of the
 * rows the next pull brings, and no row deleted on the server meanwhile comes back.
 */
export async function reloadAfterForbidden(db: MirrorDb): Promise<void> {
  const last = Number(sessionStorage.getItem(LAST_RELOAD_KEY) ?? 0);
  if (Date.now() - last < RELOAD_GUARD_MS) return;
  sessionStorage.setItem(LAST_RELOAD_KEY, String(Date.now()));
  await resetMirror(db);
  window.location.replace('/');
}
