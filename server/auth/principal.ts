import type { Role } from '../../core/schema/roles.ts';

/** The caller of a product route, from a verified access token. */
export interface Principal {
  userId: string;
  orgId: string;
  email: string;
  givenName: string;
  familyName: string;
  role: Role | null;
  isAdmin: boolean;
  /** From the users table; undefined for a user it does not know (taken from an external issuer's claims). */
  sectionId?: string | null;
  /** The embedded provider's grant the access token was issued under (its `gid` claim). */
  grantId?: string;
}
