import { eq } from 'drizzle-orm';
import { createLocalJWKSet, createRemoteJWKSet, decodeProtectedHeader, jwtVerify, type JWK } from 'jose';
import { nanoid } from 'nanoid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/client.ts';
import { users } from '../../server/db/schema/index.ts';
import { hashPassword } from '../../server/auth/passwords.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { alertText, authorize, Browser, discover, exchangeCode, parseForm, refresh, signIn, submitSignIn } from '../support/sign-in.ts';

interface Harness {
  baseUrl: string;
  db: Db;
  jwks: { keys: JWK[] };
  server: TestServer;
}

/** The real app on a free port; `jwks` is what the provider publishes. */
async function start(reuse?: TestServer): Promise<Harness> {
  const server = await startTestServer(reuse ? { dataDir: reuse.dataDir, port: reuse.port, ...(reuse.databaseUrl ? { databaseUrl: reuse.databaseUrl } : {}) } : {});
  const doc = await discover(server.baseUrl);
  const jwks = (await (await fetch(doc.jwks_uri)).json()) as { keys: JWK[] };
  return { baseUrl: server.baseUrl, db: server.ctx.db, jwks, server };
}

const PASSWORD = 'lantern-Quarry-velvet-71';
let passwordHash: string;

async function addUser(db: Db, over: Partial<typeof users.$inferInsert> = {}) {
  const id = nanoid();
  const email = `user-${id.slice(0, 8).toLowerCase()}@example.test`;
  await db.insert(users).values({
    id,
    orgId: 'org-1',
    rev: 1,
    email,
    firstName: 'Avery',
    lastName: 'Quinn',
    role: 'dispatcher',
    isAdmin: true,
    passwordHash,
    ...over,
  });
  return { id, email: over.email ?? email };
}

let server: Harness;

beforeAll(async () => {
  passwordHash = await hashPassword(PASSWORD);
  server = await start();
});

afterAll(() => server?.server.stop({ drop: true }));

