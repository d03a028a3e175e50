import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema/index.ts';
import { HttpError } from '../http/errors.ts';
import { grantIsLive, SESSION_ENDED } from './grant.ts';
import type { Principal } from './principal.ts';
import { parseRole } from '../../core/schema/roles.ts';

/**
 * The caller of a request, from the identity its token proved (server/auth/identity.ts). The users
 * table, when it knows the user, is the authority on organization, role, admin flag and whether the
 * account is active, so a change by an administrator takes effect at once rather than when the
 * access token expires — also between two mutations of one push. A token of the embedded provider
 * works only while the sign-in it was issued under lasts: signing out (here or in another tab)
 * revokes its grant, and the token is refused from the next call on.
 */
export async function authenticate(db: Db, claims: Principal, embeddedIssuer: boolean): Promise<Principal> {
  const [[row], live] = await Promise.all([
    db.select().from(users).where(eq(users.id, claims.userId)).limit(1),
    embeddedIssuer && claims.grantId ? grantIsLive(db, claims.grantId) : true,
  ]);
  if (!live) throw new HttpError(401, SESSION_ENDED);
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
    sectionId: row.sectionId,
    ...(claims.grantId ? { grantId: claims.grantId } : {}),
  };
}
