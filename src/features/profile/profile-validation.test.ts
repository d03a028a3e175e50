import { describe, expect, it } from 'vitest';
import { canSubmitProfile, profileNameError } from './profile-validation.ts';

const saved = { firstName: 'Ada', lastName: 'Lovelace' };

describe('profileNameError', () => {
  it('accepts a name of exactly 50 characters', () => {
    expect(profileNameError('Given name', 'a'.repeat(50))).toBeNull();
  });

  it('refuses 51 characters with a readable message', () => {
    expect(profileNameError('Given name', 'a'.repeat(51))).toBe('Given name must be 50 characters or fewer');
  });

  it('refuses an empty or blank name', () => {
    expect(profileNameError('Family name', '   ')).toBe('Family name is required');
  });

  it('measures the trimmed name', () => {
    expect(profileNameError('Given name', ` ${'a'.repeat(50)} `)).toBeNull();
  });
});

describe('canSubmitProfile', () => {
  it('is false while nothing changed', () => {
    expect(canSubmitProfile(saved, { ...saved })).toBe(false);
    expect(canSubmitProfile(saved, { firstName: ' Ada ', lastName: 'Lovelace' })).toBe(false);
  });

  it('is true for a valid change', () => {
    expect(canSubmitProfile(saved, { firstName: 'Augusta', lastName: 'Lovelace' })).toBe(true);
  });

  it('is false when a changed name is invalid', () => {
    expect(canSubmitProfile(saved, { firstName: 'a'.repeat(51), lastName: 'Lovelace' })).toBe(false);
    expect(canSubmitProfile(saved, { firstName: 'Augusta', lastName: '' })).toBe(false);
  });
});
