import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../server/db/schema/index.ts';
import { streamTicketSchema } from '../../core/schema/stream.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { orgWithAdmin, type OrgWithAdmin } from '../support/session.ts';
import { authorize, submitSignIn } from '../support/sign-in.ts';
import { openStream } from '../support/stream.ts';

/**
 * No secret reaches the server log (issue 13): a failed insert used to log the argon2 hash of the new
 * user's password among the query's parameters, and every request line its URL, stream ticket and
 * tokens included. The server here logs at debug level into a buffer the test reads.
 */

const NEW_PASSWORD = 'quartz-Meadow-tangent-47';
const WRONG_PASSWORD = 'velvet-Harbor-wrong-19';
/** A check the test adds to the users table, so that the insert of a user named Boom fails at the database. */
const CONSTRAINT = 'fleet_test_no_boom';

const lines: string[] = [];
let server: TestServer;
let org: OrgWithAdmin;

beforeAll(async () => {
  server = await startTestServer({ logStream: { write: (line) => void lines.push(line) } });
  org = await orgWithAdmin(server);
  await server.ctx.db.execute(sql.raw(`alter table users add constraint ${CONSTRAINT} check (first_name <> 'Boom') not valid`));
});
afterAll(() => server?.stop({ drop: true }));

const logText = () => lines.join('');
const logLines = () => lines.map((l) => JSON.parse(l) as Record<string, any>);

/** Every piece of a secret that is in the log. */
function found(text: string, secrets: Record<string, string>): string[] {
  return Object.entries(secrets)
    .filter(([, secret]) => secret && text.includes(secret))
    .map(([name]) => name);
}

/** The parts of a JWT that are secret on their own: the whole, and its signature. */
const jwtParts = (name: string, jwt: string) => ({ [name]: jwt, [`${name} signature`]: jwt.split('.')[2] ?? jwt });

describe('the server log', () => {
  it('holds no hash or password when inserting a user fails at the database, yet says what failed', async () => {
    const before = lines.length;
    const body = {
      firstName: 'Boom',
      lastName: 'Lee',
      email: `boom-${Date.now()}@example.test`,
      password: NEW_PASSWORD,
      role: 'dispatcher',
      sectionId: org.sectionId,
    };
    const res = await org.admin.api.post('/auth/users', body);
    expect(res.status).toBe(500);
    // The same through a push: the carried request fails alike (the push answers 503, to retry).
    const pushed = await org.admin.api.post('/data/v1/sync/push', {
      clientId: 'logs-test',
      mutations: [
        {
          id: 'm1',
          seq: 1,
          name: 'createUser',
          args: {},
          request: { method: 'POST', path: '/auth/users', body: { ...body, email: `boom2-${Date.now()}@example.test` } },
        },
      ],
    });
    expect(pushed.status).toBe(503);

    const text = lines.slice(before).join('');
    const [adminRow] = await server.ctx.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, org.admin.userId));
    expect(found(text, { 'an argon2 hash': '$argon2', 'argon2 parameters': 'm=19456', 'the new password': NEW_PASSWORD, 'a stored hash': adminRow!.hash! })).toEqual(
      [],
    );
    expect(text).not.toMatch(/p=\d+\$[A-Za-z0-9+/]{8,}/);

    // What an operator needs is still there: the failure, its route and the constraint that refused it.
    const failures = lines
      .slice(before)
      .map((l) => JSON.parse(l) as Record<string, any>)
      .filter((l) => l.level >= 50);
    expect(failures.length).toBeGreaterThanOrEqual(2);
    expect(JSON.stringify(failures)).toContain(CONSTRAINT);
  });

  it('holds no password typed into the sign-in form, right or wrong', async () => {
    const { flow, landing } = await authorize(server.baseUrl);
    if (landing.kind !== 'page') throw new Error('expected the sign-in page');
    const refused = await submitSignIn(flow, landing, org.admin.email, WRONG_PASSWORD);
    expect(refused.kind === 'page' && refused.status).toBe(401);
    expect(found(logText(), { 'the wrong password': WRONG_PASSWORD, 'the password': org.admin.password })).toEqual([]);
  });

  it('holds no bearer, id or refresh token, even from a URL, and no stream ticket from the stream URL', async () => {
    const before = lines.length;
    const { accessToken, idToken, refreshToken } = org.admin.tokens;
    expect((await org.admin.api.get('/auth/users')).status).toBe(200);
    // Some clients put tokens in the query string; the log must not keep them either.
    expect((await fetch(`${server.baseUrl}/auth/users?access_token=${accessToken}`)).status).toBeGreaterThanOrEqual(400);
    expect((await fetch(`${server.baseUrl}/healthz?refresh_token=${refreshToken}`)).status).toBe(200);
    const end = await fetch(`${server.baseUrl}/oidc/session/end?client_id=fleet-web&id_token_hint=${idToken}`, { redirect: 'manual' });
    await end.arrayBuffer();

    const ticketRes = await org.admin.api.get('/stream/ticket');
    const { ticket } = streamTicketSchema.parse(ticketRes.body);
    const stream = await openStream(server.baseUrl, ticket);
    await stream.next((m) => m.type === 'poke');
    stream.close();
    await new Promise((r) => setTimeout(r, 200));

    const text = lines.slice(before).join('');
    expect(
      found(text, {
        ...jwtParts('the access token', accessToken),
        ...jwtParts('the id token', idToken),
        'the refresh token': refreshToken,
        'the stream ticket': ticket,
      }),
    ).toEqual([]);
    expect(text).not.toMatch(/Bearer\s+(?!\[redacted\])\S/i);

    // The requests are still logged, with what they were and where they went.
    const requests = lines
      .slice(before)
      .map((l) => JSON.parse(l) as Record<string, any>)
      .filter((l) => l.msg === 'incoming request');
    const urls = requests.map((l) => `${l.req.method} ${l.req.url}`);
    expect(urls).toContain('GET /auth/users');
    expect(urls).toContain('GET /stream/ticket');
    expect(urls).toContain('GET /stream/events?ticket=[redacted]');
    expect(urls).toContain('GET /auth/users?access_token=[redacted]');
    const statuses = lines
      .slice(before)
      .map((l) => JSON.parse(l) as Record<string, any>)
      .filter((l) => l.msg === 'request completed')
      .map((l) => l.res.statusCode);
    expect(statuses).toContain(200);
  });

  it('is JSON lines throughout', () => {
    expect(lines.length).toBeGreaterThan(10);
    expect(() => logLines()).not.toThrow();
  });
});
