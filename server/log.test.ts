import Fastify from 'fastify';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { loggerOptions, redact, REDACTED, scrubText, serializeError } from './log.ts';

// A real argon2id hash (of "hunter2-Correct-horse"): parameters with commas, salt and digest.
const SALT = 'OQPOOCSaFinGVScdh7KxzQ';
const DIGEST = 'wyK5cs7w354gRqd0puDlTlbgICpo3PtehF3qnsUABl8';
const HASH = `$argon2id$v=19$m=19456,t=2,p=1$${SALT}$${DIGEST}`;
const JWT = 'eyJhbGciOiJSUzI1NiIsImtpZCI6ImsxIn0.eyJzdWIiOiJ1MSIsImF1ZCI6ImZsZWV0LWFwaSJ9.c2lnbmF0dXJlLW9mLXRoZS10b2tlbg';
const OPAQUE = 'Zk3pQ9vX2mN7bL4tR8wY1cH6dJ0sE5aU';

/** Whether any piece of a secret is left in the text. */
function leaks(text: string): string[] {
  const pieces = [HASH, SALT, DIGEST, '$argon2', 'm=19456,t=2,p=1', JWT, JWT.split('.')[2]!, OPAQUE, 'hunter2'];
  return pieces.filter((p) => text.includes(p));
}

describe('scrubText', () => {
  it('removes a whole argon2 hash, its salt and digest too, and keeps the text around it', () => {
    for (const text of [`hash ${HASH} end`, `(${HASH})`, `"${HASH}"`, `a,${HASH},b`, `x=${HASH}\n`]) {
      const out = scrubText(text);
      expect(leaks(out), text).toEqual([]);
      expect(out).toContain(REDACTED);
    }
    expect(scrubText(`a,${HASH},b`)).toBe(`a,${REDACTED},b`);
  });

  it('removes JWTs and bearer or basic credentials', () => {
    expect(scrubText(`token ${JWT} here`)).toBe(`token ${REDACTED} here`);
    expect(scrubText(`authorization: Bearer ${OPAQUE}`)).toBe(`authorization: Bearer ${REDACTED}`);
    expect(scrubText(`Authorization: basic ${OPAQUE}==`)).toBe(`Authorization: basic ${REDACTED}`);
  });

  it('replaces secret query values in URLs and keeps the others', () => {
    expect(scrubText(`/stream/events?ticket=${OPAQUE}`)).toBe(`/stream/events?ticket=${REDACTED}`);
    expect(scrubText(`/signin-callback?code=${OPAQUE}&state=abc`)).toBe(`/signin-callback?code=${REDACTED}&state=abc`);
    expect(scrubText(`/oidc/session/end?client_id=fleet-web&id_token_hint=${OPAQUE}#x`)).toBe(`/oidc/session/end?client_id=fleet-web&id_token_hint=${REDACTED}#x`);
    const many = scrubText(`/x?access_token=${OPAQUE}&refresh_token=${OPAQUE}&password=hunter2&code_verifier=${OPAQUE}&page=2`);
    expect(leaks(many)).toEqual([]);
    expect(many).toContain('&page=2');
  });

  it('cuts the parameters out of a failed query, in its message and its stack, keeping the SQL and the frames', () => {
    const message = `Failed query: insert into "users" ("id", "password_hash") values ($1, $2)\nparams: u1,${HASH.replaceAll(',', ',')},hunter2`;
    const out = scrubText(message);
    expect(out).toBe(`Failed query: insert into "users" ("id", "password_hash") values ($1, $2)\nparams: ${REDACTED}`);
    const stack = `Error: ${message}\n    at PgDialect.insert (file.js:1:2)\n    at async write (write.ts:3:4)`;
    const outStack = scrubText(stack);
    expect(leaks(outStack)).toEqual([]);
    expect(outStack).toContain('    at PgDialect.insert (file.js:1:2)\n    at async write (write.ts:3:4)');
  });

  it('removes the row of a constraint violation', () => {
    const detail = `Failing row contains (u1, org, 3, a@b.test, Boom, Lee, vco, f, t, null, ${HASH}, null).`;
    expect(scrubText(detail)).toBe(`Failing row contains (${REDACTED}).`);
  });
});

