import { describe, expect, it } from 'vitest';
import { storable } from './push.ts';

describe('storable', () => {
  it('writes a NUL or lone surrogate, in a value or a key, as the text of its escape; leaves the rest as it is', () => {
    expect(storable({ errorMessage: '\uD800: bad', errors: [{ path: ['a\u0000'] }] })).toEqual({ errorMessage: '\\ud800: bad', errors: [{ path: ['a\\u0000'] }] });
    expect(storable({ ['k\uDC00']: 'x\\\u0000' })).toEqual({ ['k\\udc00']: 'x\\\\u0000' });
    const plain = { note: 'Zoë 😀 \\u0000 as text', n: 1, list: [null, true] };
    expect(storable(plain)).toBe(plain);
    expect(storable(undefined)).toBeNull();
  });
});
