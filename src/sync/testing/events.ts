import type { LiveEvent } from '../../../core/schema/live-event.ts';

export function noteEvent(eventId: string, eventTime: string, note = 'Checked tyres'): LiveEvent {
  return { eventId, eventTime, eventType: 'note', note, regNumber: 'AB123', vehicleType: 'Truck', userId: 'u2', vehicleId: 'v1' } as LiveEvent;
}
