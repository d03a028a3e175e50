import { useEffect, useState } from 'react';
import { useSession } from '../auth/session-context.ts';
import type { MirrorDb } from '../db/mirror.ts';
import { ApiError, OfflineError, SignInRequiredError } from '../sync/errors.ts';
import { useMirror } from '../sync/react.tsx';

/** A file as records name it: its content address and where the server serves it. */
export interface FileRef {
  sha256: string;
  url: string;
}

export const NOT_ON_DEVICE_MESSAGE = 'This file is not on this device yet. It shows once the device is online.';

/**
 * A file's content: this device's own copy when the upload queue has it (a photo taken here shows at
 * once, offline, before the server has it), else fetched from its url with the bearer token, as a blob
 * (part 1 §7). The service worker keeps what was fetched (src/sw/sw.ts), so it shows offline later.
 */
export async function loadFile(db: MirrorDb, getAccessToken: () => Promise<string | null>, file: FileRef): Promise<Blob> {
  const local = await db.blobs.get(file.sha256);
  if (local && local.state !== 'cancelled' && local.state !== 'error') return local.blob;
  const token = await getAccessToken();
  let res: Response;
  try {
    res = await fetch(file.url, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  } catch {
    throw new OfflineError(NOT_ON_DEVICE_MESSAGE);
  }
  if (res.ok) return res.blob();
  if (res.status === 401 && !token) throw new SignInRequiredError();
  throw new ApiError(res.status, await res.json().catch(() => undefined), res.status === 404 ? 'The file was not found on the server.' : undefined);
}

export type FileState = { state: 'loading' } | { state: 'ready'; blob: Blob; src: string } | { state: 'error'; message: string };

/** Object URLs of files shown in this tab, by content: the same picture in two places is read once. */
const shown = new Map<string, { blob: Blob; src: string }>();
const SHOWN_MAX = 200;

function remember(sha256: string, blob: Blob): { blob: Blob; src: string } {
  const existing = shown.get(sha256);
  if (existing) return existing;
  if (shown.size >= SHOWN_MAX) {
    const [oldest] = shown.keys();
    if (oldest !== undefined) {
      URL.revokeObjectURL(shown.get(oldest)!.src);
      shown.delete(oldest);
    }
  }
  const entry = { blob, src: URL.createObjectURL(blob) };
  shown.set(sha256, entry);
  return entry;
}

/** A file's content for display (an object URL) and for viewers that read bytes (the blob). */
export function useFile(file: FileRef | null): FileState {
  const db = useMirror();
  const { getAccessToken } = useSession();
  const sha256 = file?.sha256 ?? null;
  const url = file?.url ?? null;
  const [state, setState] = useState<FileState>(() => (sha256 && shown.has(sha256) ? { state: 'ready', ...shown.get(sha256)! } : { state: 'loading' }));
  useEffect(() => {
    if (!sha256 || !url) return;
    const cached = shown.get(sha256);
    if (cached) {
      setState({ state: 'ready', ...cached });
      return;
    }
    let live = true;
    setState({ state: 'loading' });
    loadFile(db, getAccessToken, { sha256, url }).then(
      (blob) => live && setState({ state: 'ready', ...remember(sha256, blob) }),
      (error: unknown) => live && setState({ state: 'error', message: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      live = false;
    };
  }, [db, getAccessToken, sha256, url]);
  return state;
}
