import { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { errorBody } from './errors.ts';

/** What a request turned away by a busy server is told; the app keeps its work and tries again. */
export const SERVER_BUSY_MESSAGE = 'The server is busy; your device keeps its changes and tries again in a few seconds';

/** How long a request turned away is asked to wait, in seconds (the device's backoff starts at 1 s). */
export const SHED_RETRY_AFTER_SECONDS = 2;

/** How many API calls may wait for a slot, per slot: a device's burst waits, a crowd is turned away. */
export const QUEUE_PER_SLOT = 4;

/**
 * Load shedding: at most `limit` API calls run at once; the next ones wait their turn in order, up to
 * QUEUE_PER_SLOT x `limit`, and past that a call is answered at once with 503 and `Retry-After`
 * instead of joining the queue. Without it every call ran at once: on PGlite, whose queries run on
 * the event loop, each waited behind all the others and so did /healthz (over 400 ms at 64 devices),
 * and latency grew without bound (docs/performance.md "Many devices on one instance"). The health
 * checks, the sign-in, the app's files, the live stream and uploads (paced by their own gate,
 * server/files/upload-gate.ts) are never held: only `/data/` calls, whose clients back off and try again.
 */
export function shedLoad(app: FastifyInstance, limit: number): { inFlight(): number; waiting(): number } {
  let inFlight = 0;
  const queue: (() => void)[] = [];
  const held = new WeakSet<object>();
  const release = (raw: object) => {
    if (!held.delete(raw)) return;
    inFlight--;
    queue.shift()?.();
  };
  app.addHook('onRequest', async (request, reply) => {
    // A push's mutations are injected (server/sync/push.ts) and run inside the push's own slot.
    if (!(request.raw.socket instanceof Socket)) return;
    if (!request.url.startsWith('/data/') || isUpload(request.method, request.url, request.headers['content-type'])) return;
    if (inFlight >= limit) {
      if (queue.length >= limit * QUEUE_PER_SLOT) {
        return reply.status(503).header('Retry-After', String(SHED_RETRY_AFTER_SECONDS)).send(errorBody(SERVER_BUSY_MESSAGE));
      }
      let gone = false;
      await new Promise<void>((resolve) => {
        const turn = () => resolve();
        queue.push(turn);
        // A client that leaves while waiting gives up its place.
        reply.raw.once('close', () => {
          gone = true;
          const at = queue.indexOf(turn);
          if (at >= 0) queue.splice(at, 1);
          resolve();
        });
      });
      if (gone) {
        // Nobody to answer: the call is dropped before its handler runs.
        reply.hijack();
        return;
      }
    }
    inFlight++;
    held.add(reply.raw);
    // The client gone before an answer: the slot is free again.
    reply.raw.once('close', () => release(reply.raw));
  });
  // A call holds its slot while its handler works, not while a slow link takes its answer (a file).
  app.addHook('onSend', async (_request, reply, payload) => {
    release(reply.raw);
    return payload;
  });
  return { inFlight: () => inFlight, waiting: () => queue.length };
}

/** Uploads take as long as the link does. */
const isUpload = (method: string, url: string, type: string | undefined) =>
  (method === 'PUT' && url.startsWith('/data/v1/files/')) || (type !== undefined && /^multipart\//i.test(type));
