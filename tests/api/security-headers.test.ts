import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.ts';
import { orgWithAdmin, type OrgWithAdmin } from '../support/session.ts';
import { authorize } from '../support/sign-in.ts';

/**
 * Strict headers on every answer (issue 13): the app's page and assets, API data, errors, the
 * provider's discovery document and sign-in page. API data is never stored by a cache; the discovery
 * document is not stored by shared caches.
 */

const ASSET = 'index-Ab12Cd34.js';

/** A built app as `vite build` leaves it: the page, a hashed asset, the service worker. */
function fakeBuild(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fleet-web-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    `<!doctype html><html><head><script type="module" src="/assets/${ASSET}"></script></head><body><div id="root"></div></body></html>`,
  );
  fs.writeFileSync(path.join(dir, 'assets', ASSET), 'console.log("app");\n');
  fs.writeFileSync(path.join(dir, 'sw.js'), 'self.addEventListener("fetch", () => {});\n');
  return dir;
}

let webDir: string;
let server: TestServer;
let org: OrgWithAdmin;

beforeAll(async () => {
  webDir = fakeBuild();
  server = await startTestServer({ webDir });
  org = await orgWithAdmin(server);
});
afterAll(async () => {
  await server?.stop({ drop: true });
  fs.rmSync(webDir, { recursive: true, force: true });
});

interface Answer {
  status: number;
  headers: Headers;
}

async function get(url: string, headers: Record<string, string> = {}): Promise<Answer> {
  const res = await fetch(url.startsWith('http') ? url : `${server.baseUrl}${url}`, { headers, redirect: 'manual' });
  await res.arrayBuffer();
  return { status: res.status, headers: res.headers };
}

const auth = () => ({ authorization: `Bearer ${org.admin.tokens.accessToken}` });

