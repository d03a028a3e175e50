/**
 * A position in an organization's feed. The feed is ordered by (rev, table name, id); a cursor is
 * either `rev` (everything up to and including that revision was delivered) or `rev:table:id`
 * (delivered up to that row inside the revision, for a page that ended mid-revision).
 */
export interface FeedPosition {
  rev: number;
  table: string | null;
  id: string | null;
}

export function parseCursor(cursor: string): FeedPosition {
  if (cursor === '') return { rev: 0, table: null, id: null };
  const [rev, table, id] = cursor.split(':');
  return { rev: Number.parseInt(rev ?? '0', 10), table: table ?? null, id: id ?? null };
}

export function formatCursor(pos: FeedPosition): string {
  return pos.table && pos.id ? `${pos.rev}:${pos.table}:${pos.id}` : String(pos.rev);
}

/** Feed order: revision, then table name, then id (plain code-unit comparison, as PostgreSQL's "C" collation). */
export function compareFeed(a: { rev: number; t: string; id: string }, b: { rev: number; t: string; id: string }): number {
  if (a.rev !== b.rev) return a.rev - b.rev;
  if (a.t !== b.t) return a.t < b.t ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}
