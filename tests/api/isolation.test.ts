import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.ts';
import { orgWithAdmin, signedInUser, type SignedInUser } from '../support/session.ts';
import { pullAll } from '../support/sync.ts';

let server: TestServer;
let a: Awaited<ReturnType<typeof orgWithAdmin>>;
let b: Awaited<ReturnType<typeof orgWithAdmin>>;
let bDispatcher: SignedInUser;

beforeAll(async () => {
  server = await startTestServer();
  a = await orgWithAdmin(server, 'Org A');
  b = await orgWithAdmin(server, 'Org B');
  bDispatcher = await signedInUser(server, b.orgId, b.sectionId, { role: 'dispatcher' });
});
afterAll(() => server.stop({ drop: true }));

describe('organization isolation', () => {
  it('lists only the caller’s organization', async () => {
    const res = await a.admin.api.get('/auth/users');
    expect(res.body.every((u: { orgId: string }) => u.orgId === a.orgId)).toBe(true);
    expect(res.body.some((u: { userId: string }) => u.userId === bDispatcher.userId)).toBe(false);
  });

  it('refuses another organization’s paths', async () => {
    expect((await a.admin.api.get(`/data/v1/organizations/${b.orgId}/users`)).status).toBe(403);
    const patch = await a.admin.api.patch(`/data/v1/organizations/${b.orgId}/users/${bDispatcher.userId}`, { firstName: 'Hacked' });
    expect(patch.status).toBe(403);
  });

  it('cannot change a user of another organization through its own paths', async () => {
    const res = await a.admin.api.patch(`/auth/users/${bDispatcher.userId}`, { firstName: 'Hacked' });
    expect(res.status).toBe(404);
    const res2 = await a.admin.api.patch(`/data/v1/organizations/${a.orgId}/users/${bDispatcher.userId}`, { role: 'vco' });
    expect(res2.status).toBe(404);
    const stolen = await a.admin.api.post(`/data/v1/organizations/${a.orgId}/users`, { userId: bDispatcher.userId });
    expect(stolen.status).toBe(404);
    const self = await bDispatcher.api.get('/auth/users/self');
    expect(self.body).toMatchObject({ firstName: 'Test', role: 'dispatcher', orgId: b.orgId });
  });

  it('cannot create a user in another organization', async () => {
    const res = await a.admin.api.post('/auth/users', {
      firstName: 'X',
      lastName: 'Y',
      email: 'cross-org@example.test',
      password: 'copper-Meadow-kettle-93',
      role: 'dispatcher',
      sectionId: b.sectionId,
    });
    expect(res.status).toBe(400);
    expect(res.body.errorMessage).toMatch(/section does not exist/);
  });

  it('pulls only the caller’s organization', async () => {
    const { rows } = await pullAll(a.admin.api);
    const orgIds = new Set([...rows.values()].map((c) => (c.data as { orgId?: string }).orgId).filter(Boolean));
    expect([...orgIds]).toEqual([a.orgId]);
    expect(rows.has(`users/${bDispatcher.userId}`)).toBe(false);
  });
});
