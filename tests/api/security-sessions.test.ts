import WebSocket from 'ws';
import { eq } from 'drizzle-orm';
import { nanoid } from 'nanoid';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../server/db/schema/index.ts';
import { SESSION_CHECK_MS } from '../../server/stream/routes.ts';
import { streamTicketSchema, type StreamMessage } from '../../core/schema/stream.ts';
import { orgWithAdmin, signedInUser, useServerWithOrg, type OrgWithAdmin, type SignedInUser } from '../support/session.ts';
import { upgradeStatus } from '../support/stream.ts';
import type { ApiResponse } from '../support/api.ts';

/**
 * Sessions that end (issue 13): a user whose access changes loses the live stream at once, a user
 * without a section gets 412 on the website's data reads, and a user id of another organization is
 * answered as an unknown one.
 */

const env = useServerWithOrg();
let other: OrgWithAdmin;

beforeAll(async () => {
  other = await orgWithAdmin(env.server, 'Other org');
});

/** How soon "at once" must be: well under the periodic check, which catches changes made elsewhere. */
const AT_ONCE_MS = 2_000;
const POLICY_VIOLATION = 1008;

async function ticketOf(user: SignedInUser): Promise<string> {
  const res = await user.api.get('/stream/ticket');
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return streamTicketSchema.parse(res.body).ticket;
}

interface Live {
  /** Resolves when the server closes the socket, with the close code and when it happened. */
  closed: Promise<{ code: number; reason: string; at: number }>;
  isOpen(): boolean;
  close(): void;
}

/** Opens the live stream as the app does, and waits for its first poke (the stream is then registered). */
async function connect(ticket: string): Promise<Live> {
  const ws = new WebSocket(`${env.server.baseUrl.replace(/^http/, 'ws')}/stream/events?ticket=${encodeURIComponent(ticket)}`);
  const closed = new Promise<{ code: number; reason: string; at: number }>((resolve) =>
    ws.once('close', (code, reason) => resolve({ code, reason: String(reason), at: Date.now() })),
  );
  await new Promise<void>((resolve, reject) => {
    ws.on('message', (data) => {
      const message = JSON.parse(String(data)) as StreamMessage;
      if (message.type === 'poke') resolve();
    });
    ws.once('unexpected-response', (_req, res) => reject(new Error(`upgrade refused: ${res.statusCode}`)));
    ws.once('error', reject);
  });
  return { closed, isOpen: () => ws.readyState === WebSocket.OPEN, close: () => ws.close() };
}

/** The close the server made, or `timeout` if the socket is still open after `ms`. */
async function closeWithin(live: Live, ms: number): Promise<{ code: number; afterMs: number } | 'timeout'> {
  const start = Date.now();
  const result = await Promise.race([live.closed, new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), ms))]);
  return result === 'timeout' ? result : { code: result.code, afterMs: result.at - start };
}

/** A user of the main organization, signed in, with their stream open and a second ticket fetched (unused). */
async function streamingUser(spec: Parameters<typeof signedInUser>[3] = { role: 'dispatcher' }) {
  const user = await signedInUser(env.server, env.org.orgId, env.org.sectionId, spec);
  const live = await connect(await ticketOf(user));
  const spareTicket = await ticketOf(user);
  return { user, live, spareTicket };
}

