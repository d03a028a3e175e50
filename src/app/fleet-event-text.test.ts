import { describe, expect, it } from 'vitest';
import type { LiveEvent } from '../../core/schema/live-event.ts';
import { fleetEventLines, formatEventTime } from './fleet-event-text.ts';

const base = { eventId: 'e1', eventTime: '2024-03-05T14:07:00Z', regNumber: 'AB-1234', vehicleType: 'Truck', userId: 'u1' };

describe('fleetEventLines', () => {
  it('counts the discrepancies of an inspection', () => {
    expect(fleetEventLines({ ...base, eventType: 'inspection', discrepancies: 3 })).toEqual(['Discrepancies found: 3']);
  });

  it('shows text, disregard and estimated completion of a discrepancy', () => {
    const event: LiveEvent = { ...base, eventType: 'discrepancy', discrepancy: 'Cracked mirror', disregard: true, estCompletionDate: null };
    expect(fleetEventLines(event)).toEqual(['Cracked mirror', 'Disregarded: Yes', 'Est. completion: not set']);
  });

  it('labels a status with the product status label', () => {
    expect(fleetEventLines({ ...base, eventType: 'status', status: 'invalid' })).toEqual(['Status: Inoperable']);
    expect(fleetEventLines({ ...base, eventType: 'status', status: 'valid' })).toEqual(['Status: FMC']);
  });

  it('shows note and mx type', () => {
    expect(fleetEventLines({ ...base, eventType: 'note', note: 'Keys at desk' })).toEqual(['Keys at desk']);
    expect(fleetEventLines({ ...base, eventType: 'mx', mxType: 'Oil change' })).toEqual(['Mx type: Oil change']);
  });

  it('shows passed or failed with notes for LTI and PMI', () => {
    expect(fleetEventLines({ ...base, eventType: 'lti', passed: false, notes: 'Brakes' })).toEqual(['Failed', 'Notes: Brakes']);
    expect(fleetEventLines({ ...base, eventType: 'pmi', passed: true, notes: null })).toEqual(['Passed']);
    expect(fleetEventLines({ ...base, eventType: 'pmi', passed: null, notes: null })).toEqual(['Result not recorded']);
  });
});

describe('formatEventTime', () => {
  it('formats as MM/DD/YYYY with a 24-hour clock', () => {
    expect(formatEventTime('2024-03-05T23:07:00')).toBe('03/05/2024 23:07');
  });
});
