import { z } from 'zod';
import { entityId } from '../../../core/schema/common.ts';
import { updateUserBodySchema } from '../../../core/schema/user.ts';
import { rowKey } from '../../db/row-key.ts';
import { parseArgs, type Mutator } from '../../sync/mutator.ts';
import { applyUserChanges } from './user-changes.ts';

const namesSchema = updateUserBodySchema
  .pick({ firstName: true, lastName: true })
  .refine((names) => names.firstName !== undefined || names.lastName !== undefined, { message: 'Change the given or the family name' });

export interface UpdateProfileArgs {
  userId: string;
  /** The names the user changed (one or both). */
  changes: z.input<typeof namesSchema>;
}

const argsSchema = z.object({ userId: entityId, changes: namesSchema });

/** Edits a user's names: PATCH /auth/users/{userId} with the changed names. */
export const updateProfile: Mutator<UpdateProfileArgs> = {
  name: 'updateProfile',
  version: 2,
  upgrade(args, from, base) {
    if (from !== 1) throw new Error(`no upgrade from version ${from}`);
    // Version 1 sent both names: keep the ones that differ from the row it was made on.
    const { userId, firstName, lastName } = z.object({ userId: entityId, firstName: z.string(), lastName: z.string() }).parse(args);
    const lastChanged = !base || base.lastName !== lastName;
    const firstChanged = !base || base.firstName !== firstName || !lastChanged;
    return { userId, changes: { ...(firstChanged ? { firstName } : {}), ...(lastChanged ? { lastName } : {}) } };
  },
  parse: (args) => parseArgs(argsSchema, args),
  request: ({ userId, changes }) => ({
    method: 'PATCH',
    path: `/auth/users/${encodeURIComponent(userId)}`,
    body: changes,
  }),
  touches: ({ userId }) => [rowKey('users', userId)],
  apply: (db, { userId, changes }) => applyUserChanges(db, userId, changes),
};
