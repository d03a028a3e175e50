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
}
