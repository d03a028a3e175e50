import { REQUEST_TIMEOUT_MS } from './constants.ts';
import { ApiError, OfflineError, parseRetryAfter, SignInRequiredError } from './errors.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The only way src/sync and src/auth reach the API; screens read the mirror instead. */
export interface ApiClient {
  request(method: HttpMethod, path: string, body?: unknown): Promise<unknown>;
}

export interface ApiClientOptions {
  /** Origin (and optional prefix) of the API; '' for the page's own origin. */
  baseUrl: string;
  getAccessToken(): Promise<string | null>;
  /** A product call answered 403: the app clears caches, goes to / and reloads (part 1 §8). */
  onForbidden(): void;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/** Part 1 §8: a 403 on the stream ticket is expected (inspectors) and must not reload the app. */
function isForbiddenExempt(method: HttpMethod, path: string): boolean {
  return method === 'GET' && path.split('?')[0] === '/stream/ticket';
}

async function readBody(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const base = options.baseUrl.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS;
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));

  return {
    async request(method, path, body) {
      const token = await options.getAccessToken();
      if (!token) throw new SignInRequiredError();
      const headers: Record<string, string> = { Authorization: `Bearer ${token}`, Accept: 'application/json' };
      if (body !== undefined) headers['Content-Type'] = 'application/json';

      // A request that hangs would hold the drain forever; a timed-out push is safe to retry because
      // the server records each mutation id and answers a repeat as `duplicate`.
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), timeoutMs);
      let res: Response;
      try {
        res = await doFetch(`${base}${path}`, {
          method,
          headers,
          body: body === undefined ? undefined : JSON.stringify(body),
          signal: controller.signal,
        });
      } catch {
        throw new OfflineError(controller.signal.aborted ? 'The server did not answer in time' : undefined);
      } finally {
        clearTimeout(timer);
      }

      if (res.status === 204) return undefined;
      let parsed: unknown;
      try {
        parsed = await readBody(res);
      } catch {
        throw new OfflineError('The connection dropped while reading the answer');
      }
      if (res.ok) return parsed;
      if (res.status === 403 && !isForbiddenExempt(method, path)) options.onForbidden();
      // Kept on the error for a caller that honours it (a 429 or 503); push and pull keep their own backoff.
      throw new ApiError(res.status, parsed, undefined, parseRetryAfter(res.headers.get('Retry-After')));
    },
  };
}
