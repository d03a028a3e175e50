import { afterEach, describe, expect, it, vi } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { nanoid } from 'nanoid';
import pg from 'pg';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { useServerWithOrg, signedInUser } from '../support/session.ts';
import { openStream } from '../support/stream.ts';
import { syncMutations, userSettings } from '../../server/db/schema/index.ts';
import { pushResponseSchema } from '../../core/schema/sync.ts';
import { IDENTITY_HEADER } from '../../server/auth/identity.ts';
import { refuse } from '../../server/sync/push.ts';

const env = useServerWithOrg();
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

const NUL_MESSAGE = 'Remove the NUL character from the text';
const SURROGATE_MESSAGE = 'The text holds an invalid character (a lone UTF-16 surrogate); remove it';
const TOO_DEEP = 'The request body is nested too deeply (at most 64 levels)';

function nested(levels: number): unknown {
  let value: unknown = 'leaf';
  for (let i = 0; i < levels; i++) value = i % 2 ? [value] : { a: value };
  return value;
}

const settingsPatch = (value: unknown, field = 'fleetDetailFilter') => [{ op: 'add', path: `/${field}`, value }];

async function rawPost(path: string, body: string, token = env.org.admin.tokens.accessToken) {
  const res = await fetch(`${env.server.baseUrl}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body,
  });
  return { status: res.status, body: (await res.json()) as { errorMessage: string } };
}

describe('one text check for every request', () => {
  it('refuses a NUL character in a key and a lone surrogate in a value, naming the field', async () => {
    const { admin } = env.org;
    const key = await admin.api.patch(`/auth/users/${admin.userId}/settings`, settingsPatch({ ['col\u0000']: 1 }));
    expect(key.status).toBe(400);
    // The key is named escaped: a message holding the NUL itself could not be stored (a pushed refusal is).
    expect(key.body.errorMessage).toBe(`0.value.col\\u0000: ${NUL_MESSAGE}`);

    const lone = await admin.api.patch(`/auth/users/${admin.userId}`, { firstName: 'Ann\uD800' });
    expect(lone.status).toBe(400);
    expect(lone.body.errorMessage).toBe(`firstName: ${SURROGATE_MESSAGE}`);
    expect(lone.body.errors).toEqual([{ message: `firstName: ${SURROGATE_MESSAGE}`, path: ['firstName'] }]);
    expect((await admin.api.get('/auth/users/self')).body.firstName).not.toContain('\uFFFD');
  });

  it('takes 64 levels of nesting and refuses the 65th', async () => {
    const { admin } = env.org;
    // The patch itself is two levels (a list of operations, each an object).
    const ok = await admin.api.patch(`/auth/users/${admin.userId}/settings`, settingsPatch(nested(62)));
    expect(ok.status).toBe(200);
    const deep = await admin.api.patch(`/auth/users/${admin.userId}/settings`, settingsPatch(nested(63)));
    expect(deep.status).toBe(400);
    expect(deep.body.errorMessage).toBe(TOO_DEEP);
  });

  it('refuses a body nested a hundred thousand levels with 400, early, and keeps answering others', async () => {
    const arrays = '['.repeat(100_000) + ']'.repeat(100_000);
    const objects = '{"a":'.repeat(100_000) + '1' + '}'.repeat(100_000);
    const started = Date.now();
    const [users, pushArrays, pushObjects, health] = await Promise.all([
      rawPost('/auth/users', arrays),
      rawPost('/data/v1/sync/push', arrays),
      rawPost('/data/v1/sync/push', objects),
      fetch(`${env.server.baseUrl}/healthz`),
    ]);
    expect(users).toEqual({ status: 400, body: expect.objectContaining({ errorMessage: TOO_DEEP }) });
    expect(pushArrays.status).toBe(400);
    expect(pushArrays.body.errorMessage).toMatch(/^The request body is nested too deeply/);
    expect(pushObjects.status).toBe(400);
    expect(health.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(5000);
    const t = Date.now();
    expect((await fetch(`${env.server.baseUrl}/healthz`)).status).toBe(200);
    expect(Date.now() - t).toBeLessThan(1000);
  });

  it('keeps fastify’s body limit and its refusal of __proto__ and constructor.prototype keys', async () => {
    const large = await rawPost('/auth/users', JSON.stringify({ firstName: 'x'.repeat(1_100_000) }));
    expect(large.status).toBe(413);
    expect(large.body.errorMessage).toMatch(/^The request body is too large/);
    const res = await rawPost('/auth/users', '{"__proto__": {"isAdmin": true}}');
    expect(res).toEqual({ status: 400, body: expect.objectContaining({ errorMessage: 'The request body is not valid JSON' }) });
    const ctor = await rawPost('/auth/users', '{"constructor": {"prototype": {"isAdmin": true}}}');
    expect(ctor.status).toBe(400);
  });
});

describe('push verdicts per mutation', () => {
  const mutation = (seq: number, request: unknown, extra: Record<string, unknown> = {}) => ({ id: nanoid(), seq, name: 'saveView', request, ...extra });
  const patch = (userId: string, value: unknown, field = 'fleetDetailFilter') => ({
    method: 'PATCH',
    path: `/auth/users/${userId}/settings`,
    body: settingsPatch(value, field),
  });

  it('rejects each bad mutation alone, with its message, applies the others, and answers a retry the same', async () => {
    const { admin } = env.org;
    const me = admin.userId;
    const mutations = [
      mutation(1, patch(me, { first: true })),
      mutation(2, patch(me, 'bad\u0000text')),
      mutation(3, patch(me, 'lone \uDC00')),
      mutation(4, patch(me, 1, 'noSuchSetting')),
      mutation(5, { method: 'GET', path: '/auth/users' }),
      mutation(6, { method: 'POST', path: '/oidc/token', body: {} }),
      mutation(7, { method: 'POST', path: '/data/v1/sync/push', body: {} }),
      mutation(8, { method: 'POST', path: '/data/x/../v1/sync/push', body: {} }),
      mutation(9, patch(me, nested(70))),
      { id: nanoid(), seq: 10, name: 'saveView' },
      mutation(11, { method: 'PATCH', path: `/auth/users/${me}/settings\u0000`, body: [] }),
      mutation(12, patch(me, { last: true }, 'userAdminFilter')),
    ];
    const clientId = nanoid();
    const first = await admin.api.post('/data/v1/sync/push', { clientId, mutations });
    expect(first.status).toBe(200);
    const results = pushResponseSchema.parse(first.body).results;
    expect(results.map((r) => r.id)).toEqual(mutations.map((m) => m.id));
    expect(results.map((r) => r.status)).toEqual(['applied', ...Array(10).fill('rejected'), 'applied']);
    expect(results.map((r) => r.message)).toEqual([
      undefined,
      `0.value: ${NUL_MESSAGE}`,
      `0.value: ${SURROGATE_MESSAGE}`,
      expect.stringMatching(/^0\.path: Unknown setting/),
      'request.method: A mutation uses POST, PUT, PATCH or DELETE',
      'request.path: A mutation calls a /data/ or /auth/ route',
      `Mutation ${mutations[6]!.id} calls the sync API itself, which a mutation cannot do`,
      `Mutation ${mutations[7]!.id} calls the sync API itself, which a mutation cannot do`,
      TOO_DEEP,
      expect.stringMatching(/^request: /),
      `request.path: ${NUL_MESSAGE}`,
      undefined,
    ]);
    expect(results[1]).toMatchObject({ httpStatus: 400, response: { errorMessage: `0.value: ${NUL_MESSAGE}` } });
    expect(results[4]).toMatchObject({ httpStatus: 400, response: { errorMessage: 'request.method: A mutation uses POST, PUT, PATCH or DELETE' } });

    const saved = await env.server.ctx.db.select().from(userSettings).where(eq(userSettings.userId, me));
    expect(saved.find((s) => s.field === 'userAdminFilter')?.value).toEqual({ last: true });

    const retry = pushResponseSchema.parse((await admin.api.post('/data/v1/sync/push', { clientId, mutations })).body).results;
    expect(retry.map((r) => r.status)).toEqual(['duplicate', ...Array(10).fill('rejected'), 'duplicate']);
    expect(retry.map((r) => r.message)).toEqual(results.map((r) => r.message));
    const recordedRows = await env.server.ctx.db
      .select()
      .from(syncMutations)
      .where(and(eq(syncMutations.userId, me), eq(syncMutations.clientId, clientId)));
    expect(recordedRows).toHaveLength(mutations.length);
  });

  it('answers what was recorded when a copy of a mutation is refused after another copy applied it', async () => {
    const { admin } = env.org;
    const clientId = nanoid();
    const mutations = [mutation(1, patch(admin.userId, { kept: true }))];
    // One copy applies (another tab's, or a retry racing the first)...
    const applied = pushResponseSchema.parse((await admin.api.post('/data/v1/sync/push', { clientId, mutations })).body).results[0]!;
    expect(applied.status).toBe('applied');
    // ...and a copy whose route refused it (it was sent without what the first one carried) is recorded after it.
    const principal = { userId: admin.userId, orgId: env.org.orgId } as Parameters<typeof refuse>[1];
    const answer = await refuse(env.server.ctx.db, principal, clientId, mutations[0]!.id, 400, { errorMessage: 'Enter a password' });

    expect(answer).toMatchObject({ id: mutations[0]!.id, status: 'duplicate', httpStatus: applied.httpStatus, rev: applied.rev });
  });

  it('refuses the whole batch only when a mutation cannot be answered (no usable id)', async () => {
    const { admin } = env.org;
    const res = await admin.api.post('/data/v1/sync/push', {
      clientId: nanoid(),
      mutations: [mutation(1, patch(admin.userId, 1)), { ...mutation(2, patch(admin.userId, 2)), id: 'bad id' }],
    });
    expect(res.status).toBe(400);
    expect(res.body.errorMessage).toBe('mutations.1.id: Ids are letters, digits, _ and -');
    const noList = await admin.api.post('/data/v1/sync/push', { clientId: nanoid(), mutations: [] });
    expect(noList.body.errorMessage).toBe('mutations: Send at least one mutation');
  });
});

describe('a push authenticates once', () => {
  afterEach(() => vi.useRealTimers());

  it('applies every mutation of a batch during which the access token expires', async () => {
    const user = await signedInUser(env.server, env.org.orgId, env.org.sectionId, { role: 'dispatcher' });
    const app = env.server.app;
    const original = app.inject;
    const inject = app.inject.bind(app) as (options: InjectOptions) => Promise<LightMyRequestResponse>;
    // Every dispatched mutation ends ten minutes later than the one before: the 5-minute token
    // expires after the first.
    app.inject = (async (options: InjectOptions) => {
      const res = await inject(options);
      vi.setSystemTime(Date.now() + 10 * 60_000);
      return res;
    }) as unknown as typeof app.inject;
    try {
      const mutations = ['fleetDetailFilter', 'userAdminFilter', 'fleetDetailColumnsState'].map((field, i) => ({
        id: nanoid(),
        seq: i,
        name: 'saveView',
        request: { method: 'PATCH', path: `/auth/users/${user.userId}/settings`, body: settingsPatch({ i }, field) },
      }));
      const res = await user.api.post('/data/v1/sync/push', { clientId: nanoid(), mutations });
      expect(res.status).toBe(200);
      expect(res.body.results.map((r: { status: string }) => r.status)).toEqual(['applied', 'applied', 'applied']);
    } finally {
      app.inject = original;
    }
    expect((await user.api.get('/auth/users/self')).status).toBe(401);
  });

  it('stops the batch unrecorded and answers 401 when a dispatched route refuses the caller', async () => {
    const user = await signedInUser(env.server, env.org.orgId, env.org.sectionId, { role: 'dispatcher' });
    const ids = [nanoid(), nanoid(), nanoid()];
    // The first mutation's write also deletes the account, as an administrator could meanwhile.
    await env.server.ctx.db.execute(
      sql.raw(`create function test_drop_account() returns trigger language plpgsql as $$ begin delete from users where id = '${user.userId}'; return new; end $$`),
    );
    await env.server.ctx.db.execute(
      sql.raw(
        `create trigger test_drop_account after insert on sync_mutations for each row when (new.mutation_id = '${ids[0]}') execute function test_drop_account()`,
      ),
    );
    try {
      const clientId = nanoid();
      const mutations = ids.map((id, i) => ({
        id,
        seq: i,
        name: 'saveView',
        request: {
          method: 'PATCH',
          path: `/auth/users/${user.userId}/settings`,
          body: settingsPatch({ i }, ['fleetDetailFilter', 'userAdminFilter', 'fleetDetailColumnsState'][i]),
        },
      }));
      const res = await user.api.post('/data/v1/sync/push', { clientId, mutations });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({
        errorMessage: 'This account no longer exists; sign in again',
        errors: [{ message: 'This account no longer exists; sign in again' }],
        results: [expect.objectContaining({ id: ids[0], status: 'applied', httpStatus: 200 })],
      });
      const recordedRows = await env.server.ctx.db.select().from(syncMutations).where(eq(syncMutations.clientId, clientId));
      expect(recordedRows.map((r) => r.mutationId)).toEqual([ids[0]]);
    } finally {
      await env.server.ctx.db.execute(sql.raw('drop trigger test_drop_account on sync_mutations'));
      await env.server.ctx.db.execute(sql.raw('drop function test_drop_account()'));
    }
  });

  it('stops the batch unrecorded and answers 503 when a dispatched route fails', async () => {
    const { admin } = env.org;
    const ids = [nanoid(), nanoid()];
    await env.server.ctx.db.execute(sql.raw(`create function test_fail() returns trigger language plpgsql as $$ begin raise exception 'injected failure'; end $$`));
    await env.server.ctx.db.execute(
      sql.raw(`create trigger test_fail before insert on sync_mutations for each row when (new.mutation_id = '${ids[1]}') execute function test_fail()`),
    );
    try {
      const clientId = nanoid();
      const mutations = ids.map((id, i) => ({
        id,
        seq: i,
        name: 'saveView',
        request: { method: 'PATCH', path: `/auth/users/${admin.userId}/settings`, body: settingsPatch({ i }) },
      }));
      const res = await admin.api.post('/data/v1/sync/push', { clientId, mutations });
      expect(res.status).toBe(503);
      expect(res.body).toEqual({
        errorMessage: 'The server could not apply every change just now; retry the batch',
        errors: [{ message: 'The server could not apply every change just now; retry the batch' }],
        results: [expect.objectContaining({ id: ids[0], status: 'applied' })],
      });
      const recordedRows = await env.server.ctx.db.select().from(syncMutations).where(eq(syncMutations.clientId, clientId));
      expect(recordedRows.map((r) => r.mutationId)).toEqual([ids[0]]);
    } finally {
      await env.server.ctx.db.execute(sql.raw('drop trigger test_fail on sync_mutations'));
      await env.server.ctx.db.execute(sql.raw('drop function test_fail()'));
    }
  });

  it('never takes the internal identity header from outside, nor a forged one from inside', async () => {
    const forged = `${Buffer.alloc(32).toString('base64url')}.${nanoid()}`;
    const outside = await fetch(`${env.server.baseUrl}/auth/users/self`, { headers: { [IDENTITY_HEADER]: forged } });
    expect(outside.status).toBe(401);
    expect(((await outside.json()) as { errorMessage: string }).errorMessage).toMatch(/^Sign in first/);
    const inside = await env.server.app.inject({ method: 'GET', url: '/auth/users/self', headers: { [IDENTITY_HEADER]: forged } });
    expect(inside.statusCode).toBe(401);
  });
});

describe.runIf(onPostgres)('the LISTEN connection', () => {
  it('comes back after PostgreSQL drops it, pokes every client here, and hears other instances again', async () => {
    const { admin, orgId } = env.org;
    const ticket = (await admin.api.get('/stream/ticket')).body.ticket;
    const stream = await openStream(env.server.baseUrl, ticket);
    await stream.next((m) => m.type === 'poke');
    const before = stream.messages.length;
    const pgAdmin = new pg.Client({ connectionString: env.server.databaseUrl });
    await pgAdmin.connect();
    try {
      const database = new URL(env.server.databaseUrl!).pathname.slice(1);
      const killed = await pgAdmin.query(`select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and query = 'LISTEN fleet_stream'`, [database]);
      expect(killed.rowCount).toBe(1);
      const poke = await stream.next((m) => m.type === 'poke' && stream.messages.indexOf(m) >= before, 10_000);
      const { rows } = await pgAdmin.query('select rev from org_clocks where org_id = $1', [orgId]);
      expect(poke).toEqual({ type: 'poke', rev: Number(rows[0].rev) });

      const fromElsewhere = { i: 'another-instance', o: orgId, m: { type: 'poke', rev: 424242 } };
      await pgAdmin.query('select pg_notify($1, $2)', ['fleet_stream', JSON.stringify(fromElsewhere)]);
      await stream.next((m) => m.type === 'poke' && m.rev === 424242, 5000);
    } finally {
      await pgAdmin.end();
      stream.close();
    }
  });
});
