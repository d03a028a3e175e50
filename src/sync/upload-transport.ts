import { FILE_TOO_LARGE_MESSAGE, uploadedFileSchema, uploadPath, type UploadedFile } from '../../core/schema/file.ts';
import { REQUEST_TIMEOUT_MS } from './constants.ts';
import { ApiError, OfflineError, parseRetryAfter, SignInRequiredError, UPLOAD_CANCELLED_MESSAGE } from './errors.ts';

export interface UploadRequest {
  hash: string;
  blob: Blob;
  /** Bytes sent so far. */
  onProgress(sentBytes: number): void;
  /** Aborts the upload (a cancel): the promise rejects with an AbortError. */
  signal: AbortSignal;
}

/** Sends one file's bytes to the server (PUT uploadPath): answers what the server stored. */
export type UploadFile = (request: UploadRequest) => Promise<UploadedFile>;

export interface UploadTransportOptions {
  baseUrl: string;
  getAccessToken(): Promise<string | null>;
  /** A 403: the app clears caches, goes to / and reloads (part 1 §8). */
  onForbidden(): void;
  /** Give up on an upload that has sent nothing and heard nothing for this long. */
  stallMs?: number;
}

/** Part 1 §9: statuses 200 to 204 are a successful upload. */
const isSuccess = (status: number) => status >= 200 && status <= 204;

function bodyOf(xhr: XMLHttpRequest): unknown {
  try {
    return JSON.parse(xhr.responseText);
  } catch {
    return xhr.responseText || undefined;
  }
}

/**
 * Uploads with XMLHttpRequest, the one browser API that reports upload progress. A link that stalls
 * (nothing sent and nothing heard for `stallMs`) counts as lost, however long a slow upload takes in
 * all: a 1 MB photo over 400 kbit/s needs 20 s, a large PDF minutes.
 */
export function createUploadTransport(options: UploadTransportOptions): UploadFile {
  const base = options.baseUrl.replace(/\/+$/, '');
  const stallMs = options.stallMs ?? REQUEST_TIMEOUT_MS;
  return async ({ hash, blob, onProgress, signal }) => {
    const token = await options.getAccessToken();
    if (!token) throw new SignInRequiredError();
    return new Promise<UploadedFile>((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      let stalled = false;
      let timer = setTimeout(() => {
        stalled = true;
        xhr.abort();
      }, stallMs);
      const alive = () => {
        clearTimeout(timer);
        timer = setTimeout(() => {
          stalled = true;
          xhr.abort();
        }, stallMs);
      };
      const done = () => {
        clearTimeout(timer);
        signal.removeEventListener('abort', onAbort);
      };
      const onAbort = () => xhr.abort();
      signal.addEventListener('abort', onAbort);
      xhr.open('PUT', `${base}${uploadPath.build({ sha256: hash })}`);
      xhr.setRequestHeader('Authorization', `Bearer ${token}`);
      xhr.setRequestHeader('Content-Type', 'application/octet-stream');
      xhr.setRequestHeader('Accept', 'application/json');
      xhr.upload.onprogress = (event) => {
        alive();
        onProgress(event.loaded);
      };
      xhr.onprogress = alive;
      xhr.onload = () => {
        done();
        const body = bodyOf(xhr);
        if (isSuccess(xhr.status)) {
          const parsed = uploadedFileSchema.safeParse(body);
          // A success this app cannot read is not the server's (a captive portal on a base's Wi-Fi
          // answers for it): the file is sent again later, never refused and its changes undone.
          if (parsed.success) resolve(parsed.data);
          else reject(new OfflineError('The upload was answered by something other than the server; it will be sent again'));
          return;
        }
        if (xhr.status === 403) options.onForbidden();
        // A 429 (too many uploads in flight) or 503 says when to come back; cross-origin, the server must
        // list Retry-After in Access-Control-Expose-Headers for it to be read here.
        const retryAfterMs = parseRetryAfter(xhr.getResponseHeader('Retry-After'));
        reject(new ApiError(xhr.status, body, xhr.status === 413 ? FILE_TOO_LARGE_MESSAGE : undefined, retryAfterMs));
      };
      xhr.onerror = () => {
        done();
        reject(new OfflineError());
      };
      xhr.onabort = () => {
        done();
        if (signal.aborted) reject(new DOMException(UPLOAD_CANCELLED_MESSAGE, 'AbortError'));
        else reject(new OfflineError(stalled ? 'The upload stalled: the connection is too slow or lost' : undefined));
      };
      xhr.send(blob);
    });
  };
}
