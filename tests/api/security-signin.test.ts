import { nanoid } from 'nanoid';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.ts';
import { createOrg, createUser, type TestUser } from '../support/factories.ts';
import { alertText, authorize, parseForm, type Flow, type Landing } from '../support/sign-in.ts';

/**
 * Sign-in throttling (issue 13): attempts are counted as they arrive, per account and client and per
 * client; the client is the socket's address unless TRUST_PROXY names the proxy.
 */

let direct: TestServer; // TRUST_PROXY unset: X-Forwarded-* mean nothing
let proxied: TestServer; // TRUST_PROXY=true: each test speaks for a client address of its own

beforeAll(async () => {
  [direct, proxied] = await Promise.all([startTestServer(), startTestServer({ env: { TRUST_PROXY: 'true' } })]);
});
afterAll(async () => {
  await Promise.all([direct?.stop({ drop: true }), proxied?.stop({ drop: true })]);
});

async function userOn(server: TestServer): Promise<TestUser> {
  const org = await createOrg(server.ctx);
  return createUser(server.ctx, org.orgId, org.sectionId, { role: 'dispatcher' });
}

async function signInPage(server: TestServer): Promise<{ flow: Flow; page: Extract<Landing, { kind: 'page' }> }> {
  const { flow, landing } = await authorize(server.baseUrl);
  if (landing.kind !== 'page') throw new Error('expected the sign-in page');
  return { flow, page: landing };
}

interface Answer {
  status: number;
  location: string | null;
  retryAfter: string | null;
  alert: string | undefined;
}

/** Posts the sign-in form once, as the browser would, optionally through a (claimed) proxy. */
async function post(flow: Flow, page: Extract<Landing, { kind: 'page' }>, email: string, password: string, forwardedFor?: string): Promise<Answer> {
  const form = parseForm(page.html, page.url)!;
  const body = new URLSearchParams({ email, password });
  const res = await flow.browser.fetch(form.action, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}) },
    body: body.toString(),
  });
  const html = await res.text();
  return { status: res.status, location: res.headers.get('location'), retryAfter: res.headers.get('retry-after'), alert: alertText(html) };
}

const count = (answers: Answer[], status: number) => answers.filter((a) => a.status === status).length;

describe('sign-in throttling under concurrency', () => {
  it('checks at most the five free attempts of a burst of twelve wrong passwords; the rest wait', async () => {
    const user = await userOn(proxied);
    const { flow, page } = await signInPage(proxied);
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => post(flow, page, user.email, `wrong-${i}`, '203.0.113.1')));
    expect(answers.every((a) => a.status === 401 || a.status === 429)).toBe(true);
    expect(count(answers, 401)).toBeLessThanOrEqual(5);
    expect(count(answers, 429)).toBeGreaterThanOrEqual(7);
    const waited = answers.find((a) => a.status === 429)!;
    expect(Number(waited.retryAfter)).toBeGreaterThan(0);
    expect(waited.alert).toMatch(/^Too many failed sign-in attempts\. Wait \d+ seconds?, then try again\.$/);
  });

  it('does not sign in with the right password sent in one burst after eleven wrong ones', async () => {
    const user = await userOn(proxied);
    const { flow, page } = await signInPage(proxied);
    const client = '203.0.113.2';
    const wrong = Array.from({ length: 11 }, (_, i) => post(flow, page, user.email, `wrong-${i}`, client));
    // The right one goes while the wrong ones are still being answered: at the first answer back.
    await Promise.race(wrong);
    const right = await post(flow, page, user.email, user.password, client);
    const answers = await Promise.all(wrong);
    expect(right.status).toBe(429);
    expect(right.location).toBeNull();
    expect(count(answers, 401)).toBeLessThanOrEqual(5);
  });

  it('slows one client that tries thirty different accounts in a row: twenty are checked, then it waits', async () => {
    const { flow, page } = await signInPage(proxied);
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) statuses.push((await post(flow, page, `nobody-${i}-${nanoid(6)}@example.test`, 'guess-1', '203.0.113.3')).status);
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(401));
    expect(statuses.slice(20)).toEqual(Array(10).fill(429));
  });

  it('without TRUST_PROXY, a forged X-Forwarded-For does not make a client look like many', async () => {
    const { flow, page } = await signInPage(direct);
    const statuses: number[] = [];
    for (let i = 0; i < 22; i++) {
      statuses.push((await post(flow, page, `forged-${i}-${nanoid(6)}@example.test`, 'guess-1', `198.51.100.${i + 1}`)).status);
    }
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(401));
    expect(statuses.slice(20)).toEqual([429, 429]);
  });

  it('with TRUST_PROXY, the address the proxy forwards is the client', async () => {
    const { flow, page } = await signInPage(proxied);
    const statuses: number[] = [];
    for (let i = 0; i < 22; i++) {
      statuses.push((await post(flow, page, `relayed-${i}-${nanoid(6)}@example.test`, 'guess-1', `192.0.2.${i + 1}`)).status);
    }
    expect(statuses).toEqual(Array(22).fill(401));
  });

  it('lets the owner in after a stranger elsewhere failed on the account, and a success forgets the failures', async () => {
    const user = await userOn(proxied);
    const { flow, page } = await signInPage(proxied);
    for (let i = 0; i < 6; i++) await post(flow, page, user.email, `stranger-${i}`, '203.0.113.50');
    const owner = await signInPage(proxied);
    for (let i = 0; i < 4; i++) expect((await post(owner.flow, owner.page, user.email, `typo-${i}`, '203.0.113.51')).status).toBe(401);
    const signedIn = await post(owner.flow, owner.page, user.email, user.password, '203.0.113.51');
    expect(signedIn.status).toBe(303);
    const again = await signInPage(proxied);
    for (let i = 0; i < 5; i++) expect((await post(again.flow, again.page, user.email, `typo-${i}`, '203.0.113.51')).status).toBe(401);
  });
});

