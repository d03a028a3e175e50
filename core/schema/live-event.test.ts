import { describe, expect, it } from 'vitest';
import { LIVE_EVENT_TYPES, liveEventSchema } from './live-event.ts';
import { streamMessageSchema } from './stream.ts';

const base = {
  eventId: 'V1StGXR8_Z5jdHi6B-myT',
  eventTime: '2025-03-04T05:06:07.000Z',
  regNumber: 'AB-1234',
  vehicleType: 'Truck',
  userId: 'user1',
};

const samples = {
  inspection: { discrepancies: 2 },
  discrepancy: { discrepancy: 'Cracked mirror', disregard: false, estCompletionDate: null },
  status: { status: 'inMx' },
  note: { note: 'Parked at hangar 3' },
  mx: { mxType: 'Oil change' },
  lti: { passed: true, notes: null },
  pmi: { passed: null, notes: 'Scheduled' },
} as const;

describe('liveEventSchema', () => {
  it.each(LIVE_EVENT_TYPES)('parses a %s event with its own fields', (eventType) => {
    const event = { ...base, eventType, ...samples[eventType] };
    const parsed = liveEventSchema.parse(event);
    expect(parsed).toEqual(event);
  });

  it('covers exactly the event types of part 1 §3', () => {
    expect([...LIVE_EVENT_TYPES].sort()).toEqual(['discrepancy', 'inspection', 'lti', 'mx', 'note', 'pmi', 'status']);
  });

  it('refuses an unknown event type', () => {
    expect(liveEventSchema.safeParse({ ...base, eventType: 'wash' }).success).toBe(false);
  });

  it("refuses an event missing its type's fields", () => {
    expect(liveEventSchema.safeParse({ ...base, eventType: 'status' }).success).toBe(false);
    expect(liveEventSchema.safeParse({ ...base, eventType: 'status', status: 'broken' }).success).toBe(false);
    expect(liveEventSchema.safeParse({ ...base, eventType: 'discrepancy', discrepancy: 'x' }).success).toBe(false);
  });

  it('keeps only the fields of the matching type', () => {
    const parsed = liveEventSchema.parse({ ...base, eventType: 'note', note: 'hello', mxType: 'stray' });
    expect(parsed).not.toHaveProperty('mxType');
  });

  it('travels inside a stream message', () => {
    const message = { type: 'event', event: { ...base, eventType: 'mx', mxType: 'Tires' } };
    expect(streamMessageSchema.parse(message)).toEqual(message);
  });
});
