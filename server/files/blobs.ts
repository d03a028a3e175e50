import type { Readable } from 'node:stream';
import type { ReceivedFile } from './receive.ts';

/** A byte range of a content, both ends included (as HTTP's Range names it). */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Where the bytes of files live, by their sha256 (docs/files.md): on disk under DATA_DIR with PGlite
 * (disk-blobs.ts), in PostgreSQL's chunks with PostgreSQL (pg-blobs.ts). Bytes go in and out as
 * streams, never whole and never through the embedded database. A content is either whole or absent.
 */
export interface BlobStore {
  /** The folder of the files being received (on the store's file system, so keeping one is a rename). */
  readonly tmpDir: string;
  /** Prepares the store; removes what a crash left half received. */
  open(): Promise<void>;
  has(sha256: string): Promise<boolean>;
  /** Keeps a received file under its sha256, once (a content already there is left as it is); the temporary file is gone after. */
  keep(file: ReceivedFile): Promise<void>;
  /** The content's bytes (a range of them), or null when the store lacks it. */
  read(sha256: string, range?: ByteRange): Promise<Readable | null>;
}
