import type { ByteRange } from './blobs.ts';

/**
 * The one byte range a Range header asks of a content of `size` bytes (RFC 9110 §14): a range, 'none'
 * when the whole content is to be sent (no header, another unit, several ranges: a server may ignore
 * those), or 'unsatisfiable' (416) when no byte of it exists.
 */
export function rangeOf(header: string | undefined, size: number): ByteRange | 'none' | 'unsatisfiable' {
  if (!header) return 'none';
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return 'none';
  const [, first, last] = match as unknown as [string, string, string];
  if (first === '' && last === '') return 'none';
  if (first === '') {
    // A suffix: the last N bytes.
    const n = Number(last);
    if (n === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - n), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}