describe('embedded OpenID provider', () => {
  it('publishes discovery under /oidc with PKCE S256, refresh tokens and end-session', async () => {
    const doc = await discover(server.baseUrl);
    expect(doc.issuer).toBe(`${server.baseUrl}/oidc`);
    expect(doc.authorization_endpoint).toBe(`${server.baseUrl}/oidc/auth`);
    expect(doc.token_endpoint).toBe(`${server.baseUrl}/oidc/token`);
    expect(doc.userinfo_endpoint).toBe(`${server.baseUrl}/oidc/me`);
    expect(doc.end_session_endpoint).toBe(`${server.baseUrl}/oidc/session/end`);
    expect(doc.code_challenge_methods_supported).toEqual(['S256']);
    expect(doc.grant_types_supported).toEqual(expect.arrayContaining(['authorization_code', 'refresh_token']));
    expect(doc.scopes_supported).toEqual(expect.arrayContaining(['openid', 'profile', 'email', 'offline_access']));
    expect(server.jwks.keys).toHaveLength(1);
    expect(server.jwks.keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig', kid: expect.any(String) });
    expect(server.jwks.keys[0]).not.toHaveProperty('d');
  });

  it('signs in through the real code flow and issues a JWT access token with every claim', async () => {
    const user = await addUser(server.db, { firstName: 'Robin', lastName: 'Hale', role: 'vco', isAdmin: true });
    const tokens = await signIn(server.baseUrl, user.email.toUpperCase(), PASSWORD);
    expect(tokens.expiresIn).toBe(300);
    expect(tokens.refreshToken).toMatch(/\S{20,}/);

    const header = decodeProtectedHeader(tokens.accessToken);
    expect(header).toMatchObject({ alg: 'RS256', typ: 'at+jwt', kid: server.jwks.keys[0]!.kid });
    const doc = await discover(server.baseUrl);
    const { payload } = await jwtVerify(tokens.accessToken, createRemoteJWKSet(new URL(doc.jwks_uri)), {
      issuer: `${server.baseUrl}/oidc`,
      audience: 'fleet-api',
    });
    expect(payload).toMatchObject({
      sub: user.id,
      email: user.email,
      given_name: 'Robin',
      family_name: 'Hale',
      name: 'Robin Hale',
      preferred_username: user.email,
      org_id: 'org-1',
      groups: ['/fleet/vco', '/fleet/admin'],
      client_id: 'fleet-web',
    });
    expect(payload.exp! - payload.iat!).toBe(300);

    const { payload: id } = await jwtVerify(tokens.idToken, createLocalJWKSet(server.jwks), { audience: 'fleet-web' });
    expect(id).toMatchObject({ sub: user.id, email: user.email, name: 'Robin Hale', org_id: 'org-1', groups: ['/fleet/vco', '/fleet/admin'] });

    const [row] = await server.db.select({ at: users.lastSignInAt }).from(users).where(eq(users.id, user.id));
    expect(row!.at).toBeInstanceOf(Date);
  });

  it('serves an accessible sign-in page with the email and password fields', async () => {
    const { landing } = await authorize(server.baseUrl);
    if (landing.kind !== 'page') throw new Error('expected the sign-in page');
    expect(landing.status).toBe(200);
    expect(landing.url).toMatch(/\/oidc\/interaction\/[\w-]+$/);
    const html = landing.html;
    expect(html).toMatch(/<html lang="en">/);
    expect(html).toMatch(/<title>[^<]*Fleet Readiness<\/title>/);
    expect(html).toMatch(/<main>[\s\S]*<h1>Fleet Readiness<\/h1>/);
    expect(html).toContain('<label for="email">Email</label>');
    expect(html).toContain('<label for="password">Password</label>');
    expect(html).toMatch(/<button type="submit">Sign in<\/button>/);
    expect(html).not.toMatch(/<(link|script|img)\b/);
    const form = parseForm(html, landing.url)!;
    expect(form.method).toBe('post');
    expect(new URL(form.action).pathname).toBe(new URL(landing.url).pathname);
    expect(form.fields).toEqual([
      { name: 'email', type: 'email', value: '', autocomplete: 'username' },
      { name: 'password', type: 'password', value: '', autocomplete: 'current-password' },
    ]);
  });

  it('answers a wrong password or an unknown email with the same 401 page', async () => {
    const user = await addUser(server.db);
    for (const [email, password] of [
      [user.email, 'not-the-password'],
      [`nobody-${nanoid(6)}@example.test`, PASSWORD],
    ] as const) {
      const { flow, landing } = await authorize(server.baseUrl);
      if (landing.kind !== 'page') throw new Error('expected the sign-in page');
      const after = await submitSignIn(flow, landing, email, password);
      if (after.kind !== 'page') throw new Error('expected the sign-in page again');
      expect(after.status).toBe(401);
      expect(alertText(after.html)).toBe('Incorrect email or password.');
      expect(after.html).toMatch(/id="sign-in-error"[^>]*role="alert"|role="alert"[^>]*id="sign-in-error"/);
      expect(after.html).toMatch(/id="password"[^>]*aria-describedby="sign-in-error"/);
      expect(after.html).toContain(`value="${email}"`);
      // The same interaction stays usable: the right password still gets in.
      if (email === user.email) {
        const retry = await submitSignIn(flow, after, email, PASSWORD);
        expect(retry.kind).toBe('callback');
      }
    }
  });

  it('refuses an inactive or deleted user with the same message', async () => {
    const inactive = await addUser(server.db, { active: false });
    const deleted = await addUser(server.db, { deletedAt: new Date() });
    for (const user of [inactive, deleted]) {
      await expect(signIn(server.baseUrl, user.email, PASSWORD)).rejects.toThrow(/\(401\): Incorrect email or password\./);
    }
  });

  it('throttles repeated failures for one email', async () => {
    const user = await addUser(server.db);
    const { flow, landing } = await authorize(server.baseUrl);
    if (landing.kind !== 'page') throw new Error('expected the sign-in page');
    let page = landing;
    for (let i = 0; i < 5; i++) {
      const after = await submitSignIn(flow, page, user.email, `wrong-${i}`);
      if (after.kind !== 'page') throw new Error('expected the sign-in page again');
      expect(after.status).toBe(401);
      page = after;
    }
    const blocked = await submitSignIn(flow, page, user.email, PASSWORD);
    if (blocked.kind !== 'page') throw new Error('expected the sign-in page again');
    expect(blocked.status).toBe(429);
    expect(alertText(blocked.html)).toMatch(/Too many failed sign-in attempts/);
  });

  it('refreshes with rotation, refuses a reused refresh token and a deactivated user', async () => {
    const user = await addUser(server.db);
    const first = await signIn(server.baseUrl, user.email, PASSWORD);
    const second = await refresh(server.baseUrl, first.refreshToken);
    expect(second.refreshToken).not.toBe(first.refreshToken);
    const { payload } = await jwtVerify(second.accessToken, createLocalJWKSet(server.jwks), { audience: 'fleet-api' });
    expect(payload).toMatchObject({ sub: user.id, email: user.email });
    const third = await refresh(server.baseUrl, second.refreshToken);
    expect(third.refreshToken).not.toBe(second.refreshToken);
    await expect(refresh(server.baseUrl, first.refreshToken)).rejects.toThrow(/invalid_grant/);

    const other = await signIn(server.baseUrl, (await addUser(server.db, { email: `x-${nanoid(6)}@example.test` })).email, PASSWORD);
    const otherId = (await jwtVerify(other.accessToken, createLocalJWKSet(server.jwks))).payload.sub!;
    await server.db.update(users).set({ active: false }).where(eq(users.id, otherId));
    await expect(refresh(server.baseUrl, other.refreshToken)).rejects.toThrow(/invalid_grant/);
  });

  it('answers userinfo for the access token', async () => {
    const user = await addUser(server.db, { role: 'inspector', isAdmin: false });
    const tokens = await signIn(server.baseUrl, user.email, PASSWORD);
    const doc = await discover(server.baseUrl);
    const res = await fetch(doc.userinfo_endpoint, { headers: { authorization: `Bearer ${tokens.accessToken}` } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      sub: user.id,
      email: user.email,
      given_name: 'Avery',
      family_name: 'Quinn',
      name: 'Avery Quinn',
      preferred_username: user.email,
      org_id: 'org-1',
      groups: ['/fleet/inspector'],
    });
    const bad = await fetch(doc.userinfo_endpoint, { headers: { authorization: `Bearer ${tokens.accessToken.slice(0, -4)}AAAA` } });
    expect(bad.status).toBe(401);
    expect(bad.headers.get('www-authenticate')).toMatch(/invalid_token/);
  });

  it('signs out through end-session: the refresh token and the access token stop working at once', async () => {
    const user = await addUser(server.db);
    const browser = new Browser();
    const { flow, landing } = await authorize(server.baseUrl, { browser });
    if (landing.kind !== 'page') throw new Error('expected the sign-in page');
    const callback = await submitSignIn(flow, landing, user.email, PASSWORD);
    if (callback.kind !== 'callback') throw new Error('expected the callback');
    const tokens = await exchangeCode(flow, callback.params);
    const session = (token: string) => fetch(`${server.baseUrl}/auth/session`, { headers: { authorization: `Bearer ${token}` } });
    const before = await session(tokens.accessToken);
    expect(before.status).toBe(200);
    expect(await before.json()).toMatchObject({ userId: user.id, orgId: 'org-1', role: 'dispatcher', isAdmin: true });
    // A refreshed token belongs to the same sign-in.
    const refreshed = await refresh(server.baseUrl, tokens.refreshToken);
    expect((await session(refreshed.accessToken)).status).toBe(200);

    const url = new URL(flow.discovery.end_session_endpoint);
    url.searchParams.set('id_token_hint', tokens.idToken);
    url.searchParams.set('post_logout_redirect_uri', `${server.baseUrl}/`);
    const confirm = await browser.fetch(url.href);
    expect(confirm.status).toBe(200);
    const html = await confirm.text();
    expect(html).toMatch(/<html lang="en">/);
    const form = parseForm(html, url.href)!;
    expect(form.fields.map((f) => f.name)).toEqual(['xsrf', 'logout']);
    const done = await browser.fetch(form.action, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form.fields.map((f) => [f.name, f.value])).toString(),
    });
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe(`${server.baseUrl}/`);
    await expect(refresh(server.baseUrl, refreshed.refreshToken)).rejects.toThrow(/invalid_grant/);
    // The access tokens have minutes left, but their sign-in is over: refused from the next call on.
    for (const token of [tokens.accessToken, refreshed.accessToken]) {
      const after = await session(token);
      expect(after.status).toBe(401);
      expect(await after.json()).toMatchObject({ errorMessage: 'Your session has ended; sign in again' });
    }
  });

  it('requires PKCE with S256', async () => {
    const attempts: Record<string, string>[] = [{ code_challenge_method: 'plain' }, { code_challenge: '', code_challenge_method: '' }];
    for (const params of attempts) {
      const { landing } = await authorize(server.baseUrl, { params });
      if (landing.kind !== 'callback') throw new Error(`expected an error redirect, got ${landing.status}`);
      expect(landing.params.get('error')).toBe('invalid_request');
    }
  });

  it('renders provider errors and expired sign-in pages as plain HTML pages', async () => {
    const bad = await fetch(`${server.baseUrl}/oidc/auth?client_id=fleet-web&response_type=code&scope=openid&redirect_uri=https://evil.example/cb`);
    expect(bad.status).toBe(400);
    expect(bad.headers.get('content-type')).toMatch(/text\/html/);
    const html = await bad.text();
    expect(html).toMatch(/<html lang="en">[\s\S]*<h1>Sign-in could not continue<\/h1>/);
    expect(html).not.toMatch(/at \w+ \(|node_modules/);

    const expired = await fetch(`${server.baseUrl}/oidc/interaction/${nanoid()}`);
    expect(expired.status).toBe(400);
    expect(await expired.text()).toContain('This sign-in page has expired');

    const crossSite = await fetch(`${server.baseUrl}/oidc/interaction/${nanoid()}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'email=a%40b.c&password=x',
    });
    expect(crossSite.status).toBe(400);
  });

  it('keeps keys, sessions and refresh tokens across a restart on the same data', async () => {
    const user = await addUser(server.db);
    const browser = new Browser();
    const { flow, landing } = await authorize(server.baseUrl, { browser });
    if (landing.kind !== 'page') throw new Error('expected the sign-in page');
    const callback = await submitSignIn(flow, landing, user.email, PASSWORD);
    if (callback.kind !== 'callback') throw new Error('expected the callback');
    const tokens = await exchangeCode(flow, callback.params);
    const keysBefore = server.jwks;

    await server.server.stop();
    server = await start(server.server);

    expect(server.jwks).toEqual(keysBefore);
    await jwtVerify(tokens.accessToken, createLocalJWKSet(server.jwks), { audience: 'fleet-api' });
    const renewed = await refresh(server.baseUrl, tokens.refreshToken);
    expect(renewed.refreshToken).not.toBe(tokens.refreshToken);
    // The browser session survived too: a silent authorization needs no password.
    const silent = await authorize(server.baseUrl, { browser, params: { prompt: 'none' } });
    if (silent.landing.kind !== 'callback') throw new Error(`expected a silent sign-in, got ${silent.landing.status}`);
    const again = await exchangeCode(silent.flow, silent.landing.params);
    expect((await jwtVerify(again.accessToken, createLocalJWKSet(server.jwks))).payload.sub).toBe(user.id);
  });
});
