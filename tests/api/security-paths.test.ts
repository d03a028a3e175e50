import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { useServerWithOrg } from '../support/session.ts';

/** Paths with dot segments (issue 13): refused before any route, hook or middleware sees them. */

const env = useServerWithOrg();

interface RawAnswer {
  status: number;
  body: string;
}

/** A request with the path exactly as written: fetch would resolve the dot segments itself. */
function raw(method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: env.server.port,
        method,
        path,
        headers: { ...headers, ...(body !== undefined ? { 'content-length': String(Buffer.byteLength(body)) } : {}) },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', reject);
    if (body !== undefined) req.write(body);
    req.end();
  });
}

const auth = () => ({ authorization: `Bearer ${env.org.admin.tokens.accessToken}` });
const json = { 'content-type': 'application/json' };
const form = { 'content-type': 'application/x-www-form-urlencoded' };

describe('paths with dot segments', () => {
  const pushBody = () =>
    JSON.stringify({
      clientId: 'dot-segments',
      mutations: [
        { id: 'm1', seq: 1, name: 'updateProfile', args: {}, request: { method: 'PATCH', path: `/auth/users/${env.org.admin.userId}`, body: { firstName: 'Dot' } } },
      ],
    });

  it.each([
    ['POST', '/data/x/../v1/sync/push'],
    ['POST', '/data/x/%2e%2e/v1/sync/push'],
    ['POST', '/data/x/%2E%2E/v1/sync/push'],
    ['POST', '/data/x/.%2e/v1/sync/push'],
    ['POST', '/data/./v1/sync/push'],
    ['POST', '/data/x/..%2fv1/sync/push'],
    ['POST', '/data/x/..%5cv1/sync/push'],
  ])('%s %s is refused with 400 before the sync route', async (method, path) => {
    const answer = await raw(method, path, { ...auth(), ...json }, pushBody());
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body).errorMessage).toBe('The request path may not contain "." or ".." segments');
  });

  it.each([
    ['POST', '/data/../oidc/token', form, 'grant_type=refresh_token&refresh_token=x&client_id=fleet-web'],
    ['GET', '/oidc/../data/v1/sync/pull', {}, undefined],
    ['GET', '/oidc/.well-known/../.well-known/openid-configuration', {}, undefined],
    ['GET', '/auth/users/%2e%2e/users', {}, undefined],
    ['GET', '/stream/x/../ticket', {}, undefined],
    ['GET', '/x/../data/v2/vehicles', {}, undefined],
  ] as const)('%s %s is refused with 400, whichever part of the server it aims at', async (method, path, headers, body) => {
    const answer = await raw(method, path, { ...auth(), ...headers }, body);
    expect(answer.status).toBe(400);
  });

  it('still serves paths whose segments only contain dots', async () => {
    expect((await raw('GET', '/Af1800.pdf')).status).toBe(200);
    expect((await raw('GET', '/oidc/.well-known/openid-configuration')).status).toBe(200);
    expect((await raw('GET', '/data/v2/vehicles?q=../x', auth())).status).toBe(200);
    const pushed = await raw('POST', '/data/v1/sync/push', { ...auth(), ...json }, pushBody());
    expect(pushed.status).toBe(200);
  });

  it('a pushed mutation whose path steps out with dot segments is rejected alone', async () => {
    const res = await env.org.admin.api.post('/data/v1/sync/push', {
      clientId: 'dot-segments-2',
      mutations: [{ id: 'm1', seq: 1, name: 'x', args: {}, request: { method: 'POST', path: '/data/x/../v1/sync/push', body: {} } }],
    });
    expect(res.status).toBe(200);
    expect(res.body.results[0].status).toBe('rejected');
  });
});

describe('the organization factory of the e2e suite', () => {
  it('does not exist unless E2E_ORG_FACTORY is set', async () => {
    const answer = await raw('POST', '/test/organizations');
    expect(answer.status).toBe(404);
  });
});
