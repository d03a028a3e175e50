import { describe, expect, it } from 'vitest';
import { findTextFault, MAX_DEPTH, textFaultMessage } from './text-check.ts';

function nested(levels: number, leaf: unknown = 'x'): unknown {
  let value = leaf;
  for (let i = 0; i < levels; i++) value = i % 2 ? [value] : { a: value };
  return value;
}

describe('findTextFault', () => {
  it('passes ordinary values, well-formed surrogate pairs included', () => {
    expect(findTextFault({ name: 'Zoë 😀', list: [1, null, true, { deep: 'ok' }], empty: {} })).toBeNull();
    expect(findTextFault('plain')).toBeNull();
    expect(findTextFault(null)).toBeNull();
  });

  it('finds a NUL character in a value or in a key, with the path to it', () => {
    expect(findTextFault({ a: [{ b: 'x\u0000' }] })).toEqual({ problem: 'nul', path: ['a', '0', 'b'] });
    // A faulty key is shown escaped: the message must itself be storable text.
    expect(findTextFault({ a: { 'k\u0000': 1 } })).toEqual({ problem: 'nul', path: ['a', 'k\\u0000'] });
  });

  it('finds a lone high or low surrogate, not a pair', () => {
    expect(findTextFault({ a: 'x\uD800' })).toEqual({ problem: 'surrogate', path: ['a'] });
    expect(findTextFault({ a: '\uDC00y' })).toEqual({ problem: 'surrogate', path: ['a'] });
    expect(findTextFault({ a: '\uDBFF\uDFFF' })).toBeNull();
    expect(findTextFault(['ok', { ['\uD83D']: 1 }])).toEqual({ problem: 'surrogate', path: ['1', '\\ud83d'] });
    expect(findTextFault({ ['x\uD83D\uDE00\uDC00']: 1 })?.path).toEqual(['x\uD83D\uDE00\\udc00']);
  });

  it('reports the first fault in reading order', () => {
    expect(findTextFault({ first: '\u0000', second: '\uD800' })?.path).toEqual(['first']);
  });

  it('allows 64 levels of containers and refuses the 65th', () => {
    expect(findTextFault(nested(MAX_DEPTH))).toBeNull();
    expect(findTextFault(nested(MAX_DEPTH + 1))).toMatchObject({ problem: 'depth' });
    expect(findTextFault(nested(MAX_DEPTH + 1))!.path).toHaveLength(MAX_DEPTH);
  });

  it('walks a value nested far past the call stack’s reach without overflowing', () => {
    expect(findTextFault(nested(200_000), Number.MAX_SAFE_INTEGER)).toBeNull();
    expect(findTextFault(nested(200_000, 'x\u0000'), Number.MAX_SAFE_INTEGER)).toMatchObject({ problem: 'nul' });
    expect(findTextFault(nested(200_000))).toMatchObject({ problem: 'depth' });
  });
});

describe('textFaultMessage', () => {
  it('names the field, or the depth limit', () => {
    expect(textFaultMessage({ problem: 'nul', path: ['a', 'b'] }, '')).toBe('a.b: Remove the NUL character from the text');
    expect(textFaultMessage({ problem: 'surrogate', path: ['q'] }, 'Query ')).toBe(
      'Query q: The text holds an invalid character (a lone UTF-16 surrogate); remove it',
    );
    expect(textFaultMessage({ problem: 'nul', path: [] }, '')).toBe('Remove the NUL character from the text');
    expect(textFaultMessage({ problem: 'depth', path: ['a'] }, '')).toBe('The request body is nested too deeply (at most 64 levels)');
  });
});
