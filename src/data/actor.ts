import { actorName } from '../../core/rules/actor-name.ts';
import type { MirrorDb } from '../db/mirror.ts';

/** Who makes a change, as the server will name them in the record (core/rules/actor-name.ts). */
export async function actorOf(db: MirrorDb, userId: string): Promise<{ id: string; name: string | null }> {
  const user = await db.feed('users').get(userId);
  return { id: userId, name: user ? actorName(user) : null };
}

/** The registration of the vehicle a record belongs to; records copy it (server/db/schema/maintenance.ts). */
export async function regNumberOf(db: MirrorDb, vehicleId: string): Promise<string> {
  return (await db.feed('vehicles').get(vehicleId))?.regNumber ?? '';
}

type Actor = Awaited<ReturnType<typeof actorOf>>;

/** The audit fields of a record a device creates, as the server will fill them (its times replace these). */
export function createdBy(actor: Actor, now: Date) {
  return { creatorId: actor.id, creatorName: actor.name, creationDate: now.toISOString(), ...modifiedBy(actor, now) };
}

/** The audit fields a device's change sets. */
export function modifiedBy(actor: Actor, now: Date) {
  return { lastModifierId: actor.id, lastModifierName: actor.name, lastModificationDate: now.toISOString() };
}
