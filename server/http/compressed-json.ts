import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { acceptedCoding, type Coding } from './accepted-encoding.ts';

/** Answers smaller than this go as they are: compressing them saves less than it costs. */
export const COMPRESS_MIN_BYTES = 8 * 1024;

/**
 * Brotli's quality and window for large answers. On an 8 MiB sync page gzip's default makes 789 KiB in
 * 55 ms of zlib's thread pool; brotli 4 with a 256 KiB window makes 638 KiB in 35 ms, and quality 5,
 * 585 KiB in 85 ms (docs/performance.md, "Sync: a device's first pull").
 */
const BROTLI_QUALITY = 4;
const BROTLI_WINDOW_BITS = 18;

/**
 * zlib's output buffer. With its default of 16 KiB the thread pool hands every 16 KiB of output back
 * to the event loop before it goes on; a compressed page of the pull (560 KiB) fits in one of 1 MiB.
 * An 8 MiB page took 33 to 43 ms to compress instead of 44 to 52 (docs/performance.md).
 */
const OUTPUT_CHUNK_BYTES = 1024 * 1024;

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

function compress(coding: Coding, text: string): Promise<Buffer> {
  if (coding === 'gzip') return gzipAsync(text, { chunkSize: OUTPUT_CHUNK_BYTES });
  return brotliAsync(text, {
    chunkSize: OUTPUT_CHUNK_BYTES,
    params: {
      [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
      [constants.BROTLI_PARAM_LGWIN]: BROTLI_WINDOW_BITS,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    },
  });
}

/** An answer already written as JSON text (a sync page, whose rows were serialized once to measure them). */
export class JsonText {
  constructor(readonly text: string) {}
}

/**
 * A large JSON answer (a sync page, the fleet's rows) compressed for a client that accepts it, brotli
 * before gzip (server/http/accepted-encoding.ts): JSON of feed rows shrinks tenfold or more, which is
 * what a page costs on a poor link. Compressed off the event loop (zlib's thread pool). Other answers,
 * and clients that accept neither coding, get the value as is.
 */
export async function compressedJson(request: FastifyRequest, reply: FastifyReply, value: unknown): Promise<unknown> {
  reply.header('vary', 'accept-encoding');
  const plain = () => {
    if (!(value instanceof JsonText)) return value;
    reply.type('application/json; charset=utf-8');
    return value.text;
  };
  const coding = acceptedCoding(request.headers['accept-encoding']);
  if (coding === null) return plain();
  const text = value instanceof JsonText ? value.text : JSON.stringify(value);
  if (Buffer.byteLength(text) < COMPRESS_MIN_BYTES) return plain();
  reply.header('content-encoding', coding).type('application/json; charset=utf-8');
  return compress(coding, text);
}