describe('a change by an administrator ends the user’s live stream at once', () => {
  const changes: [string, (userId: string) => Promise<ApiResponse>][] = [
    ['deactivated', (id) => env.org.admin.api.patch(`/auth/users/${id}`, { active: false })],
    ['given another role', (id) => env.org.admin.api.patch(`/data/v1/organizations/${env.org.orgId}/users/${id}`, { role: 'jrSuper' })],
    ['made an administrator', (id) => env.org.admin.api.patch(`/auth/users/${id}`, { isAdmin: true })],
    [
      'deactivated through a push (an administrator’s queued change)',
      (id) =>
        env.org.admin.api.post('/data/v1/sync/push', {
          clientId: `admin-device-${nanoid(6)}`,
          mutations: [{ id: 'm1', seq: 1, name: 'updateUser', args: {}, request: { method: 'PATCH', path: `/auth/users/${id}`, body: { active: false } } }],
        }),
    ],
  ];

  it.each(changes)('%s: the open socket closes with 1008, and a ticket fetched before opens nothing', async (_what, change) => {
    const bystander = await connect(await ticketOf(env.org.admin));
    const { user, live, spareTicket } = await streamingUser();
    const res = await change(user.userId);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    if (res.body?.results) expect(res.body.results[0].status).toBe('applied');

    const closed = await closeWithin(live, AT_ONCE_MS);
    expect(closed).toMatchObject({ code: POLICY_VIOLATION });
    expect([401, 403]).toContain(await upgradeStatus(env.server.baseUrl, spareTicket));
    // Nobody else's stream is touched.
    expect(bystander.isOpen()).toBe(true);
    bystander.close();
  });

  it('a user whose role changed opens the stream again with a new ticket; a deactivated one cannot get one', async () => {
    const { user, live } = await streamingUser();
    await env.org.admin.api.patch(`/auth/users/${user.userId}`, { role: 'sectionLead' });
    expect(await closeWithin(live, AT_ONCE_MS)).toMatchObject({ code: POLICY_VIOLATION });
    const again = await connect(await ticketOf(user));
    expect(again.isOpen()).toBe(true);
    again.close();

    const gone = await streamingUser();
    await env.org.admin.api.patch(`/auth/users/${gone.user.userId}`, { active: false });
    expect(await closeWithin(gone.live, AT_ONCE_MS)).toMatchObject({ code: POLICY_VIOLATION });
    expect((await gone.user.api.get('/stream/ticket')).status).toBe(403);
  });

  it('a change that leaves access as it was (a new name, the same role) keeps the stream and the tickets', async () => {
    const { user, live, spareTicket } = await streamingUser();
    expect((await env.org.admin.api.patch(`/auth/users/${user.userId}`, { firstName: 'Renamed', role: 'dispatcher' })).status).toBe(200);
    expect(await closeWithin(live, 1_000)).toBe('timeout');
    const second = await connect(spareTicket);
    expect(second.isOpen()).toBe(true);
    second.close();
    live.close();
  });

  it('an administrator cannot move a user to another organization through the API (a move is a change made elsewhere, below)', async () => {
    const { user, live } = await streamingUser();
    const res = await env.org.admin.api.patch(`/auth/users/${user.userId}`, { orgId: other.orgId });
    expect(res.status).toBe(400);
    expect(await closeWithin(live, 500)).toBe('timeout');
    live.close();
  });
});

describe('a change made directly in the users table ends the stream within the periodic check', () => {
  it('deactivated, another role, moved to another organization, section taken away: every such stream closes; others stay', async () => {
    const cases = await Promise.all([
      streamingUser({ role: 'dispatcher' }),
      streamingUser({ role: 'dispatcher' }),
      streamingUser({ role: 'dispatcher' }),
      streamingUser({ role: 'jrSuper' }),
      streamingUser({ role: 'dispatcher' }),
    ]);
    const [deactivated, promoted, moved, sectionless, untouched] = cases;
    const db = env.server.ctx.db;
    const start = Date.now();
    await db.update(users).set({ active: false }).where(eq(users.id, deactivated!.user.userId));
    await db.update(users).set({ role: 'vco' }).where(eq(users.id, promoted!.user.userId));
    await db.update(users).set({ orgId: other.orgId }).where(eq(users.id, moved!.user.userId));
    await db.update(users).set({ sectionId: null }).where(eq(users.id, sectionless!.user.userId));
    await db.update(users).set({ firstName: 'Renamed' }).where(eq(users.id, untouched!.user.userId));

    const limit = SESSION_CHECK_MS + 2_500;
    for (const c of [deactivated, promoted, moved, sectionless]) {
      const closed = await closeWithin(c!.live, Math.max(1, limit - (Date.now() - start)));
      expect(closed).toMatchObject({ code: POLICY_VIOLATION });
    }
    expect(Date.now() - start).toBeLessThan(limit);
    expect(untouched!.live.isOpen()).toBe(true);
    // The tickets fetched before each change open nothing; the untouched user's still works.
    for (const c of [deactivated, promoted, moved, sectionless]) {
      expect([401, 403]).toContain(await upgradeStatus(env.server.baseUrl, c!.spareTicket));
    }
    expect(await upgradeStatus(env.server.baseUrl, untouched!.spareTicket)).toBe(101);
    untouched!.live.close();
  });

  it('a ticket fetched before a direct change is refused at once, before any periodic check', async () => {
    const user = await signedInUser(env.server, env.org.orgId, env.org.sectionId, { role: 'dispatcher' });
    const ticket = await ticketOf(user);
    await env.server.ctx.db.update(users).set({ orgId: other.orgId }).where(eq(users.id, user.userId));
    expect([401, 403]).toContain(await upgradeStatus(env.server.baseUrl, ticket));
  });
});

