import { describe, expect, it } from 'vitest';
import { detailsOfBody, messageOfBody } from './errors.ts';

describe('error bodies (part 1 §8)', () => {
  it('shows errorMessage, else the first entry of errors, and nothing without a body', () => {
    expect(messageOfBody({ errorMessage: 'Nope', errors: [{ message: 'first' }] })).toBe('Nope');
    expect(messageOfBody({ errors: [{ message: 'first' }, { message: 'second' }] })).toBe('first');
    expect(messageOfBody(undefined)).toBeUndefined();
    expect(messageOfBody('')).toBeUndefined();
  });

  it('gives a weak password’s suggestions after its warning', () => {
    const weak = {
      errorMessage: 'This is a very common password.',
      errors: [{ message: 'This is a very common password.' }, { message: 'Add more words.' }, { message: 'Avoid common phrases.' }],
    };
    expect(messageOfBody(weak)).toBe('This is a very common password.');
    expect(detailsOfBody(weak)).toEqual(['Add more words.', 'Avoid common phrases.']);
    expect(detailsOfBody({ errorMessage: 'Only one' })).toEqual([]);
    expect(detailsOfBody(null)).toEqual([]);
  });
});
