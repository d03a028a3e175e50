import { createHash } from 'node:crypto';
import http from 'node:http';
import { once } from 'node:events';

const MiB = 1024 * 1024;

/** A request whose body goes out as it is made, as a large upload from a device does. */
export interface StreamedRequest {
  /** The whole body was handed to the socket. */
  sent: Promise<void>;
  /** The answer: status, headers and body text. */
  done: Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>;
  /** Cuts the connection, as a client that goes away mid-upload. */
  destroy(): void;
}

/**
 * Sends `body` chunk by chunk, waiting for the socket to drain as a client does (Content-Length when
 * given, else chunked). `pause` lets the caller hold the body between chunks.
 */
export function streamedRequest(
  url: string,
  options: { method: string; headers: Record<string, string>; body: AsyncIterable<Buffer> | Iterable<Buffer>; pause?: (sentBytes: number) => Promise<void> },
): StreamedRequest {
  // A connection of its own: a refused upload's connection is closed by the server, not reused.
  const req = http.request(url, { method: options.method, headers: options.headers, agent: false });
  const done = new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString() }));
      res.on('error', reject);
    });
    req.on('error', reject);
    // Destroyed before an answer came (the caller went away): no answer will.
    req.on('close', () => reject(new Error('the request was closed before an answer')));
  });
  const sent = (async () => {
    let sentBytes = 0;
    for await (const chunk of options.body) {
      if (req.destroyed) return;
      if (!req.write(chunk)) await drainOrClose(req);
      sentBytes += chunk.length;
      await options.pause?.(sentBytes);
    }
    req.end();
    await once(req, 'finish');
  })();
  // The answer may come before the whole body went (a refusal): the writer's failure is not the test's.
  sent.catch(() => undefined);
  done.catch(() => undefined);
  return { sent, done, destroy: () => req.destroy() };
}

function drainOrClose(req: http.ClientRequest): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      req.off('drain', done);
      req.off('close', done);
      resolve();
    };
    req.on('drain', done);
    req.on('close', done);
  });
}

/**
 * A file of `bytes` bytes made of one 1 MiB piece repeated (a PNG's magic first, `seed` making it
 * unique), yielded a piece at a time so that the client holds 1 MiB however large the file; with its
 * sha256, computed the same way.
 */
export function bigFile(bytes: number, seed: number): { sha256: string; chunks: () => Generator<Buffer> } {
  const piece = Buffer.alloc(Math.min(MiB, bytes), seed % 251);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(piece);
  piece.writeUInt32BE(seed, 8);
  function* chunks(): Generator<Buffer> {
    for (let left = bytes; left > 0; left -= piece.length) yield left >= piece.length ? piece : piece.subarray(0, left);
  }
  const hash = createHash('sha256');
  for (const chunk of chunks()) hash.update(chunk);
  return { sha256: hash.digest('hex'), chunks };
}

/** A multipart/form-data body, streamed: text fields, then files made of chunks. */
export function multipartBody(boundary: string, fields: Record<string, string>, files: { field: string; filename: string; chunks: () => Iterable<Buffer> }[]) {
  return function* (): Generator<Buffer> {
    for (const [name, value] of Object.entries(fields)) {
      yield Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
    }
    for (const file of files) {
      yield Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\nContent-Type: image/png\r\n\r\n`);
      yield* file.chunks();
      yield Buffer.from('\r\n');
    }
    yield Buffer.from(`--${boundary}--\r\n`);
  };
}