describe('a user whose role needs a section but has none', () => {
  const NO_SECTION = /requires a section/;

  it('gets 412 with the no-section message on the website’s data reads', async () => {
    const user = await signedInUser(env.server, env.org.orgId, null, { role: 'dispatcher' });
    const self = await user.api.get('/auth/users/self');
    expect(self.status).toBe(412);
    for (const path of [
      '/auth/users',
      '/data/v1/sync/pull',
      `/data/v1/organizations/${env.org.orgId}/users`,
      '/data/v2/vehicles',
      '/data/v2/vehicles/types',
      `/auth/users/${user.userId}/settings`,
      '/stream/ticket',
    ]) {
      const res = await user.api.get(path);
      expect(res.status, path).toBe(412);
      expect(res.body.errorMessage, path).toMatch(NO_SECTION);
      expect(res.body.errorMessage, path).toBe(self.body.errorMessage);
    }
  });

  it('still gets their own record with the 412, saves their settings and sends changes made before', async () => {
    const user = await signedInUser(env.server, env.org.orgId, null, { role: 'sectionLead' });
    const self = await user.api.get('/auth/users/self');
    expect(self.status).toBe(412);
    expect(self.body.user).toMatchObject({ userId: user.userId, role: 'sectionLead', sectionId: null });

    const saved = await user.api.patch(`/auth/users/${user.userId}/settings`, [{ op: 'add', path: '/fleetDetailFilter', value: { q: 'x' } }]);
    expect(saved.status).toBe(200);
    const pushed = await user.api.post('/data/v1/sync/push', {
      clientId: `device-${nanoid(6)}`,
      mutations: [
        {
          id: 'm1',
          seq: 1,
          name: 'saveSetting',
          args: {},
          request: { method: 'PATCH', path: `/auth/users/${user.userId}/settings`, body: [{ op: 'add', path: '/fleetDetailColumnsState', value: { a: 1 } }] },
        },
      ],
    });
    expect(pushed.status).toBe(200);
    expect(pushed.body.results[0]).toMatchObject({ status: 'applied', httpStatus: 200 });
  });

  it('an administrator without a section still changes users (writes are not reads)', async () => {
    const lead = await signedInUser(env.server, env.org.orgId, null, { role: 'sectionLead', isAdmin: true });
    const target = await signedInUser(env.server, env.org.orgId, env.org.sectionId, { role: 'dispatcher' });
    expect((await lead.api.get('/auth/users')).status).toBe(412);
    const res = await lead.api.patch(`/auth/users/${target.userId}`, { firstName: 'Changed' });
    expect(res.status).toBe(200);
    expect(res.body.firstName).toBe('Changed');
  });

  it('reads again once a section is assigned; an inspector, who needs none, is answered as before', async () => {
    const user = await signedInUser(env.server, env.org.orgId, null, { role: 'dispatcher' });
    expect((await user.api.get('/auth/users')).status).toBe(412);
    expect((await env.org.admin.api.patch(`/auth/users/${user.userId}`, { sectionId: env.org.sectionId })).status).toBe(200);
    expect((await user.api.get('/auth/users')).status).toBe(200);
    expect((await user.api.get('/data/v1/sync/pull')).status).toBe(200);

    const inspector = await signedInUser(env.server, env.org.orgId, null, { role: 'inspector' });
    expect((await inspector.api.get('/auth/users/self')).status).toBe(200);
    const refused = await inspector.api.get('/auth/users');
    expect(refused.status).toBe(403);
    expect(refused.body.errorMessage).toMatch(/Inspector/);
  });
});

