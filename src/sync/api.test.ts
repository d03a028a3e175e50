import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from './api.ts';
import { ApiError, OfflineError, SignInRequiredError } from './errors.ts';

function client(respond: (url: string, init: RequestInit) => Promise<Response>, token: string | null = 'tok') {
  const onForbidden = vi.fn();
  const fetch = vi.fn(respond);
  const api = createApiClient({
    baseUrl: 'https://api.test/',
    getAccessToken: async () => token,
    onForbidden,
    fetch: fetch as typeof globalThis.fetch,
    timeoutMs: 50,
  });
  return { api, onForbidden, fetch };
}

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('createApiClient', () => {
  it('sends the bearer token and JSON, and parses the JSON answer', async () => {
    const { api, fetch } = client(async () => json(200, { ok: 1 }));
    await expect(api.request('PATCH', '/auth/users/u1', { firstName: 'A' })).resolves.toEqual({ ok: 1 });
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('https://api.test/auth/users/u1');
    expect(init.method).toBe('PATCH');
    expect(init.body).toBe('{"firstName":"A"}');
    expect(init.headers).toMatchObject({ Authorization: 'Bearer tok', 'Content-Type': 'application/json' });
  });

  it('answers undefined for 204', async () => {
    const { api } = client(async () => new Response(null, { status: 204 }));
    await expect(api.request('DELETE', '/data/v1/notes/n1')).resolves.toBeUndefined();
  });

  it('turns an error status into ApiError with the message part 1 §8 shows', async () => {
    const withMessage = client(async () => json(400, { errorMessage: 'Enter a valid email address', errors: [{ message: 'x' }] }));
    await expect(withMessage.api.request('POST', '/auth/users', {})).rejects.toMatchObject({ status: 400, message: 'Enter a valid email address' });
    const onlyErrors = client(async () => json(409, { errors: [{ message: 'Email already in use' }, { message: 'second' }] }));
    await expect(onlyErrors.api.request('POST', '/auth/users', {})).rejects.toMatchObject({ status: 409, message: 'Email already in use' });
    const bare = client(async () => new Response('', { status: 500 }));
    const error = await bare.api.request('GET', '/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).body).toBeUndefined();
  });

  it('keeps the wait a Retry-After asks for on the ApiError, and none when there is none', async () => {
    const busy = client(async () => new Response(JSON.stringify({ errorMessage: 'Too many requests' }), { status: 429, headers: { 'retry-after': '15' } }));
    await expect(busy.api.request('POST', '/data/v1/sync/push', {})).rejects.toMatchObject({ status: 429, message: 'Too many requests', retryAfterMs: 15_000 });
    const plain = client(async () => json(503, { errorMessage: 'Down' }));
    const error = await plain.api.request('GET', '/x').catch((e: unknown) => e);
    expect((error as ApiError).retryAfterMs).toBeUndefined();
  });

  it('calls onForbidden on a 403, except for the stream ticket', async () => {
    const product = client(async () => json(403, { errorMessage: 'No' }));
    await expect(product.api.request('GET', '/data/v1/sync/pull?cursor=')).rejects.toBeInstanceOf(ApiError);
    expect(product.onForbidden).toHaveBeenCalledTimes(1);
    const ticket = client(async () => json(403, { errorMessage: 'No' }));
    await expect(ticket.api.request('GET', '/stream/ticket')).rejects.toMatchObject({ status: 403 });
    expect(ticket.onForbidden).not.toHaveBeenCalled();
  });

  it('needs a token: without one it asks for sign-in and sends nothing', async () => {
    const { api, fetch } = client(async () => json(200, {}), null);
    await expect(api.request('GET', '/x')).rejects.toBeInstanceOf(SignInRequiredError);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('reports a network failure or a hung request as offline', async () => {
    const down = client(async () => Promise.reject(new TypeError('Failed to fetch')));
    await expect(down.api.request('GET', '/x')).rejects.toBeInstanceOf(OfflineError);
    const hung = client(
      (_url, init) => new Promise((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))),
    );
    await expect(hung.api.request('GET', '/x')).rejects.toThrow('The server did not answer in time');
  });
});
