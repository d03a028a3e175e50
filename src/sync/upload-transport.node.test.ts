// @vitest-environment jsdom
// A test of the app's code that needs Node's own modules (a local HTTP server): tsconfig.json checks it, not tsconfig.app.json.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, isTransient, OfflineError } from './errors.ts';
import { createUploadTransport } from './upload-transport.ts';

// A stand-in for what answers in the server's place: each request gets the answer `next` says. The page
// runs on another origin in jsdom, so the stand-in allows it as the server's own origin would be.
let next: { status: number; type: string; body: string; headers?: Record<string, string> } = { status: 200, type: 'application/json', body: '{}' };
const server = http.createServer((req, res) => {
  res.setHeader('access-control-allow-origin', '*');
  res.setHeader('access-control-allow-headers', 'authorization, content-type, accept');
  res.setHeader('access-control-allow-methods', 'PUT');
  res.setHeader('access-control-expose-headers', 'retry-after');
  if (req.method === 'OPTIONS') return res.end();
  req.resume();
  req.on('end', () => {
    res.writeHead(next.status, { 'content-type': next.type, ...next.headers });
    res.end(next.body);
  });
});
let baseUrl = '';
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const upload = () =>
  createUploadTransport({ baseUrl, getAccessToken: async () => 'token', onForbidden: () => undefined })({
    hash: 'a'.repeat(64),
    blob: new Blob(['a photo']),
    onProgress: () => undefined,
    signal: new AbortController().signal,
  });

describe('the upload transport', () => {
  it('takes a success it cannot read (a captive portal answering for the server) as the server not reached: the file is sent again later', async () => {
    next = { status: 200, type: 'text/html', body: '<html><body>Sign in to the base Wi-Fi</body></html>' };
    const error = await upload().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OfflineError);
    expect(isTransient(error)).toBe(true);
  });

  it("keeps the server's refusal a refusal, with its message", async () => {
    next = { status: 400, type: 'application/json', body: JSON.stringify({ errorMessage: 'The file is empty' }) };
    const error = await upload().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, message: 'The file is empty' });
    expect(isTransient(error)).toBe(false);
    expect((error as ApiError).retryAfterMs).toBeUndefined();
  });

  it('reads when the server asks to be tried again (429, Retry-After): a transient failure with its wait and message', async () => {
    next = { status: 429, type: 'application/json', body: JSON.stringify({ errorMessage: 'Too many uploads in progress' }), headers: { 'retry-after': '30' } };
    const error = await upload().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 429, message: 'Too many uploads in progress', retryAfterMs: 30_000 });
    expect(isTransient(error)).toBe(true);
  });
});
