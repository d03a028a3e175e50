import { nanoid } from 'nanoid';
import type { Tx } from '../db/client.ts';
import { liveEvents } from '../db/schema/index.ts';
import type { LiveEvent } from '../../core/schema/live-event.ts';

export type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** A live event as a mutation publishes it; the id and time are given when it is stored. */
export type LiveEventInput = DistributiveOmit<LiveEvent, 'eventId' | 'eventTime'> & { eventId?: string; eventTime?: string };

/** What an event says of its own kind: the vehicle and the user are added by vehicleEvent. */
export type LiveEventPayload = DistributiveOmit<LiveEventInput, 'regNumber' | 'vehicleType' | 'vehicleId' | 'userId'>;

/** An event about a vehicle, made by a user (part 1 §3: every event names the vehicle, its type and the user). */
export function vehicleEvent(vehicle: { id: string; regNumber: string; vehicleType: string }, userId: string, payload: LiveEventPayload): LiveEventInput {
  return { ...payload, regNumber: vehicle.regNumber, vehicleType: vehicle.vehicleType, vehicleId: vehicle.id, userId } as LiveEventInput;
}

interface Stamped {
  input: LiveEventInput;
  event: LiveEvent;
}

const stamped = new WeakMap<LiveEventInput, LiveEvent>();

/** Stores the events of a write in its transaction, each with its id and time. */
export async function storeLiveEvents(tx: Tx, orgId: string, rev: number, events: LiveEventInput[]): Promise<void> {
  if (events.length === 0) return;
  const rows: Stamped[] = events.map((input) => {
    const event = { ...input, eventId: input.eventId ?? nanoid(), eventTime: input.eventTime ?? new Date().toISOString() } as LiveEvent;
    stamped.set(input, event);
    return { input, event };
  });
  await tx.insert(liveEvents).values(
    rows.map(({ event }) => {
      const { eventId, eventTime, eventType, regNumber, vehicleType, userId, vehicleId, ...payload } = event;
      return {
        id: eventId,
        orgId,
        rev,
        eventType,
        eventTime: new Date(eventTime),
        regNumber,
        vehicleType,
        userId,
        vehicleId: vehicleId ?? null,
        payload,
      };
    }),
  );
}

/** The stored form of each published event, for the stream. */
export function toStreamEvents(events: LiveEventInput[]): LiveEvent[] {
  return events.map((input) => stamped.get(input)).filter((e): e is LiveEvent => e !== undefined);
}
