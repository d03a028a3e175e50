import { z } from 'zod';
import { entityId } from '../../../core/schema/common.ts';
import { rowKey } from '../../db/row-key.ts';
import { parseArgs, type Mutator } from '../../sync/mutator.ts';
import { applyUserChanges, userChangesSchema, type UserChanges } from './user-changes.ts';

export interface UpdateUserArgs {
  userId: string;
  orgId: string;
  /** Only the fields the administrator changed (core/rules/changed-fields.ts). */
  changes: UserChanges;
}

const argsSchema = z.object({ userId: entityId, orgId: entityId, changes: userChangesSchema });

/** Version 1 sent every field of the dialog, so an offline rename could undo another administrator's deactivation. */
const v1Schema = z.object({ userId: entityId, orgId: entityId }).catchall(z.unknown());

/**
 * An administrator changes a user: PATCH /auth/users/{userId} with the changed fields. The body
 * carries userId and orgId as part 1 §7 lists them; the server refuses them unless they match the
 * path and the caller's organization. Whether a role needs a section is checked by the dialog on
 * the whole form and by the server on the stored row.
 */
export const updateUser: Mutator<UpdateUserArgs> = {
  name: 'updateUser',
  version: 2,
  upgrade(args, from, base) {
    if (from !== 1) throw new Error(`no upgrade from version ${from}`);
    const { userId, orgId, ...fields } = v1Schema.parse(args);
    // Only what differs from the row the dialog was opened on, as far as the device still knows it.
    const changed = Object.fromEntries(Object.entries(fields).filter(([key, value]) => !base || base[key] !== value));
    const changes = Object.keys(changed).length > 0 ? changed : { firstName: fields.firstName };
    return { userId, orgId, changes: userChangesSchema.parse(changes) };
  },
  parse: (args) => parseArgs(argsSchema, args),
  request: ({ userId, orgId, changes }) => ({
    method: 'PATCH',
    path: `/auth/users/${encodeURIComponent(userId)}`,
    body: { userId, orgId, ...changes },
  }),
  touches: ({ userId }) => [rowKey('users', userId)],
  apply: (db, { userId, changes }) => applyUserChanges(db, userId, changes),
};
