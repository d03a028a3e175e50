import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.ts';

/** The two pages of a build: the website's and the inspection app's (its own manifest). */
function fakeBuild(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fleet-web-'));
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>website</title><link rel="manifest" href="/manifest.webmanifest">');
  fs.writeFileSync(path.join(dir, 'inspect.html'), '<!doctype html><title>inspection app</title><link rel="manifest" href="/inspect.webmanifest">');
  return dir;
}

let webDir: string;
let server: TestServer;

beforeAll(async () => {
  webDir = fakeBuild();
  server = await startTestServer({ webDir });
});
afterAll(async () => {
  await server.stop({ drop: true });
  fs.rmSync(webDir, { recursive: true, force: true });
});

const get = (url: string, host = 'www.fleet.test') => server.app.inject({ method: 'GET', url, headers: { host } });

describe('the inspection app’s page (issue 49)', () => {
  it('is what /inspect and every address under it open, on any host; the website keeps its own', async () => {
    for (const url of ['/inspect', '/inspect/', '/inspect/run/abc', '/inspect/vehicles/x?y=1']) {
      const page = await get(url);
      expect(page.statusCode, url).toBe(200);
      expect(page.body, url).toContain('inspection app');
    }
    for (const url of ['/', '/FleetDetails', '/inspector', '/inspections']) expect((await get(url)).body, url).toContain('website');
  });

  it('is where the root of a pwa host goes; the sign-in callback stays the website’s page', async () => {
    for (const host of ['pwa.fleet.test', 'PWA-dev.fleet.test:8443']) {
      const root = await get('/', host);
      expect(root.statusCode, host).toBe(302);
      expect(root.headers.location, host).toBe('/inspect');
    }
    expect((await get('/', 'www.fleet.test')).body).toContain('website');
    expect((await get('/signin-callback?code=x', 'pwa.fleet.test')).body).toContain('website');
  });
});
