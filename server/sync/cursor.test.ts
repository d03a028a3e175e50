import { describe, expect, it } from 'vitest';
import { compareFeed, formatCursor, parseCursor } from './cursor.ts';

describe('feed cursor', () => {
  it('round-trips a whole-revision and a mid-revision position', () => {
    expect(parseCursor('')).toEqual({ rev: 0, table: null, id: null });
    expect(formatCursor(parseCursor('42'))).toBe('42');
    expect(formatCursor(parseCursor('42:users:abc_D-1'))).toBe('42:users:abc_D-1');
  });

  it('orders by revision, then table, then id', () => {
    const rows = [
      { rev: 2, t: 'a', id: 'x' },
      { rev: 1, t: 'b', id: 'a' },
      { rev: 1, t: 'a', id: 'b' },
      { rev: 1, t: 'a', id: 'a' },
    ];
    expect(rows.sort(compareFeed).map((r) => `${r.rev}${r.t}${r.id}`)).toEqual(['1aa', '1ab', '1ba', '2ax']);
  });
});
