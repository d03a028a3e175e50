import { createHash } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { nanoid } from 'nanoid';
import { FILE_TYPE_MESSAGE, isAccepted, sniffFileType, type FileType, type FileUse } from '../../core/rules/file-type.ts';
import { FILE_TOO_LARGE_MESSAGE, type UploadedFile } from '../../core/schema/file.ts';
import type { Queryable, Tx } from '../db/client.ts';
import { fileContents, storedFiles } from '../db/schema/index.ts';
import { badRequest, HttpError } from '../http/errors.ts';

/**
 * The one file store (docs/files.md): the bytes of every file once, in the database (file_contents,
 * by sha256), and per organization the record that it holds a content (stored_files). A file's type
 * is judged by its bytes (core/rules/file-type.ts), never by its name or declared type; a file past
 * the size limit is refused with 413. Everything a route stores goes through `put`, everything it
 * names by sha256 through `hold`, everything it serves through `read`.
 */

export const DAMAGED_MESSAGE = 'The file arrived damaged: its content does not match its sha256. Send it again.';

export function sha256Of(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
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

export interface Upload {
  bytes: Uint8Array;
  /** The user who sends it. */
  by: string;
  filename: string | null;
  use: FileUse;
  /** The sha256 the sender says the bytes have; a mismatch means they arrived damaged. */
  sha256?: string;
}

export interface FileStore {
  readonly limitBytes: number;
  /** The organization's content, if it holds it. */
  lookup(q: Queryable, orgId: string, sha256: string): Promise<HeldFile | null>;
  /**
   * Judges the bytes (size, sha256, type for the use) and stores them for the organization: the same
   * bytes are stored once, and an organization holds a content once, however often it is sent.
   */
  put(scope: FileScope, upload: Upload): Promise<HeldFile>;
  /**
   * A content a record is about to name: 400 unless the organization holds it ("has not been uploaded
   * yet") and its type suits the use. The first name a record gives it is kept with it.
   */
  hold(scope: FileScope, ref: { sha256: string; filename: string }, use: FileUse): Promise<HeldFile>;
  /** The organization's content with its bytes, if it holds it. */
  read(q: Queryable, orgId: string, sha256: string): Promise<(HeldFile & { bytes: Buffer }) | null>;
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

export function createFileStore(limitBytes: number): FileStore {
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

  return {
    limitBytes,
    lookup,

    async put(scope, upload) {
      const { bytes } = upload;
      if (bytes.length > limitBytes) throw new HttpError(413, FILE_TOO_LARGE_MESSAGE);
      const sha256 = sha256Of(bytes);
      if (upload.sha256 !== undefined && upload.sha256 !== sha256) throw badRequest(DAMAGED_MESSAGE);
      const mimeType = checkType(sniffFileType(bytes), upload.use);
      const { tx, orgId, rev } = scope;
      // The bytes go to the database only when it lacks them: a retry sends its bytes here for nothing.
      const [content] = await tx.select({ sha256: fileContents.sha256 }).from(fileContents).where(eq(fileContents.sha256, sha256));
      if (!content) {
        const buffer = Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
        await tx.insert(fileContents).values({ sha256, bytes: buffer, sizeBytes: bytes.length }).onConflictDoNothing();
      }
      const [inserted] = await tx
        .insert(storedFiles)
        .values({ id: nanoid(), orgId, rev, sha256, mimeType, sizeBytes: bytes.length, filename: upload.filename, createdBy: upload.by })
        .onConflictDoNothing({ target: [storedFiles.orgId, storedFiles.sha256] })
        .returning();
      if (inserted) return held(inserted);
      const existing = await lookup(tx, orgId, sha256);
      if (!existing) throw new Error(`stored_files: ${sha256} of ${orgId} is neither new nor there`);
      return name(scope, existing, upload.filename);
    },

    async hold(scope, ref, use) {
      const file = await lookup(scope.tx, scope.orgId, ref.sha256);
      if (!file) throw badRequest(`The file ${ref.filename} has not been uploaded yet`);
      checkType(file.mimeType, use);
      return name(scope, file, ref.filename);
    },

    async read(q, orgId, sha256) {
      const [row] = await q
        .select({
          sha256: storedFiles.sha256,
          mimeType: storedFiles.mimeType,
          sizeBytes: storedFiles.sizeBytes,
          filename: storedFiles.filename,
          bytes: fileContents.bytes,
        })
        .from(storedFiles)
        .innerJoin(fileContents, eq(fileContents.sha256, storedFiles.sha256))
        .where(holding(orgId, sha256));
      return row ? { ...held(row), bytes: row.bytes } : null;
    },
  };
}
