import { afterAll, beforeAll } from 'vitest';
import { startTestServer } from './server.ts';
import type { StartOptions, TestServer } from './server.ts';
import { createOrg, createUser, type UserSpec } from './factories.ts';
import { signIn } from './sign-in.ts';
import { apiClient } from './api.ts';

/** A user made in the organization and signed in through the real authorization-code flow. */
export async function signedInUser(server: TestServer, orgId: string, sectionId: string | null, spec: UserSpec = {}) {
  const user = await createUser(server.ctx, orgId, sectionId, spec);
  const tokens = await signIn(server.baseUrl, user.email, user.password);
  return { ...user, tokens, api: apiClient(server.baseUrl, tokens.accessToken) };
}

export type SignedInUser = Awaited<ReturnType<typeof signedInUser>>;

/** An organization with an administrator (vco) signed in. */
export async function orgWithAdmin(server: TestServer, name?: string) {
  const org = await createOrg(server.ctx, name);
  const admin = await signedInUser(server, org.orgId, org.sectionId, { role: 'vco', isAdmin: true });
  return { ...org, admin };
}

export type OrgWithAdmin = Awaited<ReturnType<typeof orgWithAdmin>>;

/**
 * A server of the test file's own (started with `options`, e.g. settings in `env`), with an
 * organization and its signed-in administrator, stopped (and its database dropped) after the file. Read `server` and `org` inside tests and hooks.
 */
export function useServerWithOrg(options: StartOptions = {}): { server: TestServer; org: OrgWithAdmin } {
  const state = {} as { server: TestServer; org: OrgWithAdmin };
  beforeAll(async () => {
    state.server = await startTestServer(options);
    state.org = await orgWithAdmin(state.server);
  });
  afterAll(() => state.server.stop({ drop: true }));
  return state;
}
