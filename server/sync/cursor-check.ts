import { atFeedStart, type Cursor } from './cursor.ts';

/** What a pull reads of the organization's clock (org_clocks) to judge a cursor. */
export interface ClockState {
  rev: number;
  horizonRev: number;
  epoch: string;
  epochRev: number;
}

const NO_CLOCK: ClockState = { rev: 0, horizonRev: 0, epoch: '', epochRev: 0 };

/**
 * Whether a device's cursor still stands on this database; if not, the pull answers `reset` and the
 * device starts over. Silently skipping rows is the one outcome that must never happen:
 *
 * - Below the tombstone horizon, deletes the device never saw are purged. A cursor *inside* the
 *   horizon revision (`rev == horizonRev` with a table and id) has not seen all of that revision's
 *   rows either, and some of them may be among the purged deletes. Unless no purge happened since
 *   the cursor was given out (its horizon is the current one): then it is a page of a bootstrap
 *   (which needs no deletes, and began after those purges), or it would not have been given out.
 * - A cursor of the current epoch was given out by this database since the last server start: it
 *   stands up to the clock. Past it, the database went back in time while a server kept running.
 * - A cursor of another epoch, or from before epochs, stands only up to the revision the
 *   organization stood at when the current epoch began. Past that, the device saw revisions this
 *   database does not have: it was restored from a backup older than the cursor (and its revisions
 *   are being given out again to other rows), or it is another database altogether.
 */
export function cursorStands(cursor: Cursor, clock: ClockState | undefined): boolean {
  const c = clock ?? NO_CLOCK;
  if (atFeedStart(cursor)) return true;
  const behindHorizon = cursor.rev < c.horizonRev || (cursor.rev === c.horizonRev && cursor.table !== null);
  if (behindHorizon && !(cursor.horizon !== null && cursor.horizon >= c.horizonRev)) return false;
  return cursor.rev <= (cursor.epoch !== null && cursor.epoch === c.epoch ? c.rev : c.epochRev);
}