/** A request with the path exactly as written (fetch would normalize or refuse it). */
function raw(pathAsWritten: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port: server.port, method: 'GET', path: pathAsWritten }, (res) => {
      res.resume();
      res.on('end', () => {
        const headers = new Headers();
        for (const [name, value] of Object.entries(res.headers)) {
          for (const v of Array.isArray(value) ? value : [value ?? '']) headers.append(name, v);
        }
        resolve({ status: res.statusCode ?? 0, headers });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

/** The policies of an answer (several Content-Security-Policy headers are all enforced), each as directive → sources. */
function policies(answer: Answer): Map<string, string[]>[] {
  const header = answer.headers.get('content-security-policy');
  if (!header) return [];
  return header.split(',').map(
    (policy) =>
      new Map(
        policy
          .split(';')
          .map((d) => d.trim().split(/\s+/))
          .filter((d) => d[0])
          .map(([name, ...sources]) => [name!.toLowerCase(), sources] as const),
      ),
  );
}

/** What every answer must carry, whatever it is. */
function expectStrictHeaders(answer: Answer, what: string): void {
  const all = policies(answer);
  expect(all.length, `${what}: a Content-Security-Policy`).toBeGreaterThan(0);
  for (const policy of all) {
    expect(policy.get('frame-ancestors'), `${what}: frame-ancestors`).toEqual(["'none'"]);
    const scripts = policy.get('script-src') ?? policy.get('default-src');
    expect(scripts, `${what}: script-src or default-src`).toBeDefined();
    expect(scripts, `${what}: no inline scripts`).not.toContain("'unsafe-inline'");
    expect(policy.get('script-src-elem') ?? [], `${what}: no inline script elements`).not.toContain("'unsafe-inline'");
  }
  expect(answer.headers.get('x-content-type-options'), `${what}: nosniff`).toBe('nosniff');
  expect(answer.headers.get('referrer-policy'), `${what}: a Referrer-Policy`).toMatch(/^(no-referrer|same-origin|strict-origin|strict-origin-when-cross-origin)$/);
}

function expectNoStore(answer: Answer, what: string): void {
  expect(answer.headers.get('cache-control'), `${what}: Cache-Control`).toMatch(/(^|,\s*)no-store(\s*,|$)/);
}

describe('security headers', () => {
  it('are on the app page, its assets, the service worker and a path the app routes itself', async () => {
    const page = await get('/');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expectStrictHeaders(page, 'GET /');
    const asset = await get(`/assets/${ASSET}`);
    expect(asset.status).toBe(200);
    expectStrictHeaders(asset, 'a hashed asset');
    const sw = await get('/sw.js');
    expect(sw.status).toBe(200);
    expectStrictHeaders(sw, 'the service worker');
    const deepLink = await get('/FleetDetails');
    expect(deepLink.status).toBe(200);
    expectStrictHeaders(deepLink, 'an app route');
  });

  it('answer a JSON 404 for an unknown path under an API prefix, never the app page; the app routes its own screens', async () => {
    for (const unknown of ['/data/v1/nothing-here', '/auth/nothing/here', '/insights/usage/nowhere', '/insights/nothing']) {
      const answer = await get(unknown);
      expect(answer.status, unknown).toBe(404);
      expect(answer.headers.get('content-type'), unknown).toMatch(/application\/json/);
    }
    // An insights call is the server's: without a token, a JSON 401, never the page.
    const call = await get('/insights/inspect?start=2026-03-01&end=2026-03-31');
    expect(call.status).toBe(401);
    expect(call.headers.get('content-type')).toMatch(/application\/json/);
    for (const screen of ['/Insights', '/insights', '/Reports', '/InspectionWorkflow/123']) {
      const answer = await get(screen);
      expect(answer.status, screen).toBe(200);
      expect(answer.headers.get('content-type'), screen).toMatch(/text\/html/);
    }
  });

  it('let the app page load its own scripts, workers and stream, and nothing be framed', async () => {
    const [policy] = policies(await get('/'));
    expect(policy!.get('script-src')).toContain("'self'");
    expect(policy!.get('worker-src') ?? policy!.get('script-src')).toContain("'self'");
    expect(policy!.get('connect-src')).toEqual(expect.arrayContaining(["'self'", `ws://127.0.0.1:${server.port}`]));
    expect(policy!.get('object-src')).toEqual(["'none'"]);
    expect((await get('/')).headers.get('x-frame-options')).toBe('DENY');
  });

  it('are on API data answers, which no cache may store', async () => {
    for (const url of [
      '/auth/users',
      '/auth/users/self',
      '/data/v1/sync/pull',
      `/data/v1/organizations/${org.orgId}/users`,
      '/data/v2/vehicles',
      '/stream/ticket',
    ]) {
      const answer = await get(url, auth());
      expect(answer.status, url).toBe(200);
      expectStrictHeaders(answer, url);
      expectNoStore(answer, url);
    }
  });

  it('are on refusals and errors: 401, 403, 404, 400 and a path with dot segments', async () => {
    const unauthorized = await get('/auth/users');
    expect(unauthorized.status).toBe(401);
    expectStrictHeaders(unauthorized, '401');
    expectNoStore(unauthorized, '401 on /auth');

    const forbidden = await get(`/data/v1/organizations/someone-elses-org/users`, auth());
    expect(forbidden.status).toBe(403);
    expectStrictHeaders(forbidden, '403');
    expectNoStore(forbidden, '403 on /data');

    const missing = await get('/data/v1/no-such-route', auth());
    expect(missing.status).toBe(404);
    expectStrictHeaders(missing, '404 under /data');
    expectNoStore(missing, '404 under /data');

    const missingFile = await get('/nothing-here.png');
    expect(missingFile.status).toBe(404);
    expectStrictHeaders(missingFile, '404 of a file');

    const bad = await get('/data/v1/sync/pull?cursor=%00not-a-cursor', auth());
    expect(bad.status).toBe(400);
    expectStrictHeaders(bad, '400');
    expectNoStore(bad, '400 on /data');

    const dots = await raw('/data/x/../v1/sync/pull');
    expect(dots.status).toBe(400);
    expectStrictHeaders(dots, 'a path with dot segments');

    const noTicket = await get('/stream/events');
    expect(noTicket.status).toBeGreaterThanOrEqual(400);
    expectStrictHeaders(noTicket, 'the stream without a ticket');
  });

  it('are on a request whose path is not valid percent-encoding', async () => {
    const answer = await raw('/data/v1/%E0%A4%A');
    expect(answer.status).toBe(400);
    expectStrictHeaders(answer, 'a malformed path');
  });

  it('are on the discovery document, which a shared cache may not keep', async () => {
    const doc = await get('/oidc/.well-known/openid-configuration');
    expect(doc.status).toBe(200);
    expectStrictHeaders(doc, 'the discovery document');
    const cacheControl = doc.headers.get('cache-control') ?? '';
    expect(cacheControl).toMatch(/\b(private|no-store)\b/);
    expect(cacheControl).not.toMatch(/\b(public|s-maxage)\b/);
    const jwks = await get('/oidc/jwks');
    expect(jwks.status).toBe(200);
    expectStrictHeaders(jwks, 'the key set');
  });

  it('are on the provider’s sign-in page, with its one policy allowing only its own hashed script', async () => {
    const { landing } = await authorize(server.baseUrl);
    if (landing.kind !== 'page') throw new Error('expected the sign-in page');
    const res = await fetch(landing.url, { redirect: 'manual' });
    await res.arrayBuffer();
    const page = { status: res.status, headers: res.headers };
    expectStrictHeaders(page, 'the sign-in page');
    const all = policies(page);
    // One policy: a second (say the app's) would also be enforced and block the page's own script.
    expect(all).toHaveLength(1);
    expect(all[0]!.get('script-src')!.every((s) => /^'sha256-[A-Za-z0-9+/=]+'$/.test(s))).toBe(true);
    expectNoStore(page, 'the sign-in page');
  });

  it('are on the provider’s error answers', async () => {
    const res = await get('/oidc/auth?client_id=nobody&response_type=code');
    expect(res.status).toBeGreaterThanOrEqual(400);
    expectStrictHeaders(res, 'an authorization error');
    const token = await fetch(`${server.baseUrl}/oidc/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=refresh_token&refresh_token=nope&client_id=fleet-web',
    });
    await token.arrayBuffer();
    expect(token.status).toBe(400);
    expectStrictHeaders({ status: token.status, headers: token.headers }, 'a token error');
    expectNoStore({ status: token.status, headers: token.headers }, 'a token error');
  });
});
