import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { PassThrough } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { closeConnectionsAsTheyFinish } from './graceful-close.ts';

/** A keep-alive GET whose answer has begun (headers and a first chunk out) and ends when `answer` is called. */
async function heldRequest() {
  const app = Fastify();
  closeConnectionsAsTheyFinish(app);
  let answer!: () => void;
  const received = new Promise<void>((resolve) => {
    app.get('/slow', (_request, reply) => {
      const body = new PassThrough();
      answer = () => body.end('"end"]');
      reply.header('content-type', 'application/json').send(body);
      body.write('["start",');
      resolve();
    });
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const agent = new http.Agent({ keepAlive: true });
  const { port } = app.server.address() as AddressInfo;
  const response = new Promise<string>((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: '/slow', agent }, (res) => {
        let body = '';
        res.on('data', (chunk) => (body += chunk));
        res.on('end', () => resolve(body));
      })
      .on('error', reject);
  });
  await received;
  // The first chunk has reached the client: the answer is under way when the close begins.
  await new Promise((r) => setTimeout(r, 100));
  return { app, agent, answer: () => answer(), response };
}

describe('closeConnectionsAsTheyFinish', () => {
  it('lets a close that began while an answer streamed end once the answer is out, not at the keep-alive timeout', async () => {
    const { app, agent, answer, response } = await heldRequest();
    const closed = app.close().then(() => 'closed');
    answer();
    expect(JSON.parse(await response)).toEqual(['start', 'end']);
    // Without the sweep the kept-alive connection holds the close for 72 s.
    const hung = new Promise((resolve) => setTimeout(() => resolve('still open after 3 s'), 3000).unref());
    expect(await Promise.race([closed, hung])).toBe('closed');
    agent.destroy();
  });
});
