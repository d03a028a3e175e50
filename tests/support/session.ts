import type { TestServer } from './server.ts';
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
