/** A position in an organization's feed, ordered by (rev, table name, id). */
export interface FeedPosition {
  rev: number;
  /** With `id`: delivered up to this row inside `rev` (a page that ended mid-revision). */
  table: string | null;
  id: string | null;
}

/** The position before the whole feed: a pull from it is a first sync (every live row, no tombstones). */
export const atFeedStart = (pos: FeedPosition): boolean => pos.rev === 0 && pos.table === null;

export interface Cursor extends FeedPosition {
  /** The epoch that gave the cursor out (server/sync/epoch.ts); null for a cursor from before epochs. */
  epoch: string | null;
  /** The tombstone horizon when the cursor was given out (server/sync/cursor-check.ts); null if not known. */
  horizon: number | null;
}

/*
 * Cursors are opaque to clients. Today's: `{epoch}~{horizon}.{rev}` or
 * `{epoch}~{horizon}.{rev}.{table}.{base64url(id)}` (`~{horizon}` may be missing);
 * the id is encoded because row ids may be anything an external issuer calls a user (`auth0|5f7c…`,
 * long ids, ids with `:`). Still accepted, so deployed devices are not all reset: `rev` and
 * `rev:table:id` from before epochs, whose ids were letters, digits, `_` and `-`.
 */
const CURRENT = /^([A-Za-z0-9_-]+)(?:~(\d+))?\.(\d+)(?:\.([A-Za-z]+)\.([A-Za-z0-9_-]+))?$/;
const LEGACY = /^(\d+)(?::([A-Za-z]+):([A-Za-z0-9_-]+))?$/;

const encodeId = (id: string) => Buffer.from(id, 'utf8').toString('base64url');

/** The position a cursor names, or null for text this server never gave out. */
export function parseCursor(text: string): Cursor | null {
  if (text === '') return { epoch: null, horizon: null, rev: 0, table: null, id: null };
  const legacy = LEGACY.exec(text);
  if (legacy) return { epoch: null, horizon: null, rev: Number(legacy[1]), table: legacy[2] ?? null, id: legacy[3] ?? null };
  const current = CURRENT.exec(text);
  if (!current) return null;
  const [, epoch, horizonText, rev, table, encoded] = current;
  const horizon = horizonText === undefined ? null : Number(horizonText);
  if (encoded === undefined) return { epoch: epoch!, horizon, rev: Number(rev), table: null, id: null };
  const id = Buffer.from(encoded, 'base64url').toString('utf8');
  // Only an id this server encoded decodes back to the same text (no stray bits, valid UTF-8, no NUL).
  if (encodeId(id) !== encoded || id.includes('\u0000')) return null;
  return { epoch: epoch!, horizon, rev: Number(rev), table: table!, id };
}

/** A cursor of the given epoch and horizon; an organization without a clock yet has no epoch and no rows. */
export function formatCursor(epoch: string, horizon: number, pos: FeedPosition): string {
  if (epoch === '') {
    if (pos.table !== null) throw new Error('a mid-revision cursor needs an epoch');
    return String(pos.rev);
  }
  const head = `${epoch}~${horizon}.${pos.rev}`;
  return pos.table !== null && pos.id !== null ? `${head}.${pos.table}.${encodeId(pos.id)}` : head;
}

/**
 * Compares by code point, which is the byte order of UTF-8 and so of PostgreSQL's "C" collation.
 * Plain `<` compares UTF-16 code units, which puts characters past U+FFFF before U+E000–U+FFFF: the
 * merged feed would then disagree with each table's own order and a page could skip a row.
 */
export function compareCodePoints(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    if (x >= 0xd800 && y >= 0xd800) return rankAboveSurrogates(x) - rankAboveSurrogates(y);
    return x - y;
  }
  return a.length - b.length;
}

/** Moves surrogates (U+D800–U+DFFF) above U+E000–U+FFFF, where their code points belong. */
function rankAboveSurrogates(unit: number): number {
  if (unit >= 0xe000) return unit - 0x800;
  return unit + 0x2000;
}

/** Feed order: revision, then table name, then id, as the pull's SQL orders each table (`id collate "C"`). */
export function compareFeed(a: { rev: number; t: string; id: string }, b: { rev: number; t: string; id: string }): number {
  if (a.rev !== b.rev) return a.rev - b.rev;
  if (a.t !== b.t) return a.t < b.t ? -1 : 1;
  return compareCodePoints(a.id, b.id);
}
