import { getMeta, setMeta, type SkippedRows } from '../db/meta.ts';
import type { MirrorDb } from '../db/mirror.ts';
import { resetMirror } from './pull-write.ts';

/**
 * Rows this build of the app could not read (they failed their feed's schema: a newer server, or a
 * bug) are not skipped for ever. The device remembers them with the cursor of the page that brought
 * them, shows that its copy is incomplete, and once another build of the app runs, pulls again from
 * the earliest of those cursors (puts are idempotent), so a fixed app reads them.
 */

const NONE: SkippedRows = { build: '', rows: [] };

export async function skippedRows(db: MirrorDb): Promise<SkippedRows> {
  return (await getMeta(db, 'skippedRows')) ?? NONE;
}

/**
 * Where the pull must start: the stored cursor, or, when rows were skipped by another build, the
 * cursor before the first of them (the list is then forgotten: rows that fail again are noted again).
 * A row skipped on the first page of a first sync was noted with the feed's start (''), which the
 * server answers with live rows only, as a first sync needs: a rewind there would never bring the
 * deletes made since, so the mirror starts over instead (its waiting changes kept, as on a reset).
 */
export async function startCursor(db: MirrorDb, build: string): Promise<string> {
  const cursor = (await getMeta(db, 'cursor')) ?? '';
  const skipped = await skippedRows(db);
  const first = skipped.rows[0];
  if (!first || skipped.build === build) return cursor;
  if (first.from === '') {
    await resetMirror(db);
    return '';
  }
  await db.transaction('rw', db.meta, async () => {
    await setMeta(db, 'skippedRows', NONE);
    await setMeta(db, 'cursor', first.from);
  });
  return first.from;
}

/**
 * Notes a page's outcome (inside the page's last write): rows it could not read are added with the
 * cursor it started from; rows it read are struck off (a newer copy arrived).
 */
export async function noteSkipped(db: MirrorDb, build: string, from: string, failed: readonly string[], read: readonly string[]): Promise<void> {
  const current = await skippedRows(db);
  if (failed.length === 0 && current.rows.length === 0) return;
  const readKeys = new Set(read);
  const kept = current.rows.filter((r) => !readKeys.has(r.key) && !failed.includes(r.key));
  // Pages come in feed order, so appending keeps the earliest cursor first: a rewind to it covers every row listed.
  const rows = [...kept, ...failed.map((key) => ({ key, from }))];
  await setMeta(db, 'skippedRows', { build, rows });
}
