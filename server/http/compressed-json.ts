import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

const gzipAsync = promisify(gzip);

/** Answers smaller than this go as they are: compressing them saves less than it costs. */
export const COMPRESS_MIN_BYTES = 8 * 1024;

/** An answer already written as JSON text (a sync page, whose rows were serialized once to measure them). */
export class JsonText {
  constructor(readonly text: string) {}
}

/**
 * A large JSON answer (a sync page, the fleet's rows) gzipped for a client that accepts it: JSON of
 * feed rows shrinks about tenfold, which is what a page costs on a poor link. Compressed off the event
 * loop (zlib's thread pool). Other answers, and clients that do not accept gzip, get the value as is.
 */
export async function compressedJson(request: FastifyRequest, reply: FastifyReply, value: unknown): Promise<unknown> {
  reply.header('vary', 'accept-encoding');
  const plain = () => {
    if (!(value instanceof JsonText)) return value;
    reply.type('application/json; charset=utf-8');
    return value.text;
  };
  if (!/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) return plain();
  const text = value instanceof JsonText ? value.text : JSON.stringify(value);
  if (Buffer.byteLength(text) < COMPRESS_MIN_BYTES) return plain();
  reply.header('content-encoding', 'gzip').type('application/json; charset=utf-8');
  return gzipAsync(text);
}
