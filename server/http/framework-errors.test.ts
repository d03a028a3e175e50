import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientErrorHandler, frameworkErrorHandler, installErrorHandling } from './errors.ts';

// What server/app.ts gets by passing these handlers to Fastify (options frameworkErrors and
// clientErrorHandler): the refusals Fastify makes before any route, in the one error format.
const app = Fastify({ frameworkErrors: frameworkErrorHandler, clientErrorHandler });
installErrorHandling(app);
app.get('/things/:id', async (request) => request.params);
// What a database driver throws (its SQLSTATE in `code`), and Drizzle's wrapping of it (in `cause`).
app.get('/refused/:state', async (request) => {
  const { state } = request.params as { state: string };
  const driver = Object.assign(new Error('the database refused'), { code: state });
  throw state === '23505' ? new Error('Failed query: insert into ...', { cause: driver }) : driver;
});
let port = 0;

beforeAll(async () => {
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as AddressInfo).port;
});
afterAll(() => app.close());

function get(path: string): Promise<{ status: number; type: string; body: unknown }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path, agent: false }, (res) => {
      let text = '';
      res.on('data', (c: Buffer) => (text += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type']), body: JSON.parse(text) }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('refusals made before any route', () => {
  it('answers a broken percent-escape, an over-long path parameter and an unparsable request line with {errorMessage}', async () => {
    const cases: [string, number, string][] = [
      ['/things/%', 400, 'The request path holds an invalid percent-escape'],
      [`/things/${'a'.repeat(200)}`, 414, 'A segment of the request path is too long'],
      ['/things/a?x=\u00e9', 400, 'The request is not valid HTTP'],
      [`/things/a?x=${'a'.repeat(20_000)}`, 431, 'The request headers are too large'],
    ];
    for (const [path, status, errorMessage] of cases) {
      const res = await get(path);
      expect(res, path.slice(0, 40)).toEqual({ status, type: 'application/json; charset=utf-8', body: { errorMessage, errors: [{ message: errorMessage }] } });
    }
    expect((await get('/things/ok')).body).toEqual({ id: 'ok' });
  });
});

describe('what the database refuses', () => {
  it('answers a value it cannot store with 400 and a clash with 409, never 500, so a synced change is not retried for ever', async () => {
    expect(await get('/refused/22003')).toMatchObject({ status: 400, body: { errorMessage: 'A number in the request is too large to store' } });
    expect(await get('/refused/54000')).toMatchObject({ status: 400, body: { errorMessage: 'A value in the request is too large to store' } });
    expect(await get('/refused/23505')).toMatchObject({ status: 409, body: { errorMessage: 'A record with this id or name exists already' } });
    // Anything else the database says is the server's failure.
    expect(await get('/refused/XX000')).toMatchObject({ status: 500 });
  });
});
