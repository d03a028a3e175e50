import type { InferSelectModel } from 'drizzle-orm';
import type { users } from '../../db/schema/index.ts';
import { parseRole } from '../../../core/schema/roles.ts';
import { userNameFields, type UserRow } from '../../../core/schema/user.ts';

/** A user as the sync feed carries it; REST answers add orgName and sectionName (server/modules/users/queries.ts). */
export function userToRow(row: InferSelectModel<typeof users>): UserRow {
  return {
    userId: row.id,
    ...userNameFields(row.firstName, row.lastName),
    email: row.email,
    role: parseRole(row.role),
    orgId: row.orgId,
    active: row.active,
    isAdmin: row.isAdmin,
    sectionId: row.sectionId,
  };
}
