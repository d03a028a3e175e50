import { describe, expect, it } from 'vitest';
import { nestsDeeperThan } from './json-body.ts';

describe('nestsDeeperThan', () => {
  it('counts arrays and objects alike', () => {
    expect(nestsDeeperThan('[[{"a":[1]}]]', 4)).toBe(false);
    expect(nestsDeeperThan('[[{"a":[[1]]}]]', 4)).toBe(true);
    expect(nestsDeeperThan('"text"', 0)).toBe(false);
    expect(nestsDeeperThan('{}', 0)).toBe(true);
  });

  it('counts brackets only outside strings, escaped quotes included', () => {
    expect(nestsDeeperThan('{"a":"[[[[{{{{"}', 1)).toBe(false);
    expect(nestsDeeperThan('{"a":"\\"[[[[","b":"\\\\"}', 1)).toBe(false);
    expect(nestsDeeperThan('{"a\\"[[":[{"b":1}]}', 3)).toBe(false);
    expect(nestsDeeperThan('{"a\\\\":[[1]]}', 2)).toBe(true);
  });

  it('measures depth, not the number of containers', () => {
    expect(nestsDeeperThan(JSON.stringify(Array.from({ length: 10_000 }, () => ({ a: [1] }))), 3)).toBe(false);
  });

  it('scans a body nested a hundred thousand levels without trouble', () => {
    const text = '['.repeat(100_000) + ']'.repeat(100_000);
    expect(nestsDeeperThan(text, 64)).toBe(true);
    expect(nestsDeeperThan(text, 100_000)).toBe(false);
  });
});