describe('sign-in input', () => {
  it('answers an email with a NUL or a lone surrogate with the normal refusal, not a 500', async () => {
    const user = await userOn(proxied);
    for (const email of [`${user.email}\u0000`, `a\u0000b@example.test`, `\uD800${user.email}`]) {
      const { flow, page } = await signInPage(proxied);
      const answer = await post(flow, page, email, user.password, '203.0.113.9');
      expect(answer.status).toBe(401);
      expect(answer.alert).toBe('Incorrect email or password.');
    }
  });
});

describe('forwarded headers and the discovery document', () => {
  const forged = { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https', 'x-forwarded-for': '192.0.2.66' };

  it('without TRUST_PROXY, names this server whatever X-Forwarded-Host says', async () => {
    const res = await fetch(`${direct.baseUrl}/oidc/.well-known/openid-configuration`, { headers: forged });
    const doc = (await res.json()) as Record<string, unknown>;
    expect(doc.issuer).toBe(`${direct.baseUrl}/oidc`);
    for (const key of ['authorization_endpoint', 'token_endpoint', 'userinfo_endpoint', 'end_session_endpoint', 'jwks_uri']) {
      expect(String(doc[key])).toMatch(new RegExp(`^${direct.baseUrl.replace(/[.]/g, '\\.')}/oidc/`));
    }
    expect(JSON.stringify(doc)).not.toContain('evil.example');
  });

  it('with TRUST_PROXY, names the host and scheme the proxy forwards', async () => {
    const res = await fetch(`${proxied.baseUrl}/oidc/.well-known/openid-configuration`, {
      headers: { 'x-forwarded-host': 'fleet.example', 'x-forwarded-proto': 'https' },
    });
    const doc = (await res.json()) as Record<string, unknown>;
    expect(doc.authorization_endpoint).toBe('https://fleet.example/oidc/auth');
  });
});

describe('sign-in throttling over time (the clock faked, so no test waits minutes)', () => {
  it("25 failures from one address, then a success from it: another user's sign-in from the same address is not made to wait longer than before the success", async () => {
    const client = '203.0.113.60';
    const owner = await userOn(proxied);
    const other = await userOn(proxied);
    // Only Date: the server runs in this process, so the throttle's clock is this one; timers stay real.
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    try {
      const step = (seconds: number) => vi.setSystemTime(Date.now() + seconds * 1000);
      const { flow, page } = await signInPage(proxied);
      const waited: number[] = [];
      for (let i = 0; i < 25; i++) {
        const email = `nobody-${i}-${nanoid(6)}@example.test`;
        let answer = await post(flow, page, email, 'guess-1', client);
        if (answer.status === 429) {
          waited.push(Number(answer.retryAfter));
          step(Number(answer.retryAfter));
          answer = await post(flow, page, email, 'guess-1', client);
        }
        expect(answer.status).toBe(401);
      }
      // Twenty free, then each failure waited for (5 s doubling).
      expect(waited).toHaveLength(5);

      const next = await signInPage(proxied);
      const before = await post(next.flow, next.page, other.email, other.password, client);
      expect(before.status).toBe(429);
      const waitBefore = Number(before.retryAfter);
      const measuredAt = Date.now();
      expect(waitBefore).toBeGreaterThan(60);
      // The address's wait waited out, someone signs in from it.
      step(waitBefore);
      const signedIn = await post(flow, page, owner.email, owner.password, client);
      expect(signedIn.status).toBe(303);

      const after = await post(next.flow, next.page, other.email, other.password, client);
      const waitAfter = after.status === 429 ? Number(after.retryAfter) : 0;
      // What the other user would have waited now without the success: the wait before, less the time since.
      expect(waitAfter).toBeLessThanOrEqual(Math.max(0, waitBefore - (Date.now() - measuredAt) / 1000));
      expect(after.status).toBe(303);
    } finally {
      vi.useRealTimers();
    }
  });
});
