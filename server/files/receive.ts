import { createHash } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { nanoid } from 'nanoid';
import { FILE_TOO_LARGE_MESSAGE } from '../../core/schema/file.ts';
import { HttpError } from '../http/errors.ts';

/** How many of a file's first bytes are kept to judge its type (core/rules/file-type.ts needs 8). */
const HEAD_BYTES = 64;

/**
 * A file received into a temporary file, hashed and counted on the way: the bytes never sit in memory
 * whole. Whoever receives one removes it (`discard`) on every path; the store's `keep` moves it.
 */
export interface ReceivedFile {
  path: string;
  sha256: string;
  sizeBytes: number;
  /** Its first bytes, to judge its type. */
  head: Buffer;
}

export interface ReceiveOptions {
  /** The folder of temporary files (on the store's file system, so a rename moves one). */
  dir: string;
  /** Past this many bytes: 413 with FILE_TOO_LARGE_MESSAGE, before more is read. */
  limitBytes: number;
  /** What the whole request may still bring, shared by its files: past it, `budget.error`. */
  budget?: { bytesLeft: number; error: () => Error };
}

/**
 * Streams `source` into a new temporary file in `dir`, hashing it as it goes, then flushes it to disk
 * (fsync), so a file kept after a crash is whole. On any failure (the limit, the client gone, the disk)
 * the temporary file is removed and the error thrown.
 */
export async function receiveFile(source: Readable, options: ReceiveOptions): Promise<ReceivedFile> {
  const file = path.join(options.dir, `${Date.now()}-${nanoid(10)}.part`);
  const hash = createHash('sha256');
  const head: Buffer[] = [];
  let headBytes = 0;
  let sizeBytes = 0;
  const count = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      sizeBytes += chunk.length;
      if (sizeBytes > options.limitBytes) return done(new HttpError(413, FILE_TOO_LARGE_MESSAGE));
      if (options.budget && (options.budget.bytesLeft -= chunk.length) < 0) return done(options.budget.error());
      hash.update(chunk);
      if (headBytes < HEAD_BYTES) {
        head.push(chunk.subarray(0, HEAD_BYTES - headBytes));
        headBytes += head.at(-1)!.length;
      }
      done(null, chunk);
    },
  });
  try {
    await pipeline(source, count, fs.createWriteStream(file, { flags: 'wx' }));
    // busboy cuts a file at its own limit and marks it; past it is past ours.
    if ((source as Readable & { truncated?: boolean }).truncated) throw new HttpError(413, FILE_TOO_LARGE_MESSAGE);
    const handle = await fsp.open(file, 'r+');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch (error) {
    await discard(file);
    throw error;
  }
  return { path: file, sha256: hash.digest('hex'), sizeBytes, head: Buffer.concat(head) };
}

/** Removes a temporary file; one already moved or removed is no error. */
export async function discard(file: string): Promise<void> {
  await fsp.rm(file, { force: true });
}
