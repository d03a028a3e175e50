import { entityId } from '../../../core/schema/common.ts';
import { updateUserBodySchema, userNameFields } from '../../../core/schema/user.ts';
import { rowKey } from '../../db/row-key.ts';
import { parseArgs, type Mutator } from '../mutator.ts';

export interface UpdateProfileArgs {
  userId: string;
  firstName: string;
  lastName: string;
}

// The route's own body schema (trims, length limits), with both names required for a profile edit.
const argsSchema = updateUserBodySchema.pick({ firstName: true, lastName: true }).required().extend({ userId: entityId });

/** Edits a user's names: PATCH /auth/users/{userId}. */
export const updateProfile: Mutator<UpdateProfileArgs> = {
  name: 'updateProfile',
  parse: (args) => parseArgs(argsSchema, args),
  request: ({ userId, firstName, lastName }) => ({
    method: 'PATCH',
    path: `/auth/users/${encodeURIComponent(userId)}`,
    body: { firstName, lastName },
  }),
  touches: ({ userId }) => [rowKey('users', userId)],
  async apply(db, { userId, firstName, lastName }) {
    await db.feed('users').update(userId, {
      ...userNameFields(firstName, lastName),
    });
  },
};
