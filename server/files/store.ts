import path from 'node:path';
import { Readable } from 'node:stream';
import { createHash } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { nanoid } from 'nanoid';
import { FILE_TYPE_MESSAGE, isAccepted, sniffFileType, type FileType, type FileUse } from '../../core/rules/file-type.ts';
import type { UploadedFile } from '../../core/schema/file.ts';
import type { Database, Queryable, Tx } from '../db/client.ts';
import { storedFiles } from '../db/schema/index.ts';
import { badRequest } from '../http/errors.ts';
import type { BlobStore, ByteRange } from './blobs.ts';
import { diskBlobStore } from './disk-blobs.ts';
import { pgBlobStore } from './pg-blobs.ts';
import { receiveFile, type ReceivedFile, type ReceiveOptions } from './receive.ts';

/**
 * The one file store (docs/files.md): the bytes of every file once, in a blob store (blobs.ts: on
 * disk with PGlite, in chunks with PostgreSQL), and per organization the record that it holds a
 * content (stored_files). Bytes are received into temporary files as they arrive (`receive`), judged
 * by their first bytes (core/rules/file-type.ts) and moved into the blob store (`keep`) before the
 * write that records them (`record`), so no write waits on bytes and no request holds a file in memory.
 */

export const DAMAGED_MESSAGE = 'The file arrived damaged: its content does not match its sha256. Send it again.';

export function sha256Of(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** A content in the blob store, judged for a use: what a write may record. */
export interface KeptFile extends UploadedFile {
  mimeType: FileType;
}

/** A content an organization holds. */
export interface HeldFile extends UploadedFile {
  mimeType: FileType;
  /** The first name it came with (none for bytes sent alone, until a record names it). */
  filename: string | null;
}

/** Where a write puts a file: its transaction, the revision it took and the organization. */
export interface FileScope {
  tx: Tx;
  rev: number;
  orgId: string;
}

/** Who records a kept file, and the name it came with (none for bytes sent alone). */
export interface Recording {
  by: string;
  filename: string | null;
}

export interface FileStore {
  readonly limitBytes: number;
  readonly blobs: BlobStore;
  /** Streams a file into a temporary file (at most limitBytes: past it 413); the caller discards it unless kept. */
  receive(source: Readable, budget?: ReceiveOptions['budget']): Promise<ReceivedFile>;
  /** The file's type for the use, or 400 with the use's type message. */
  judge(file: ReceivedFile, use: FileUse): FileType;
  /** Judges the file and moves its bytes into the blob store (once per content); the temporary file is gone after. */
  keep(file: ReceivedFile, use: FileUse): Promise<KeptFile>;
  /** Bytes already in memory (the seed's small placeholders, a legacy row): kept as a received file is. */
  keepBytes(bytes: Uint8Array): Promise<string>;
  /** The organization's content, if it holds it. */
  lookup(q: Queryable, orgId: string, sha256: string): Promise<HeldFile | null>;
  /** Inside a write: the organization holds a kept content (once, however often it is sent). */
  record(scope: FileScope, file: KeptFile, recording: Recording): Promise<HeldFile>;
  /**
   * A content a record is about to name: 400 unless the organization holds it ("has not been uploaded
   * yet") and its type suits the use. The first name a record gives it is kept with it.
   */
  hold(scope: FileScope, ref: { sha256: string; filename: string }, use: FileUse): Promise<HeldFile>;
  /** The content's bytes (a range of them); null when the blob store lacks it. Who may read it is `lookup`'s business. */
  read(sha256: string, range?: ByteRange): Promise<Readable | null>;
}

type StoredRow = typeof storedFiles.$inferSelect;

const held = (row: Pick<StoredRow, 'sha256' | 'mimeType' | 'sizeBytes' | 'filename'>): HeldFile => ({
  sha256: row.sha256,
  mimeType: row.mimeType as FileType,
  sizeBytes: row.sizeBytes,
  filename: row.filename,
});

function checkType(type: FileType | null, use: FileUse): FileType {
  if (!isAccepted(type, use)) throw badRequest(FILE_TYPE_MESSAGE[use]);
  return type;
}

/** The blob store of a setup: disk under DATA_DIR with PGlite, chunks in the database with PostgreSQL. */
export function blobStoreFor(database: Database, dataDir: string): BlobStore {
  const root = path.join(dataDir, 'file-store');
  return database.kind === 'postgres' ? pgBlobStore(database.db, path.join(root, 'tmp')) : diskBlobStore(root);
}

export function createFileStore(blobs: BlobStore, limitBytes: number): FileStore {
  const holding = (orgId: string, sha256: string) => and(eq(storedFiles.orgId, orgId), eq(storedFiles.sha256, sha256), isNull(storedFiles.deletedAt));

  async function lookup(q: Queryable, orgId: string, sha256: string): Promise<HeldFile | null> {
    const [row] = await q.select().from(storedFiles).where(holding(orgId, sha256));
    return row ? held(row) : null;
  }

  /** Keeps the first name a content is given (an upload of bytes alone has none). */
  async function name(scope: FileScope, file: HeldFile, filename: string | null): Promise<HeldFile> {
    if (file.filename !== null || filename === null) return file;
    await scope.tx
      .update(storedFiles)
      .set({ filename, rev: scope.rev, updatedAt: new Date() })
      .where(and(holding(scope.orgId, file.sha256), isNull(storedFiles.filename)));
    return { ...file, filename };
  }

  const receive = (source: Readable, budget?: ReceiveOptions['budget']) => receiveFile(source, { dir: blobs.tmpDir, limitBytes, ...(budget ? { budget } : {}) });
  const judge = (file: ReceivedFile, use: FileUse) => checkType(sniffFileType(file.head), use);

  return {
    limitBytes,
    blobs,
    receive,
    judge,
    lookup,

    async keep(file, use) {
      const mimeType = judge(file, use);
      await blobs.keep(file);
      return { sha256: file.sha256, sizeBytes: file.sizeBytes, mimeType };
    },

    async keepBytes(bytes) {
      const file = await receiveFile(Readable.from([Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)]), { dir: blobs.tmpDir, limitBytes: Infinity });
      await blobs.keep(file);
      return file.sha256;
    },

    async record(scope, file, recording) {
      const { tx, orgId, rev } = scope;
      const [inserted] = await tx
        .insert(storedFiles)
        .values({
          id: nanoid(),
          orgId,
          rev,
          sha256: file.sha256,
          mimeType: file.mimeType,
          sizeBytes: file.sizeBytes,
          filename: recording.filename,
          createdBy: recording.by,
        })
        .onConflictDoNothing({ target: [storedFiles.orgId, storedFiles.sha256] })
        .returning();
      if (inserted) return held(inserted);
      const existing = await lookup(tx, orgId, file.sha256);
      if (!existing) throw new Error(`stored_files: ${file.sha256} of ${orgId} is neither new nor there`);
      return name(scope, existing, recording.filename);
    },

    async hold(scope, ref, use) {
      const file = await lookup(scope.tx, scope.orgId, ref.sha256);
      if (!file) throw badRequest(`The file ${ref.filename} has not been uploaded yet`);
      checkType(file.mimeType, use);
      return name(scope, file, ref.filename);
    },

    read: (sha256, range) => blobs.read(sha256, range),
  };
}
