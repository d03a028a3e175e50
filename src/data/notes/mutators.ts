import { noteResource } from '../../../core/schema/note.ts';
import { createRecordMutator } from '../../sync/record-mutators.ts';
import { actorOf, regNumberOf } from '../actor.ts';

/** Adds a vehicle's note (an update is a new note; the older ones are its history): POST .../notes. */
export const addNote = createRecordMutator(noteResource, {
  name: 'addNote',
  async row(db, { parentId, id, userId, fields }) {
    const [actor, regNumber] = await Promise.all([actorOf(db, userId), regNumberOf(db, parentId)]);
    const now = new Date().toISOString();
    return { noteId: id, vehicleId: parentId, regNumber, note: fields.note, userId, userName: actor.name, creationDate: now, lastModificationDate: now };
  },
});
