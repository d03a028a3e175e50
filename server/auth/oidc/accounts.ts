import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Account } from 'oidc-provider';
import { groupsFor } from '../../../core/rules/identity.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';

export type UserRow = typeof users.$inferSelect;

/** The sign-in claims of part 1 §3; the API authorizes from these alone. */
export interface FleetClaims {
  sub: string;
  email: string;
  given_name: string;
  family_name: string;
  name: string;
  preferred_username: string;
  org_id: string;
  groups: string[];
}

/** Which scope releases which claim in ID tokens and userinfo (access tokens carry them all). */
export const SCOPE_CLAIMS = {
  openid: ['sub', 'org_id', 'groups'],
  email: ['email'],
  profile: ['name', 'given_name', 'family_name', 'preferred_username'],
} as const;

export function claimsFor(user: UserRow, roleGroupPrefix: string): FleetClaims {
  return {
    sub: user.id,
    email: user.email,
    given_name: user.firstName,
    family_name: user.lastName,
    name: `${user.firstName} ${user.lastName}`.trim(),
    preferred_username: user.email,
    org_id: user.orgId,
    groups: groupsFor(user, roleGroupPrefix),
  };
}

/** The claims a set of scopes releases, for userinfo. */
export function claimsForScopes(claims: FleetClaims, scopes: ReadonlySet<string>): Partial<FleetClaims> {
  const out: Record<string, unknown> = {};
  for (const [scope, names] of Object.entries(SCOPE_CLAIMS)) {
    if (!scopes.has(scope)) continue;
    for (const name of names) out[name] = claims[name];
  }
  return out as Partial<FleetClaims>;
}

/**
 * A user who may hold tokens: present, not deleted and active. Anyone else has no account, so they
 * cannot sign in and their refresh tokens stop working.
 */
export async function findActiveUser(db: Db, id: string): Promise<UserRow | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt), eq(users.active, true)))
    .limit(1);
  return user;
}

/** The (not deleted) user with this email, ignoring case and surrounding spaces. */
export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`, isNull(users.deletedAt)))
    .limit(1);
  return user;
}

export function accountFor(user: UserRow, roleGroupPrefix: string): Account {
  return {
    accountId: user.id,
    // The provider filters by scope (SCOPE_CLAIMS) after this.
    claims: () => ({ ...claimsFor(user, roleGroupPrefix) }),
  };
}