describe('a user id of another organization', () => {
  const unknownId = () => `nosuch${nanoid(10)}`;
  const strip = (res: ApiResponse) => ({ status: res.status, body: res.body });

  it('is answered on the user routes exactly as an unknown id, never with a 500', async () => {
    const theirs = await signedInUser(env.server, other.orgId, other.sectionId, { role: 'dispatcher' });
    const api = env.org.admin.api;
    const orgId = env.org.orgId;
    const requests: [string, (id: string) => Promise<ApiResponse>][] = [
      ['PATCH /auth/users/{id} (names)', (id) => api.patch(`/auth/users/${id}`, { firstName: 'Hacked' })],
      ['PATCH /auth/users/{id} (deactivate)', (id) => api.patch(`/auth/users/${id}`, { active: false })],
      ['PATCH /auth/users/{id} (role without section)', (id) => api.patch(`/auth/users/${id}`, { role: 'dispatcher', sectionId: null })],
      ['PATCH /auth/users/{id} (admin flag)', (id) => api.patch(`/auth/users/${id}`, { isAdmin: false })],
      ['PATCH /auth/users/{id} (matching userId in the body)', (id) => api.patch(`/auth/users/${id}`, { userId: id, lastName: 'X' })],
      ['PATCH /data/v1/organizations/{org}/users/{id}', (id) => api.patch(`/data/v1/organizations/${orgId}/users/${id}`, { sectionId: env.org.sectionId })],
      ['POST /data/v1/organizations/{org}/users', (id) => api.post(`/data/v1/organizations/${orgId}/users`, { userId: id })],
      ['GET /auth/users/{id}/settings', (id) => api.get(`/auth/users/${id}/settings`)],
      ['PATCH /auth/users/{id}/settings', (id) => api.patch(`/auth/users/${id}/settings`, [{ op: 'add', path: '/fleetDetailFilter', value: 1 }])],
    ];
    for (const [what, request] of requests) {
      const theirAnswer = strip(await request(theirs.userId));
      const unknownAnswer = strip(await request(unknownId()));
      expect(theirAnswer.status, what).toBeLessThan(500);
      expect(theirAnswer.status, what).toBeGreaterThanOrEqual(400);
      expect(theirAnswer, what).toEqual(unknownAnswer);
    }
    // Nothing changed for them.
    const self = await theirs.api.get('/auth/users/self');
    expect(self.status).toBe(200);
    expect(self.body).toMatchObject({ firstName: 'Test', lastName: 'dispatcher', active: true, orgId: other.orgId, sectionId: other.sectionId });
  });

  it('taken as the id of a new user: answered as an id taken in the caller’s own organization (409), never 500', async () => {
    const theirs = await signedInUser(env.server, other.orgId, other.sectionId, { role: 'dispatcher' });
    const ours = await signedInUser(env.server, env.org.orgId, env.org.sectionId, { role: 'dispatcher' });
    const newUser = (userId: string) => ({
      userId,
      firstName: 'New',
      lastName: 'Person',
      email: `new-${nanoid(8).toLowerCase()}@example.test`,
      password: 'copper-Meadow-kettle-93',
      role: 'dispatcher',
      sectionId: env.org.sectionId,
    });
    const inOther = await env.org.admin.api.post('/auth/users', newUser(theirs.userId));
    const inOwn = await env.org.admin.api.post('/auth/users', newUser(ours.userId));
    expect(inOther.status).toBe(409);
    expect(strip(inOther)).toEqual(strip(inOwn));
    const fresh = await env.org.admin.api.post('/auth/users', newUser(unknownId()));
    expect(fresh.status).toBe(201);

    // Sent from the app's outbox: refused like any other bad change, the batch goes on.
    const pushed = await env.org.admin.api.post('/data/v1/sync/push', {
      clientId: `admin-device-${nanoid(6)}`,
      mutations: [
        { id: 'm1', seq: 1, name: 'createUser', args: {}, request: { method: 'POST', path: '/auth/users', body: newUser(theirs.userId) } },
        { id: 'm2', seq: 2, name: 'createUser', args: {}, request: { method: 'POST', path: '/auth/users', body: newUser(ours.userId) } },
      ],
    });
    expect(pushed.status).toBe(200);
    expect(pushed.body.results.map((r: { status: string; httpStatus: number }) => [r.status, r.httpStatus])).toEqual([
      ['rejected', 409],
      ['rejected', 409],
    ]);
    expect(pushed.body.results[0].message).toBe(pushed.body.results[1].message);

    // Their user is as it was, and nobody appeared in either organization under that id.
    expect((await theirs.api.get('/auth/users/self')).body).toMatchObject({ firstName: 'Test', email: theirs.email, orgId: other.orgId });
    const listed = (await env.org.admin.api.get('/auth/users')).body as { userId: string }[];
    expect(listed.some((u) => u.userId === theirs.userId)).toBe(false);
  });

  it('an email in use is said to be in use, the same whichever organization uses it', async () => {
    const theirs = await signedInUser(env.server, other.orgId, other.sectionId, { role: 'dispatcher' });
    const ours = await signedInUser(env.server, env.org.orgId, env.org.sectionId, { role: 'dispatcher' });
    const withEmail = (email: string) => ({
      firstName: 'New',
      lastName: 'Person',
      email,
      password: 'copper-Meadow-kettle-93',
      role: 'dispatcher',
      sectionId: env.org.sectionId,
    });
    const inOther = await env.org.admin.api.post('/auth/users', withEmail(theirs.email));
    const inOwn = await env.org.admin.api.post('/auth/users', withEmail(ours.email));
    expect(inOther.status).toBe(409);
    expect(inOwn.status).toBe(409);
    expect(inOther.body.errorMessage).toBe(`A user with the email ${theirs.email} already exists`);
    expect(inOwn.body.errorMessage).toBe(`A user with the email ${ours.email} already exists`);
    expect(Object.keys(inOther.body).sort()).toEqual(Object.keys(inOwn.body).sort());
  });
});
