import { describe, expect, it } from 'vitest';
import { acceptedCoding } from './accepted-encoding.ts';

describe('acceptedCoding', () => {
  it('prefers brotli when a browser asks for it, as Chromium does', () => {
    expect(acceptedCoding('gzip, deflate, br, zstd')).toBe('br');
  });

  it('falls back to gzip for a client that does not accept brotli', () => {
    expect(acceptedCoding('gzip, deflate')).toBe('gzip');
    expect(acceptedCoding('gzip;q=0.5, br;q=0')).toBe('gzip');
  });

  it('sends plain to a client that accepts neither, or refuses both', () => {
    expect(acceptedCoding(undefined)).toBeNull();
    expect(acceptedCoding('')).toBeNull();
    expect(acceptedCoding('identity')).toBeNull();
    expect(acceptedCoding('deflate')).toBeNull();
    expect(acceptedCoding('br;q=0, gzip;q=0.000')).toBeNull();
  });

  it('reads a wildcard as any coding the client did not name', () => {
    expect(acceptedCoding('*')).toBe('br');
    expect(acceptedCoding('br;q=0, *')).toBe('gzip');
    expect(acceptedCoding('*;q=0')).toBeNull();
  });

  it('reads names and weights regardless of case and spacing, and headers sent more than once', () => {
    expect(acceptedCoding('GZIP ; Q=1')).toBe('gzip');
    expect(acceptedCoding(['deflate', 'br'])).toBe('br');
  });
});
