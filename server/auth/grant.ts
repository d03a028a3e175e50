import { and, eq, gt, isNull, or } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { oidcPayloads } from '../db/schema/index.ts';

/**
 * The claim by which an access token of the embedded provider names its grant. A JWT access token
 * cannot be revoked, but its grant can: signing out at the provider (the app's Log Out, another tab,
 * the provider's own end-session page) destroys the grants of that sign-in, and the API checks the
 * grant on every call, so the token stops working at once instead of when it expires.
 */
export const GRANT_CLAIM = 'gid';

export const SESSION_ENDED = 'Your session has ended; sign in again';

/** Whether the provider still holds the grant (oidc-provider's `Grant` model in oidc_payloads). */
export async function grantIsLive(db: Db, grantId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: oidcPayloads.id })
    .from(oidcPayloads)
    .where(and(eq(oidcPayloads.model, 'Grant'), eq(oidcPayloads.id, grantId), or(isNull(oidcPayloads.expiresAt), gt(oidcPayloads.expiresAt, new Date()))))
    .limit(1);
  return row !== undefined;
}
