import { z } from 'zod';
import { entityId, isoDateTime } from './common.ts';

export const NOTE_LIMIT = 256;
export const NOTE_TOO_LONG_MESSAGE = 'Notes must contain fewer than 256 characters.';

/** A note on a vehicle (feed `notes`); an update adds a note, the older ones are its history. */
export const noteSchema = z.object({
  noteId: entityId,
  vehicleId: entityId,
  regNumber: z.string(),
  note: z.string(),
  userId: z.string().nullable(),
  userName: z.string().nullable(),
  creationDate: isoDateTime,
  lastModificationDate: isoDateTime,
});
export type Note = z.infer<typeof noteSchema>;

/** POST .../notes */
export const createNoteBodySchema = z.object({
  noteId: entityId.optional(),
  note: z
    .string({ error: 'Note is required' })
    .trim()
    .min(1, 'Note is required')
    .max(NOTE_LIMIT - 1, NOTE_TOO_LONG_MESSAGE),
});
export type CreateNoteBody = z.infer<typeof createNoteBodySchema>;
