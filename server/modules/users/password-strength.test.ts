import { describe, expect, it } from 'vitest';
import { judgePassword } from './password-strength.ts';

describe('judgePassword', () => {
  it('refuses a common password with a warning and suggestions', () => {
    const v = judgePassword('password1', []);
    expect(v.strong).toBe(false);
    expect(v.warning.length).toBeGreaterThan(0);
    expect(v.suggestions.length).toBeGreaterThan(0);
  });

  it('counts the user’s own name as guessable', () => {
    expect(judgePassword('Johnson2024', ['johnson']).strong).toBe(false);
  });

  it('accepts a long passphrase', () => {
    expect(judgePassword('amber-quiet-falcon-tractor-71', []).strong).toBe(true);
  });
});
