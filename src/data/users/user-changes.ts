import { z } from 'zod';
import { updateUserBodySchema, userNameFields } from '../../../core/schema/user.ts';
import type { MirrorDb } from '../../db/mirror.ts';

/** The fields of a user an update may change: only the ones the person changed are sent. */
export const userChangesSchema = updateUserBodySchema
  .pick({ firstName: true, lastName: true, role: true, sectionId: true, active: true, isAdmin: true })
  .refine((changes) => Object.keys(changes).length > 0, { message: 'Change at least one field' });
export type UserChanges = z.output<typeof userChangesSchema>;

/** The optimistic change of a users row: the changed fields, and the names derived from them. */
export async function applyUserChanges(db: MirrorDb, userId: string, changes: UserChanges): Promise<void> {
  const row = await db.feed('users').get(userId);
  if (!row) return; // not in the mirror (yet): the server decides
  const { firstName, lastName, ...rest } = changes;
  const names = firstName !== undefined || lastName !== undefined ? userNameFields(firstName ?? row.firstName, lastName ?? row.lastName) : {};
  await db.feed('users').update(userId, { ...rest, ...names });
}
