import { describe, expect, it } from 'vitest';
import { isPhoneNumber, phoneInvalidMessage } from './phone.ts';

describe('phone numbers (part 2 §5)', () => {
  it('accepts US numbers with an optional country code', () => {
    for (const ok of [
      '5551234567',
      '555-123-4567',
      '555.123.4567',
      '555 123 4567',
      '(555) 123-4567',
      '(555)123-4567',
      '+1 (555) 123-4567',
      '1-555-123-4567',
      '+15551234567',
      '+44 555 123 4567',
      ' 555-123-4567 ',
    ])
      expect(isPhoneNumber(ok), ok).toBe(true);
  });

  it('refuses anything else', () => {
    for (const bad of [
      '',
      '555-1234',
      '555-123-456',
      '555-123-45678',
      'abc-def-ghij',
      '555--123-4567',
      '+1234 555 123 4567',
      '555-123-4567 x12',
      '(555 123-4567',
      '1'.repeat(30),
    ])
      expect(isPhoneNumber(bad), bad).toBe(false);
  });

  it('words the messages as the spec does', () => {
    expect(phoneInvalidMessage('primaryContactPhoneNumber', '123')).toBe('Primary Contact Phone Number 123 invalid.');
    expect(phoneInvalidMessage('basePhoneNumber', 'abc')).toBe('Base Phone Number abc invalid.');
  });
});
