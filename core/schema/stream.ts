import { z } from 'zod';
import { liveEventSchema } from './live-event.ts';

/** Messages on the live stream (/stream/events). */
export const streamMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('event'), event: liveEventSchema }),
  /** The organization has a new revision: the leader tab pulls. */
  z.object({ type: z.literal('poke'), rev: z.number().int() }),
]);
export type StreamMessage = z.infer<typeof streamMessageSchema>;

export const streamTicketSchema = z.object({ ticket: z.string(), expiresIn: z.number() });
export const STREAM_TICKET_TTL_SECONDS = 30;
