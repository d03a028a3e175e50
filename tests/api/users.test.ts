import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.ts';
import { orgWithAdmin, signedInUser, type SignedInUser } from '../support/session.ts';
import { apiClient } from '../support/api.ts';
import { TEST_PASSWORD } from '../support/factories.ts';
import { signIn } from '../support/sign-in.ts';
import { userRecordSchema } from '../../core/schema/user.ts';

let server: TestServer;
let orgId: string;
let sectionId: string;
let admin: SignedInUser;
let dispatcher: SignedInUser;

beforeAll(async () => {
  server = await startTestServer();
  ({ orgId, sectionId, admin } = await orgWithAdmin(server));
  dispatcher = await signedInUser(server, orgId, sectionId, { role: 'dispatcher' });
});
afterAll(() => server.stop({ drop: true }));

const newUser = (over: Record<string, unknown> = {}) => ({
  firstName: 'Dana',
  lastName: 'Reyes',
  email: `  Dana.${Math.random().toString(36).slice(2, 8)}@Example.test `,
  password: 'copper-Meadow-kettle-93',
  role: 'dispatcher',
  isAdmin: false,
  sectionId,
  ...over,
});

describe('GET /auth/users/self', () => {
  it('answers the caller’s record after a real sign-in', async () => {
    const res = await admin.api.get('/auth/users/self');
    expect(res.status).toBe(200);
    const record = userRecordSchema.parse(res.body);
    expect(record).toMatchObject({ userId: admin.userId, orgId, role: 'vco', isAdmin: true, sectionId, sectionName: 'Alpha' });
  });

  it('answers 412 for a non-inspector without a section', async () => {
    const lead = await signedInUser(server, orgId, null, { role: 'sectionLead' });
    const res = await lead.api.get('/auth/users/self');
    expect(res.status).toBe(412);
    expect(res.body.errorMessage).toMatch(/section/);
    expect(res.body.user.role).toBe('sectionLead');
  });

  it('answers a vco without a section normally: the first vco of a new organization has none to be in', async () => {
    const vco = await signedInUser(server, orgId, null, { role: 'vco' });
    const res = await vco.api.get('/auth/users/self');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ role: 'vco', sectionId: null });
  });

  it('answers an inspector without a section normally', async () => {
    const inspector = await signedInUser(server, orgId, null, { role: 'inspector' });
    const res = await inspector.api.get('/auth/users/self');
    expect(res.status).toBe(200);
    expect(res.body.role).toBe('inspector');
  });
});

describe('who may call the users routes', () => {
  it('lets every website role list users, and refuses inspectors and users without a role', async () => {
    for (const role of ['dispatcher', 'jrSuper', 'sectionLead', 'vco'] as const) {
      const u = await signedInUser(server, orgId, sectionId, { role });
      const res = await u.api.get('/auth/users');
      expect(res.status, role).toBe(200);
      expect(res.body.some((r: { userId: string }) => r.userId === admin.userId)).toBe(true);
      expect(JSON.stringify(res.body)).not.toContain('argon2');
    }
    const inspector = await signedInUser(server, orgId, sectionId, { role: 'inspector' });
    expect((await inspector.api.get('/auth/users')).status).toBe(403);
    const noRole = await signedInUser(server, orgId, sectionId, { role: null });
    const res = await noRole.api.get('/auth/users');
    expect(res.status).toBe(403);
    expect(res.body.errorMessage).toBe('No role provided. You lack the permissions to access any part of this system.');
  });

  it('refuses to let a dispatcher create or change users', async () => {
    const created = await dispatcher.api.post('/auth/users', newUser());
    expect(created.status).toBe(403);
    expect(created.body.errorMessage).toBe('Only administrators can do this');
    const changed = await dispatcher.api.patch(`/auth/users/${admin.userId}`, { firstName: 'X' });
    expect(changed.status).toBe(403);
  });

  it('lets a non-admin vco read but not create users', async () => {
    const vco = await signedInUser(server, orgId, sectionId, { role: 'vco', isAdmin: false });
    expect((await vco.api.get(`/data/v1/organizations/${orgId}/users`)).status).toBe(200);
    expect((await vco.api.post('/auth/users', newUser())).status).toBe(403);
  });

  it('answers 401 without a token and with a forged one', async () => {
    const anon = apiClient(server.baseUrl);
    const missing = await anon.get('/auth/users');
    expect(missing.status).toBe(401);
    expect(missing.body.errorMessage).toMatch(/bearer token/);
    const forged = apiClient(server.baseUrl, `${admin.tokens.accessToken.slice(0, -4)}AAAA`);
    expect((await forged.get('/auth/users')).status).toBe(401);
  });
});

