import { describe, expect, it, vi } from 'vitest';
import type { FastifyRequest } from 'fastify';
import { createIdentities, IDENTITY_HEADER } from './identity.ts';
import type { Principal } from './principal.ts';

const alice: Principal = { userId: 'alice', orgId: 'org', email: 'a@example.test', givenName: 'A', familyName: 'L', role: 'vco', isAdmin: false };
const request = (headers: Record<string, string>) => ({ headers }) as unknown as FastifyRequest;

describe('identities', () => {
  it('verifies a token once per request', async () => {
    const verify = vi.fn(async () => alice);
    const identities = createIdentities(verify);
    const req = request({ authorization: 'Bearer t' });
    expect(await identities.of(req)).toBe(alice);
    expect(await identities.of(req)).toBe(alice);
    expect(verify).toHaveBeenCalledTimes(1);
  });

  it('gives a lent identity to the requests that carry the loan, without the token, while the loan lasts', async () => {
    const verify = vi.fn(async () => {
      throw new Error('no token should be verified');
    });
    const identities = createIdentities(verify);
    const loan = identities.lend(alice);
    expect(await identities.of(request(loan.headers))).toBe(alice);
    expect(identities.isLent(request(loan.headers))).toBe(true);
    expect(identities.isLent(request({}))).toBe(false);
    loan.release();
    await expect(identities.of(request(loan.headers))).rejects.toMatchObject({ status: 401 });
    expect(verify).not.toHaveBeenCalled();
  });

  it('refuses a loan header of another process or a forged one', async () => {
    const identities = createIdentities(async () => alice);
    const elsewhere = createIdentities(async () => alice).lend(alice);
    const key = identities.lend(alice).headers[IDENTITY_HEADER]!.split('.')[1];
    const forged = { [IDENTITY_HEADER]: `${elsewhere.headers[IDENTITY_HEADER]!.split('.')[0]}.${key}` };
    for (const headers of [elsewhere.headers, forged, { [IDENTITY_HEADER]: 'x' }, { [IDENTITY_HEADER]: '' }]) {
      await expect(identities.of(request(headers))).rejects.toMatchObject({ status: 401 });
    }
  });
});
