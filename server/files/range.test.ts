import { describe, expect, it } from 'vitest';
import { rangeOf } from './range.ts';

describe('rangeOf', () => {
  it('reads a first-last, an open-ended and a suffix range, clipped to the content', () => {
    expect(rangeOf('bytes=0-9', 100)).toEqual({ start: 0, end: 9 });
    expect(rangeOf('bytes=90-', 100)).toEqual({ start: 90, end: 99 });
    expect(rangeOf('bytes=90-500', 100)).toEqual({ start: 90, end: 99 });
    expect(rangeOf('bytes=-10', 100)).toEqual({ start: 90, end: 99 });
    expect(rangeOf('bytes=-500', 100)).toEqual({ start: 0, end: 99 });
  });

  it('sends the whole content for no header, another unit, several ranges or nonsense', () => {
    for (const header of [undefined, '', 'items=0-1', 'bytes=0-1,5-6', 'bytes=-', 'bytes=a-b']) expect(rangeOf(header, 100)).toBe('none');
  });

  it('answers unsatisfiable when no byte of the range exists', () => {
    expect(rangeOf('bytes=100-', 100)).toBe('unsatisfiable');
    expect(rangeOf('bytes=5-4', 100)).toBe('unsatisfiable');
    expect(rangeOf('bytes=-0', 100)).toBe('unsatisfiable');
    expect(rangeOf('bytes=0-', 0)).toBe('unsatisfiable');
  });
});
