import { describe, expect, it } from 'vitest';
import { compareCodePoints, compareFeed, formatCursor, parseCursor } from './cursor.ts';

describe('feed cursor', () => {
  it('round-trips a whole-revision and a mid-revision position with its epoch', () => {
    expect(parseCursor('')).toEqual({ epoch: null, horizon: null, rev: 0, table: null, id: null });
    expect(formatCursor('Ep0ch_-', 3, { rev: 42, table: null, id: null })).toBe('Ep0ch_-~3.42');
    expect(parseCursor('Ep0ch_-~3.42')).toEqual({ epoch: 'Ep0ch_-', horizon: 3, rev: 42, table: null, id: null });
    // Cursors given out before they carried the horizon.
    expect(parseCursor('Ep0ch_-.42')).toEqual({ epoch: 'Ep0ch_-', horizon: null, rev: 42, table: null, id: null });
    const id = `auth0|5f7c8ec7c33c6c004bbafe82:${'x'.repeat(200)}-fleetDetailFilter`;
    const text = formatCursor('e1', 0, { rev: 7, table: 'userSettings', id });
    expect(text).toMatch(/^e1~0\.7\.userSettings\.[A-Za-z0-9_-]+$/);
    expect(parseCursor(text)).toEqual({ epoch: 'e1', horizon: 0, rev: 7, table: 'userSettings', id });
    const odd = 'é😀\uFFFD.:|@';
    expect(parseCursor(formatCursor('e1', 0, { rev: 1, table: 'users', id: odd }))?.id).toBe(odd);
  });

  it('still reads the cursors given out before epochs', () => {
    expect(parseCursor('42')).toEqual({ epoch: null, horizon: null, rev: 42, table: null, id: null });
    expect(parseCursor('42:users:abc_D-1')).toEqual({ epoch: null, horizon: null, rev: 42, table: 'users', id: 'abc_D-1' });
  });

  it('refuses text it never gave out, ids that do not decode back included', () => {
    for (const text of [
      'DROP TABLE',
      '1:users',
      'e.1.users',
      'e.x',
      'e.1.users.a+b',
      '1:users:a|b',
      `e.1.users.${Buffer.from('a\u0000b').toString('base64url')}`,
      'e.1.users._w',
    ]) {
      expect(parseCursor(text), text).toBeNull();
    }
  });

  it('has no epoch for an organization without a clock, which has no rows either', () => {
    expect(formatCursor('', 0, { rev: 0, table: null, id: null })).toBe('0');
    expect(() => formatCursor('', 0, { rev: 3, table: 'users', id: 'a' })).toThrow();
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

  it('orders ids by code point, as UTF-8 bytes and PostgreSQL’s "C" collation do', () => {
    const ids = ['😀', '\uFFFD', 'a', '\uE000', 'ab', '', 'é', '𝟘'];
    const byBytes = [...ids].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
    expect([...ids].sort(compareCodePoints)).toEqual(byBytes);
    expect(compareCodePoints('\uFFFD', '😀')).toBeLessThan(0);
  });
});
