import type { InferSelectModel } from 'drizzle-orm';
import type { Note } from '../../../core/schema/note.ts';
import type { notes } from '../../db/schema/index.ts';

/** A note in its REST and feed shape. */
export const noteToApi = (row: InferSelectModel<typeof notes>): Note => ({
  noteId: row.id,
  vehicleId: row.vehicleId,
  regNumber: row.regNumber,
  note: row.note,
  userId: row.userId,
  userName: row.userName,
  creationDate: row.createdAt.toISOString(),
  lastModificationDate: row.updatedAt.toISOString(),
});