describe('redact', () => {
  it('replaces the values of secret keys at any depth, whatever their spelling', () => {
    const out = redact({
      user: { id: 'u1', email: 'a@b.test', passwordHash: HASH, password_hash: HASH, Password: 'hunter2' },
      headers: { Authorization: `Bearer ${OPAQUE}`, cookie: `_session=${OPAQUE}`, 'x-internal-identity': OPAQUE, 'content-type': 'application/json' },
      body: { refresh_token: OPAQUE, client_secret: OPAQUE, code_verifier: OPAQUE, newPassword: 'hunter2' },
      ticket: OPAQUE,
      list: [{ token: OPAQUE }, `Bearer ${OPAQUE}`],
    }) as Record<string, any>;
    expect(leaks(JSON.stringify(out))).toEqual([]);
    expect(out.user).toEqual({ id: 'u1', email: 'a@b.test', passwordHash: REDACTED, password_hash: REDACTED, Password: REDACTED });
    expect(out.headers['content-type']).toBe('application/json');
    expect(out.headers.Authorization).toBe(REDACTED);
    expect(out.ticket).toBe(REDACTED);
    expect(out.list).toEqual([{ token: REDACTED }, `Bearer ${REDACTED}`]);
  });

  it('scrubs strings anywhere, and leaves an absent secret absent', () => {
    expect(redact({ note: `see ${HASH}`, password: null, token: undefined })).toEqual({ note: `see ${REDACTED}`, password: null, token: undefined });
    expect(redact(['x', 1, true, null])).toEqual(['x', 1, true, null]);
    expect(redact(`jwt ${JWT}`)).toBe(`jwt ${REDACTED}`);
    expect(redact(new Map([['password', 'hunter2']]))).toEqual({ password: REDACTED });
    expect(redact(Buffer.from('hunter2'))).toBe('[7 bytes]');
  });

  it('turns a failed insert into a plain object without its parameters or the failing row', () => {
    const cause = Object.assign(new Error('new row for relation "users" violates check constraint "users_name"'), {
      code: '23514',
      constraint: 'users_name',
      detail: `Failing row contains (u1, ${HASH}).`,
      params: ['u1', HASH],
      queryOptions: { params: [HASH] },
    });
    const err = new DrizzleQueryError('insert into "users" ("id", "password_hash") values ($1, $2)', ['u1', HASH], cause);
    const out = serializeError(err);
    const text = JSON.stringify(out);
    expect(leaks(text)).toEqual([]);
    expect(out).toMatchObject({
      type: 'DrizzleQueryError',
      message: `Failed query: insert into "users" ("id", "password_hash") values ($1, $2)\nparams: ${REDACTED}`,
      query: 'insert into "users" ("id", "password_hash") values ($1, $2)',
      cause: { type: 'Error', code: '23514', constraint: 'users_name', detail: `Failing row contains (${REDACTED}).` },
    });
    expect(out).not.toHaveProperty('params');
    expect(out.cause as object).not.toHaveProperty('params');
    expect(out.cause as object).not.toHaveProperty('queryOptions');
    expect(redact({ err })).toEqual({ err: out });
  });

  it('never throws: cycles, deep nesting, throwing getters', () => {
    const cyclic: Record<string, unknown> = { name: 'a' };
    cyclic.self = cyclic;
    expect(redact(cyclic)).toEqual({ name: 'a', self: '[circular]' });
    let deep: Record<string, unknown> = { password: 'hunter2' };
    for (let i = 0; i < 50; i++) deep = { deep };
    expect(() => JSON.stringify(redact(deep))).not.toThrow();
    const hostile = Object.defineProperty({}, 'boom', {
      enumerable: true,
      get() {
        throw new Error('no');
      },
    });
    expect(() => redact({ hostile })).not.toThrow();
  });
});

describe('the server logger', () => {
  async function logged(run: (app: ReturnType<typeof Fastify>) => Promise<void>): Promise<string> {
    const lines: string[] = [];
    const app = Fastify({ logger: loggerOptions('debug', { write: (line) => void lines.push(line) }) });
    app.get('/stream/events', async () => ({ ok: true }));
    app.get('/fail', async () => {
      throw new DrizzleQueryError('insert into "users" values ($1, $2)', ['u1', HASH], new Error('duplicate key'));
    });
    await app.ready();
    await run(app);
    await app.close();
    return lines.join('');
  }

  it('writes no secret from error objects, messages, and interpolated arguments', async () => {
    const text = await logged(async (app) => {
      const err = new DrizzleQueryError('insert into "users" values ($1, $2)', ['u1', HASH], new Error(`Failing row contains (u1, ${HASH}).`));
      app.log.error({ err }, 'request failed');
      app.log.error(err);
      app.log.warn({ body: { email: 'a@b.test', password: 'hunter2' }, headers: { authorization: `Bearer ${JWT}` } }, 'bad body');
      app.log.info('token %s for %s', JWT, 'a@b.test');
      app.log.info(`opening /stream/events?ticket=${OPAQUE}`);
    });
    expect(leaks(text)).toEqual([]);
    expect(text).toContain('request failed');
    expect(text).toContain('a@b.test');
    expect(text).toContain('"type":"DrizzleQueryError"');
  });

  it('keeps the request line (method, URL without its secret values) and the status of the answer', async () => {
    const text = await logged(async (app) => {
      expect((await app.inject({ url: `/stream/events?ticket=${OPAQUE}&v=2`, headers: { authorization: `Bearer ${JWT}` } })).statusCode).toBe(200);
      expect((await app.inject({ url: '/fail' })).statusCode).toBe(500);
    });
    expect(leaks(text)).toEqual([]);
    const lines = text
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, any>);
    const incoming = lines.find((l) => l.msg === 'incoming request' && l.req.url.startsWith('/stream/events'));
    expect(incoming?.req).toMatchObject({ method: 'GET', url: `/stream/events?ticket=${REDACTED}&v=2` });
    const completed = lines.filter((l) => l.msg === 'request completed').map((l) => l.res.statusCode);
    expect(completed).toEqual([200, 500]);
    const failure = lines.find((l) => l.level === 50 && l.err);
    expect(failure?.err.message).toBe(`Failed query: insert into "users" values ($1, $2)\nparams: ${REDACTED}`);
  });
});