describe('POST /auth/users', () => {
  it('creates a user who can then sign in', async () => {
    const body = newUser();
    const res = await admin.api.post('/auth/users', body);
    expect(res.status).toBe(201);
    expect(res.body.userId).toHaveLength(21);
    const email = body.email.trim().toLowerCase();
    const tokens = await signIn(server.baseUrl, email, body.password);
    const self = await apiClient(server.baseUrl, tokens.accessToken).get('/auth/users/self');
    expect(self.body).toMatchObject({ email, firstName: 'Dana', role: 'dispatcher', active: true, isAdmin: false });
  });

  it('refuses a weak password with the warning and suggestions, and creates nothing', async () => {
    const before = (await admin.api.get('/auth/users')).body.length;
    const res = await admin.api.post('/auth/users', newUser({ password: 'password123' }));
    expect(res.status).toBe(400);
    expect(res.body.warning).toBeTruthy();
    expect(res.body.errorMessage).toBe(res.body.warning);
    expect(res.body.suggestions.length).toBeGreaterThan(0);
    expect(res.body.errors[0].message).toBe(res.body.warning);
    expect((await admin.api.get('/auth/users')).body.length).toBe(before);
  });

  it('refuses each invalid field with a message a person can act on', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ firstName: '' }, /firstName: First name is required/],
      [{ lastName: 'x'.repeat(51) }, /lastName: Last name must be 50 characters or fewer/],
      [{ email: 'not-an-email' }, /email: Enter a valid email address/],
      // Past what mail can carry (and past what the database's email index takes).
      [
        { email: `${Array.from({ length: 3000 }, (_, i) => 'abcdefghijklmnopqrstuvwxyz0123456789'[(i * 7919) % 36]).join('')}@example.test` },
        /email: Enter a valid email address/,
      ],
      [{ password: '' }, /password: Password is required/],
      [{ role: 'general' }, /role: Role must be one of: inspector, dispatcher, jrSuper, sectionLead, vco/],
      [{ sectionId: null }, /The selected role requires and organization/],
      [{ sectionId: 'nosuchsection' }, /section does not exist/],
    ];
    for (const [override, message] of cases) {
      const res = await admin.api.post('/auth/users', newUser(override));
      expect(res.status, JSON.stringify(override)).toBe(400);
      expect(res.body.errorMessage).toMatch(message);
      expect(res.body.errors[0].message).toMatch(message);
    }
    const missing = await admin.api.post('/auth/users', { firstName: 'A' });
    expect(missing.status).toBe(400);
    expect(missing.body.errors.map((e: { message: string }) => e.message)).toEqual(
      expect.arrayContaining([expect.stringMatching(/lastName/), expect.stringMatching(/email/), expect.stringMatching(/password/), expect.stringMatching(/role/)]),
    );
  });

  it('refuses a duplicate email, whatever its case', async () => {
    const body = newUser();
    expect((await admin.api.post('/auth/users', body)).status).toBe(201);
    const again = await admin.api.post('/auth/users', { ...body, email: body.email.toUpperCase() });
    expect(again.status).toBe(409);
    expect(again.body.errorMessage).toMatch(/already exists/);
  });
});

