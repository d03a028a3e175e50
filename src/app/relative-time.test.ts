import { describe, expect, it } from 'vitest';
import { timeAgo } from './relative-time.ts';

describe('timeAgo', () => {
  const now = Date.parse('2026-11-23T12:00:00Z');
  it('reads the past as past', () => {
    expect(timeAgo('2026-11-23T11:57:00Z', now)).toBe('3 minutes ago');
  });
  it('reads a moment just after a stale clock as just past, never in the future', () => {
    expect(timeAgo('2026-11-23T12:00:20Z', now)).toBe('a few seconds ago');
  });
});
