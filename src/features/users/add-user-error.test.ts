import { describe, expect, it } from 'vitest';
import { addUserFailure } from './add-user-error.ts';

describe('addUserFailure (part 1 §8 "Add user fails")', () => {
  it('shows errorMessage', () => {
    expect(addUserFailure({ body: { errorMessage: 'A user with the email a@b.c already exists', errors: [{ message: 'other' }] } })).toEqual({
      message: 'A user with the email a@b.c already exists',
      suggestions: [],
    });
  });

  it('falls back to the first entry of errors', () => {
    expect(addUserFailure({ body: { errors: [{ message: 'first' }, { message: 'second' }] } })).toEqual({ message: 'first', suggestions: [] });
  });

  it('shows a weak password as its warning followed by the suggestions', () => {
    const body = {
      errorMessage: 'This is a very common password.',
      errors: [{ message: 'This is a very common password.' }, { message: 'Add more words.' }],
      warning: 'This is a very common password.',
      suggestions: ['Add more words.', 'Avoid common phrases.'],
      code: 'weak-password',
    };
    expect(addUserFailure({ body })).toEqual({ message: 'This is a very common password.', suggestions: ['Add more words.', 'Avoid common phrases.'] });
  });

  it("gives a weak password without a warning the default 'Weak Password'", () => {
    expect(addUserFailure({ body: { errorMessage: '', warning: '', suggestions: ['Add more words.'] } })).toEqual({
      message: 'Weak Password',
      suggestions: ['Add more words.'],
    });
    expect(addUserFailure({ body: { code: 'weak-password' } })).toEqual({ message: 'Weak Password', suggestions: [] });
  });

  it('shows nothing without a response body, or with a body that says nothing', () => {
    expect(addUserFailure({})).toBeNull();
    expect(addUserFailure({ body: null, message: 'Refused' })).toBeNull();
    expect(addUserFailure({ body: {} })).toBeNull();
    expect(addUserFailure({ body: { errors: [] } })).toBeNull();
  });

  it('reads a rejection from the outbox: the message, then the further messages', () => {
    expect(addUserFailure({ message: 'This is a very common password.', details: ['Add more words.'] })).toEqual({
      message: 'This is a very common password.',
      suggestions: ['Add more words.'],
    });
    expect(addUserFailure({ message: 'The selected role requires and organization', details: [] })).toEqual({
      message: 'The selected role requires and organization',
      suggestions: [],
    });
    expect(addUserFailure({ message: '', details: ['x'] })).toBeNull();
  });
});
