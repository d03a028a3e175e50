import { entityId } from '../../../core/schema/common.ts';
import type { Role } from '../../../core/schema/roles.ts';
import { roleRequiresSection, SECTION_REQUIRED_MESSAGE, updateUserBodySchema, userNameFields } from '../../../core/schema/user.ts';
import { rowKey } from '../../db/row-key.ts';
import { parseArgs, type Mutator } from '../mutator.ts';

export interface UpdateUserArgs {
  userId: string;
  orgId: string;
  firstName: string;
  lastName: string;
  role: Role;
  sectionId: string | null;
  active: boolean;
  isAdmin: boolean;
}

// The route's own body schema (trims, length limits), every field the modify dialog edits required.
const argsSchema = updateUserBodySchema
  .pick({ firstName: true, lastName: true, role: true, sectionId: true, active: true, isAdmin: true })
  .required()
  .extend({ userId: entityId, orgId: entityId })
  .refine((a) => !(roleRequiresSection(a.role) && a.sectionId === null), { message: SECTION_REQUIRED_MESSAGE, path: ['sectionId'] });

/**
 * An administrator changes a user: PATCH /auth/users/{userId}. The body carries userId and orgId as
 * part 1 §7 lists them; the server refuses them unless they match the path and the caller's organization.
 */
export const updateUser: Mutator<UpdateUserArgs> = {
  name: 'updateUser',
  parse: (args) => parseArgs(argsSchema, args),
  request: ({ userId, orgId, firstName, lastName, role, sectionId, active, isAdmin }) => ({
    method: 'PATCH',
    path: `/auth/users/${encodeURIComponent(userId)}`,
    body: { userId, orgId, firstName, lastName, role, sectionId, active, isAdmin },
  }),
  touches: ({ userId }) => [rowKey('users', userId)],
  async apply(db, { userId, firstName, lastName, role, sectionId, active, isAdmin }) {
    await db.feed('users').update(userId, {
      ...userNameFields(firstName, lastName),
      role,
      sectionId,
      active,
      isAdmin,
    });
  },
};
