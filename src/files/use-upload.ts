import type { BlobEntry } from '../db/mirror.ts';
import { useLiveQuery, useMirror } from '../sync/react.tsx';

export interface UploadProgress {
  state: BlobEntry['state'];
  /** 0 to 1. */
  fraction: number;
  lastError?: string;
}

/** Where this device's upload of a file stands, or null when the queue does not hold it (the server has had it). */
export function useUpload(sha256: string | null): UploadProgress | null {
  const db = useMirror();
  return (
    useLiveQuery(
      async () => {
        if (!sha256) return null;
        const entry = await db.blobs.get(sha256);
        if (!entry) return null;
        return { state: entry.state, fraction: entry.blob.size > 0 ? Math.min(1, entry.sentBytes / entry.blob.size) : 1, lastError: entry.lastError };
      },
      [db, sha256],
      null,
    ) ?? null
  );
}

/** Files waiting for the server or refused by it, oldest first (the upload queue panel). */
export function useUploadQueue(): BlobEntry[] {
  const db = useMirror();
  return useLiveQuery(() => db.blobs.where('state').anyOf('added', 'uploading', 'aborted', 'error').sortBy('createdAt'), [db], []) ?? [];
}

/** 'Uploading 45 %', 'Waiting to upload', ... (part 1 §3 upload item states, in words). */
export function uploadStateText(upload: UploadProgress): string {
  switch (upload.state) {
    case 'uploading':
      return `Uploading ${Math.round(upload.fraction * 100)} %`;
    case 'added':
    case 'pending':
      return 'Waiting to upload';
    case 'aborted':
      return 'Upload interrupted, retrying';
    case 'error':
      return 'Upload refused';
    case 'cancelled':
      return 'Upload cancelled';
    case 'finished':
      return 'Uploaded';
  }
}
