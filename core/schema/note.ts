import { z } from 'zod';
import { apiPath } from './api-path.ts';
import { entityId, isoDateTime } from './common.ts';
import { defineResource } from './resource.ts';

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

/** Notes of a vehicle (part 1 §7 "Notes"): a note is never edited, an update adds one. */
export const noteResource = defineResource({
  feed: 'notes',
  key: 'noteId',
  parentKey: 'vehicleId',
  row: noteSchema,
  serverFields: ['creationDate', 'lastModificationDate'],
  indexes: ['creationDate'],
  createBody: createNoteBodySchema,
  updateBody: undefined,
  paths: {
    list: apiPath('/data/v1/vehicles/:vehicleId/notes'),
  },
});

/** GET .../notes/recent: the vehicle's latest note. */
export const recentNotePath = apiPath('/data/v1/vehicles/:vehicleId/notes/recent');
