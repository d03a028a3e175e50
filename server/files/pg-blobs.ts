import fs from 'node:fs';
import { Readable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { fileBlobs, fileChunks } from '../db/schema/index.ts';
import type { BlobStore } from './blobs.ts';
import { discard } from './receive.ts';

/** Bytes per chunk: a value PostgreSQL and the pool move in one piece without a large buffer. */
export const CHUNK_BYTES = 1024 * 1024;

/** A file's bytes in pieces of exactly `size` (the last one shorter). */
async function* chunksOf(file: string, size: number): AsyncGenerator<Buffer> {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  for await (const piece of fs.createReadStream(file, { highWaterMark: size }) as AsyncIterable<Buffer>) {
    pending.push(piece);
    pendingBytes += piece.length;
    while (pendingBytes >= size) {
      const all = Buffer.concat(pending);
      yield all.subarray(0, size);
      pending = [all.subarray(size)];
      pendingBytes -= size;
    }
  }
  if (pendingBytes > 0) yield Buffer.concat(pending);
}

/**
 * The PostgreSQL setup's store: each content in chunks (file_chunks) with a row that says it is whole
 * (file_blobs), written in one transaction through the pool, so every instance sharing the database
 * serves every file and the event loop only hands chunks to the driver. Temporary files stay on this
 * instance's disk (`tmpDir`) until kept.
 */
export function pgBlobStore(db: Db, tmpDir: string): BlobStore {
  return {
    tmpDir,

    async open() {
      await fs.promises.rm(tmpDir, { recursive: true, force: true });
      await fs.promises.mkdir(tmpDir, { recursive: true });
    },

    async has(sha256) {
      const [row] = await db.select({ sha256: fileBlobs.sha256 }).from(fileBlobs).where(eq(fileBlobs.sha256, sha256));
      return row !== undefined;
    },

    async keep(file) {
      try {
        if (await this.has(file.sha256)) return;
        await db.transaction(async (tx) => {
          let seq = 0;
          for await (const bytes of chunksOf(file.path, CHUNK_BYTES)) {
            await tx.insert(fileChunks).values({ sha256: file.sha256, seq: seq++, bytes }).onConflictDoNothing();
          }
          await tx.insert(fileBlobs).values({ sha256: file.sha256, sizeBytes: file.sizeBytes, chunkBytes: CHUNK_BYTES }).onConflictDoNothing();
        });
      } finally {
        await discard(file.path);
      }
    },

    async read(sha256, range) {
      const [blob] = await db.select().from(fileBlobs).where(eq(fileBlobs.sha256, sha256));
      if (!blob) return null;
      if (blob.sizeBytes === 0) return Readable.from([]);
      const start = range?.start ?? 0;
      const end = range?.end ?? blob.sizeBytes - 1;
      const first = Math.floor(start / blob.chunkBytes);
      const last = Math.floor(end / blob.chunkBytes);
      async function* bytes(): AsyncGenerator<Buffer> {
        // One chunk a query: the answer holds at most one chunk in memory however large the file.
        for (let seq = first; seq <= last; seq++) {
          const [chunk] = await db
            .select({ bytes: fileChunks.bytes })
            .from(fileChunks)
            .where(and(eq(fileChunks.sha256, sha256), eq(fileChunks.seq, seq)));
          if (!chunk) throw new Error(`file_chunks: chunk ${seq} of ${sha256} is missing`);
          const offset = seq * blob!.chunkBytes;
          yield chunk.bytes.subarray(Math.max(0, start - offset), Math.min(chunk.bytes.length, end - offset + 1));
        }
      }
      return Readable.from(bytes(), { objectMode: false });
    },
  };
}
