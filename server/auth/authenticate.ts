import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema/index.ts';
import { HttpError } from '../http/errors.ts';
import type { Principal } from './principal.ts';
import { parseRole } from '../../core/schema/roles.ts';

/**
 * The caller of a request, from the identity its token proved (server/auth/identity.ts). The users
 * table, when it knows the user, is the authority on organization, role, admin flag and whether the
 * account is active, so a change by an administrator takes effect at once rather than when the
 * access token expires — also between two mutations of one push.
 */
export async function authenticate(db: Db, claims: Principal, embeddedIssuer: boolean): Promise<Principal> {
  const [row] = await db.select().from(users).where(eq(users.id, claims.userId)).limit(1);
  if (!row) {
    if (embeddedIssuer) throw new HttpError(401, 'This account no longer exists; sign in again');
    return claims;
  }
  if (!row.active || row.deletedAt) {
    throw new HttpError(403, 'Your account is inactive. Ask an administrator to reactivate it.');
  }
  return {
    userId: row.id,
    orgId: row.orgId,
    email: row.email,
    givenName: row.firstName,
    familyName: row.lastName,
    role: parseRole(row.role),
    isAdmin: row.isAdmin,
  };
}
