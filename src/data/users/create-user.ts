import { z } from 'zod';
import { entityId } from '../../../core/schema/common.ts';
import { createUserBodySchema, roleRequiresSection, SECTION_REQUIRED_MESSAGE, userNameFields } from '../../../core/schema/user.ts';
import type { Role } from '../../../core/schema/roles.ts';
import { rowKey } from '../../db/row-key.ts';
import { parseArgs, type Mutator } from '../../sync/mutator.ts';

export interface CreateUserArgs {
  /** A new nanoid made on the device: the server keeps it, so the mirror row is already the right one. */
  userId: string;
  /** The organization the mirror row belongs to (the server always uses the caller's own). */
  orgId: string;
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  role: Role;
  isAdmin: boolean;
  sectionId: string | null;
}

// The route's body schema (trims names, trims and lower-cases the email), with the ids the device supplies.
const argsSchema = createUserBodySchema
  .omit({ orgId: true })
  .extend({ userId: entityId, orgId: entityId, isAdmin: z.boolean(), sectionId: entityId.nullable() })
  .refine((a) => !(roleRequiresSection(a.role) && a.sectionId === null), { message: SECTION_REQUIRED_MESSAGE, path: ['sectionId'] });

/**
 * An administrator adds a user: POST /auth/users. The password is a secret: it is never stored on
 * the device (src/sync/secrets.ts), and the mirror row (the feed's user shape) has no place for it.
 */
export const createUser: Mutator<CreateUserArgs> = {
  name: 'createUser',
  secrets: ['password'],
  creates: ({ userId }) => [rowKey('users', userId)],
  parse: (args) => parseArgs(argsSchema, args),
  request: ({ userId, firstName, lastName, email, password, role, isAdmin, sectionId }) => ({
    method: 'POST',
    path: '/auth/users',
    body: { userId, firstName, lastName, email, password, role, isAdmin, sectionId },
  }),
  touches: ({ userId }) => [rowKey('users', userId)],
  async apply(db, { userId, orgId, firstName, lastName, email, role, isAdmin, sectionId }) {
    // The shape follows the server's user row (server/sync/presenters/organization-presenters.ts userToRow).
    await db.feed('users').put({
      id: userId,
      userId,
      ...userNameFields(firstName, lastName),
      email,
      role,
      orgId,
      active: true,
      isAdmin,
      sectionId,
    });
  },
};
