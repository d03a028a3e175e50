import { describe, expect, it } from 'vitest';
import { ApiError, detailsOfBody, messageOfBody, parseRetryAfter, retryDelay, RETRY_AFTER_MAX_MS } from './errors.ts';

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

describe('Retry-After', () => {
  const now = Date.parse('2026-03-01T12:00:00Z');

  it('reads delta-seconds, and nothing without the header', () => {
    expect(parseRetryAfter('120', now)).toBe(120_000);
    expect(parseRetryAfter(' 0 ', now)).toBe(0);
    expect(parseRetryAfter(null, now)).toBeUndefined();
    expect(parseRetryAfter(undefined, now)).toBeUndefined();
    expect(parseRetryAfter('', now)).toBeUndefined();
  });

  it('reads an HTTP date (IMF-fixdate, and the obsolete RFC 850 and asctime forms); a past date is now', () => {
    expect(parseRetryAfter('Sun, 01 Mar 2026 12:01:30 GMT', now)).toBe(90_000);
    expect(parseRetryAfter('Sunday, 01-Mar-26 12:01:30 GMT', now)).toBe(90_000);
    expect(parseRetryAfter('Sun Mar  1 12:01:30 2026', now)).toBe(90_000);
    expect(parseRetryAfter('Sun, 01 Mar 2026 11:00:00 GMT', now)).toBe(0);
  });

  it('waits at most RETRY_AFTER_MAX_MS, however long the server asks', () => {
    expect(parseRetryAfter('86400', now)).toBe(RETRY_AFTER_MAX_MS);
    expect(parseRetryAfter('Mon, 02 Mar 2026 12:00:00 GMT', now)).toBe(RETRY_AFTER_MAX_MS);
    expect(parseRetryAfter('99999999999999999999999', now)).toBe(RETRY_AFTER_MAX_MS);
  });

  it('ignores what is neither', () => {
    for (const garbage of ['-5', '1.5', '30s', 'soon 2', 'tomorrow', 'Sun, 01 Mar 2026', 'Sun, 99 Mar 2026 12:00:00 GMT']) {
      expect(parseRetryAfter(garbage, now), garbage).toBeUndefined();
    }
  });

  it('is kept on the ApiError, undefined when absent', () => {
    expect(new ApiError(429, { errorMessage: 'Busy' }, undefined, 5_000)).toMatchObject({ message: 'Busy', retryAfterMs: 5_000 });
    expect(new ApiError(429, undefined).retryAfterMs).toBeUndefined();
  });
});

describe('the wait before trying again', () => {
  it('is the backoff’s, or the longer wait a busy server asked for', () => {
    expect(retryDelay(1_000, new ApiError(503, { errorMessage: 'busy' }, undefined, 2_000))).toBe(2_000);
    expect(retryDelay(8_000, new ApiError(503, { errorMessage: 'busy' }, undefined, 2_000))).toBe(8_000);
    expect(retryDelay(1_000, new ApiError(500, {}))).toBe(1_000);
    expect(retryDelay(1_000, new Error('offline'))).toBe(1_000);
  });
});
