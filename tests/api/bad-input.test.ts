import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.ts';
import { orgWithAdmin } from '../support/session.ts';

let server: TestServer;
let org: Awaited<ReturnType<typeof orgWithAdmin>>;
let routes: { method: string; url: string }[];

beforeAll(async () => {
  server = await startTestServer();
  org = await orgWithAdmin(server);
  routes = [
    { method: 'GET', url: '/auth/users/self' },
    { method: 'GET', url: '/auth/users' },
    { method: 'POST', url: '/auth/users' },
    { method: 'PATCH', url: `/auth/users/${org.admin.userId}` },
    { method: 'GET', url: `/auth/users/${org.admin.userId}/settings` },
    { method: 'PATCH', url: `/auth/users/${org.admin.userId}/settings` },
    { method: 'GET', url: `/data/v1/organizations/${org.orgId}/users` },
    { method: 'POST', url: `/data/v1/organizations/${org.orgId}/users` },
    { method: 'PATCH', url: `/data/v1/organizations/${org.orgId}/users/${org.admin.userId}` },
    { method: 'GET', url: '/data/v1/sync/pull' },
    { method: 'POST', url: '/data/v1/sync/push' },
    { method: 'GET', url: '/stream/ticket' },
  ];
});
afterAll(() => server.stop({ drop: true }));

const deep = (n: number): unknown => (n === 0 ? 'x' : { a: deep(n - 1) });

const bodies: [string, string][] = [
  ['empty object', '{}'],
  ['array', '[]'],
  ['string', '"text"'],
  ['number', '12'],
  ['null', 'null'],
  ['truncated JSON', '{"firstName": "A'],
  ['deeply nested', JSON.stringify(deep(500))],
  ['wrong types', JSON.stringify({ firstName: 12, email: [], role: { a: 1 }, isAdmin: 'yes', sectionId: 5, clientId: null, mutations: 'all' })],
  ['prototype pollution', '{"__proto__": {"isAdmin": true}, "constructor": {"prototype": {"x": 1}}}'],
];

describe('bad input', () => {
  it('answers every route and every malformed body with a 4xx and an error message, never a 500', async () => {
    const failures: string[] = [];
    for (const r of routes) {
      for (const [label, body] of r.method === 'GET' ? [['none', ''] as [string, string]] : bodies) {
        const res = await fetch(`${server.baseUrl}${r.url}`, {
          method: r.method,
          headers: { authorization: `Bearer ${org.admin.tokens.accessToken}`, ...(body ? { 'content-type': 'application/json' } : {}) },
          ...(body ? { body } : {}),
        });
        const text = await res.text();
        const ok = res.status < 500 && (res.status < 400 || JSON.parse(text).errorMessage);
        if (!ok || /at .+\.ts:\d+/.test(text)) failures.push(`${r.method} ${r.url} with ${label}: ${res.status} ${text.slice(0, 120)}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('answers odd path and query values with a 4xx', async () => {
    const paths = [
      '/auth/users/%00',
      `/auth/users/${'a'.repeat(5000)}`,
      '/auth/users/..%2F..%2Fetc',
      '/data/v1/organizations/%E0%A4%A/users',
      '/data/v1/sync/pull?limit=abc',
      '/data/v1/sync/pull?limit=1e9',
      '/data/v1/sync/pull?cursor=1:users:%27%3B%20drop',
      '/data/v1/sync/pull?cursor=99999999999999999999999',
    ];
    for (const path of paths) {
      const res = await fetch(`${server.baseUrl}${path}`, {
        method: path.includes('sync') ? 'GET' : 'PATCH',
        headers: { authorization: `Bearer ${org.admin.tokens.accessToken}`, 'content-type': 'application/json' },
        body: path.includes('sync') ? undefined : '{}',
      });
      expect(res.status, path).toBeGreaterThanOrEqual(400);
      expect(res.status, path).toBeLessThan(500);
    }
  });

  it('does not let a body smuggle fields into a user', async () => {
    const res = await fetch(`${server.baseUrl}/auth/users`, {
      method: 'POST',
      headers: { authorization: `Bearer ${org.admin.tokens.accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        firstName: 'A',
        lastName: 'B',
        email: 'smuggle@example.test',
        password: 'velvet-Canyon-orbit-42',
        role: 'dispatcher',
        sectionId: org.sectionId,
        passwordHash: 'x',
        orgId: 'other',
      }),
    });
    expect(res.status).toBe(201);
    const user = (await (await fetch(`${server.baseUrl}/auth/users`, { headers: { authorization: `Bearer ${org.admin.tokens.accessToken}` } })).json()).find(
      (u: { email: string }) => u.email === 'smuggle@example.test',
    );
    expect(user.orgId).toBe(org.orgId);
  });
});
