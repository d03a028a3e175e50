import { randomBytes } from 'node:crypto';
import { DEMO_PASSWORD, demoEmail } from '../../../server/seed/demo-users.ts';
import { apiClient } from '../../support/api.ts';
import { signIn } from '../../support/sign-in.ts';
import type { Role } from '../../../core/schema/roles.ts';

/** The demo organization the e2e server seeds (npm start's data). */
export const ORG_SLUG = 'wing-1';

export interface Account {
  email: string;
  password: string;
}

export const demoAccount = (local: string): Account => ({ email: demoEmail(local, ORG_SLUG), password: DEMO_PASSWORD });

/** An API client signed in as the account through the real authorization-code flow. */
export async function apiAs(baseUrl: string, account: Account) {
  const tokens = await signIn(baseUrl, account.email, account.password);
  return apiClient(baseUrl, tokens.accessToken);
}

/**
 * A new user made by the demo administrator, so a test that changes a user changes its own one and
 * tests stay independent of each other.
 */
export async function createAccount(baseUrl: string, spec: { role: Role; isAdmin?: boolean; firstName?: string; lastName?: string }) {
  const admin = await apiAs(baseUrl, demoAccount('admin'));
  const self = await admin.get('/auth/users/self');
  const password = `e2e-${randomBytes(9).toString('base64url')}-Harbor`;
  const email = `e2e-${randomBytes(4).toString('hex')}@${ORG_SLUG}.example.com`;
  const res = await admin.post('/auth/users', {
    firstName: spec.firstName ?? 'Pat',
    lastName: spec.lastName ?? 'Tester',
    email,
    password,
    role: spec.role,
    isAdmin: spec.isAdmin ?? false,
    sectionId: self.body.sectionId,
  });
  if (res.status !== 201) throw new Error(`Could not create a test user: ${res.status} ${JSON.stringify(res.body)}`);
  return { email, password, userId: res.body.userId as string, admin };
}