describe('PATCH /auth/users/{userId}', () => {
  it('changes role, section, admin and active flags', async () => {
    const target = await signedInUser(server, orgId, sectionId, { role: 'dispatcher' });
    const res = await admin.api.patch(`/auth/users/${target.userId}`, { role: 'jrSuper', isAdmin: true, firstName: 'Renamed' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ role: 'jrSuper', isAdmin: true, firstName: 'Renamed', fullName: 'Renamed dispatcher' });
    const off = await admin.api.patch(`/data/v1/organizations/${orgId}/users/${target.userId}`, { active: false });
    expect(off.body.active).toBe(false);
  });

  it('locks out a deactivated user at once, and their sign-in fails', async () => {
    const target = await signedInUser(server, orgId, sectionId, { role: 'dispatcher' });
    expect((await target.api.get('/auth/users/self')).status).toBe(200);
    await admin.api.patch(`/auth/users/${target.userId}`, { active: false });
    const res = await target.api.get('/auth/users/self');
    expect(res.status).toBe(403);
    expect(res.body.errorMessage).toMatch(/inactive/);
    await expect(signIn(server.baseUrl, target.email, TEST_PASSWORD)).rejects.toThrow();
  });

  it('requires a section for roles that need one', async () => {
    const target = await signedInUser(server, orgId, sectionId, { role: 'inspector', sectionId: null });
    const res = await admin.api.patch(`/auth/users/${target.userId}`, { role: 'dispatcher' });
    expect(res.status).toBe(400);
    expect(res.body.errorMessage).toBe('The selected role requires and organization');
  });

  it('keeps at least one active administrator', async () => {
    const { admin: soleAdmin } = await orgWithAdmin(server);
    const res = await soleAdmin.api.patch(`/auth/users/${soleAdmin.userId}`, { isAdmin: false });
    expect(res.status).toBe(400);
    expect(res.body.errorMessage).toMatch(/administrator must remain/);
  });

  it('refuses unknown fields and an unknown user', async () => {
    const unknownField = await admin.api.patch(`/auth/users/${dispatcher.userId}`, { password: 'x' });
    expect(unknownField.status).toBe(400);
    expect((await admin.api.patch('/auth/users/nosuchuser', { firstName: 'A' })).status).toBe(404);
  });
});

describe('user settings', () => {
  it('stores add operations and reads them back, for the caller only', async () => {
    const path = `/auth/users/${dispatcher.userId}/settings`;
    expect((await dispatcher.api.get(path)).body).toEqual([]);
    const view = { filters: [{ id: 'active', value: true }] };
    const patched = await dispatcher.api.patch(path, [
      { op: 'add', path: '/userAdminFilter', value: view },
      { op: 'add', path: '/userAdminColumnsState', value: { order: ['email'] } },
    ]);
    expect(patched.status).toBe(200);
    await dispatcher.api.patch(path, [{ op: 'add', path: '/userAdminFilter', value: { filters: [] } }]);
    const read = await dispatcher.api.get(path);
    expect(read.body).toEqual([
      { field: 'userAdminColumnsState', value: { order: ['email'] } },
      { field: 'userAdminFilter', value: { filters: [] } },
    ]);
    expect((await admin.api.get(path)).status).toBe(403);
    expect((await admin.api.patch(path, [{ op: 'add', path: '/userAdminFilter', value: 1 }])).status).toBe(403);
  });

  it('refuses operations other than add and unknown settings', async () => {
    const path = `/auth/users/${dispatcher.userId}/settings`;
    const remove = await dispatcher.api.patch(path, [{ op: 'remove', path: '/userAdminFilter' }]);
    expect(remove.status).toBe(400);
    expect(remove.body.errorMessage).toMatch(/Only "add" operations are supported/);
    const unknown = await dispatcher.api.patch(path, [{ op: 'add', path: '/colour', value: 'red' }]);
    expect(unknown.body.errorMessage).toMatch(/Unknown setting/);
  });
});

describe('bad requests never reach a 500', () => {
  it('answers malformed JSON, wrong content type, huge bodies and unknown routes with clear errors', async () => {
    const bad = await admin.api.call('POST', '/auth/users', '{"firstName":', { 'content-type': 'application/json' });
    expect(bad.status).toBe(400);
    expect(bad.body.errorMessage).toBe('The request body is not valid JSON');
    const text = await admin.api.call('POST', '/auth/users', 'hello', { 'content-type': 'text/plain' });
    expect(text.status).toBe(415);
    const huge = await admin.api.post('/auth/users', { ...newUser(), firstName: 'x'.repeat(2_000_000) });
    expect(huge.status).toBe(413);
    expect(huge.body.errorMessage).toMatch(/too large/);
    const unknown = await admin.api.get('/data/v1/nothing-here');
    expect(unknown.status).toBe(404);
    expect(unknown.body.errorMessage).toBe('No such route: GET /data/v1/nothing-here');
    const badParam = await admin.api.patch('/auth/users/bad%20id!', { firstName: 'A' });
    expect(badParam.status).toBe(400);
    expect(badParam.body.errorMessage).toMatch(/Path userId/);
  });
});
