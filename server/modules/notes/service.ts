import { and, desc, eq, isNull } from 'drizzle-orm';
import { nanoid } from 'nanoid';
import { actorName } from '../../../core/rules/actor-name.ts';
import type { CreateNoteBody, Note } from '../../../core/schema/note.ts';
import type { Principal } from '../../auth/principal.ts';
import type { Queryable } from '../../db/client.ts';
import { notes } from '../../db/schema/index.ts';
import type { RouteWrite } from '../../http/route.ts';
import { vehicleEvent } from '../../stream/live-events.ts';
import { conflict } from '../../http/errors.ts';
import { findVehicle } from '../vehicles/find-vehicle.ts';
import { noteToApi } from './presenter.ts';

/** Notes of a vehicle, newest first: the first is the vehicle's note, the rest its history. */
export async function listNotes(q: Queryable, orgId: string, vehicleId: string, limit?: number): Promise<Note[]> {
  await findVehicle(q, orgId, vehicleId);
  const query = q
    .select()
    .from(notes)
    .where(and(eq(notes.orgId, orgId), eq(notes.vehicleId, vehicleId), isNull(notes.deletedAt)))
    .orderBy(desc(notes.createdAt), desc(notes.id));
  const rows = limit ? await query.limit(limit) : await query;
  return rows.map(noteToApi);
}

/** Adds a note (an update of the vehicle's note is a new one) and announces it in Fleet Updates. */
export async function addNote(write: RouteWrite, p: Principal, vehicleId: string, body: CreateNoteBody): Promise<Note> {
  return write(async ({ tx, rev, now, publish }) => {
    const vehicle = await findVehicle(tx, p.orgId, vehicleId);
    const id = body.noteId ?? nanoid();
    const userName = actorName({ firstName: p.givenName, lastName: p.familyName, email: p.email });
    const [row] = await tx
      .insert(notes)
      .values({
        id,
        orgId: p.orgId,
        rev,
        vehicleId: vehicle.id,
        regNumber: vehicle.regNumber,
        note: body.note,
        userId: p.userId,
        userName,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) throw conflict('A note with this id exists already');
    publish(vehicleEvent(vehicle, p.userId, { eventType: 'note', note: body.note }));
    return noteToApi(row);
  });
}
