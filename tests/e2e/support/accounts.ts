import { randomBytes } from 'node:crypto';
import { test } from '@playwright/test';
import { DEMO_PASSWORD, demoEmail } from '../../../server/seed/demo-users.ts';
import { apiClient } from '../../support/api.ts';
import { signIn } from '../../support/sign-in.ts';
import type { Role } from '../../../core/schema/roles.ts';

/** The organization of the spec running in this worker (useOwnOrganization). */
let own: { slug: string; name: string } | null = null;

/**
 * Gives the spec file an organization of its own, made by the server's factory (POST
 * /test/organizations: npm start's demo organization, its users, fleet and history): specs run in
 * parallel workers without seeing each other's changes. Call it once at the top of each spec file;
 * `timeZone` gives the organization that zone (default UTC).
 */
export function useOwnOrganization(options: { timeZone?: string } = {}): void {
  test.beforeAll(async () => {
    const query = options.timeZone ? `?timeZone=${encodeURIComponent(options.timeZone)}` : '';
    const res = await fetch(`${process.env.E2E_BASE_URL}/test/organizations${query}`, { method: 'POST' });
    if (!res.ok) throw new Error(`The organization factory answered ${res.status}: ${await res.text()}`);
    own = (await res.json()) as { slug: string; name: string };
  });
}

function ownOrganization(): { slug: string; name: string } {
  if (!own) throw new Error('This spec has no organization: call useOwnOrganization() at the top of the spec file');
  return own;
}

/**
 * A new organization as its first vco finds it (POST /test/organizations?empty=true): vco users in no
 * section, the built-in workflows, no section, vehicle type or vehicle. Answers an account of its vco.
 */
export async function newOrganizationVco(): Promise<Account & { slug: string }> {
  const res = await fetch(`${process.env.E2E_BASE_URL}/test/organizations?empty=true`, { method: 'POST' });
  if (!res.ok) throw new Error(`The organization factory answered ${res.status}: ${await res.text()}`);
  const { slug } = (await res.json()) as { slug: string };
  return { slug, email: demoEmail('vco', slug), password: DEMO_PASSWORD };
}

/** The slug of the spec's organization: its users' emails are {local}@{slug}.example.com. */
export const orgSlug = (): string => ownOrganization().slug;

/** The spec's organization's name, e.g. 'Wing 3 Vehicle Operations'. */
export const orgName = (): string => ownOrganization().name;

export interface Account {
  email: string;
  password: string;
}

/** A demo user of the spec's organization, by the local part of its email (admin, vco, sectionlead, jrsuper, dispatcher, ...). */
export const demoAccount = (local: string): Account => ({ email: demoEmail(local, orgSlug()), password: DEMO_PASSWORD });

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
  const email = `e2e-${randomBytes(4).toString('hex')}@${orgSlug()}.example.com`;
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
