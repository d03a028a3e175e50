import { describe, expect, it } from 'vitest';
import { capitalised, waiverAfter } from './waiver.ts';

const now = new Date('2026-11-24T10:00:00.000Z');

describe('waiverAfter', () => {
  it('closes a waiver that leaves open, now', () => {
    expect(waiverAfter({ status: 'open', closingDate: null }, { status: 'fixed' }, now)).toEqual({ status: 'fixed', closingDate: now.toISOString() });
  });

  it('reopens without a closing date', () => {
    expect(waiverAfter({ status: 'closed', closingDate: '2026-11-01T00:00:00.000Z' }, { status: 'open' }, now)).toEqual({ status: 'open', closingDate: null });
  });

  it('keeps the first closing date between fixed and closed, and leaves it alone when the status does not change', () => {
    const closed = { status: 'fixed' as const, closingDate: '2026-11-01T00:00:00.000Z' };
    expect(waiverAfter(closed, { status: 'closed' }, now)).toEqual({ status: 'closed' });
    expect(waiverAfter(closed, { explanation: 'Bent mirror' }, now)).toEqual({ explanation: 'Bent mirror' });
  });

  it('capitalises a status for the grid', () => {
    expect(capitalised('fixed')).toBe('Fixed');
  });
});
