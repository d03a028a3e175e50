import type { Note } from '../../../core/schema/note.ts';
import type { MirrorDb } from '../../db/mirror.ts';

/** A vehicle's notes, newest first: the first is its note, the rest its history (part 1 §2). */
export async function notesOfVehicle(db: MirrorDb, vehicleId: string): Promise<Note[]> {
  const rows = await db.feed('notes').where('vehicleId').equals(vehicleId).toArray();
  return rows.map(({ id: _id, ...note }) => note).sort((a, b) => b.creationDate.localeCompare(a.creationDate) || b.noteId.localeCompare(a.noteId));
}
