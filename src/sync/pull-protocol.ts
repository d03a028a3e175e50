import { ApiError, OfflineError, SignInRequiredError } from './errors.ts';
import type { PullResult } from './pull.ts';

/** Messages between the page and the pull worker. */
export type ToPullWorker =
  { type: 'pull'; requestId: number; dbName: string; baseUrl: string; clientId: string } | { type: 'token'; tokenRequestId: number; token: string | null };

export type FromPullWorker =
  | { type: 'token'; tokenRequestId: number }
  | { type: 'forbidden' }
  | { type: 'done'; requestId: number; result: PullResult }
  | { type: 'failed'; requestId: number; error: SerializedError };

/** Errors cross postMessage as data; the page rebuilds them so it can tell offline from signed out. */
export interface SerializedError {
  name: string;
  message: string;
  status?: number;
  body?: unknown;
  retryAfterMs?: number;
}

export function serializeError(error: unknown): SerializedError {
  if (error instanceof ApiError) return { name: error.name, message: error.message, status: error.status, body: error.body, retryAfterMs: error.retryAfterMs };
  if (error instanceof Error) return { name: error.name, message: error.message };
  return { name: 'Error', message: String(error) };
}

export function deserializeError(error: SerializedError): Error {
  switch (error.name) {
    case 'ApiError':
      return new ApiError(error.status ?? 0, error.body, error.message, error.retryAfterMs);
    case 'OfflineError':
      return new OfflineError(error.message);
    case 'SignInRequiredError':
      return new SignInRequiredError(error.message);
    default:
      return new Error(error.message);
  }
}
