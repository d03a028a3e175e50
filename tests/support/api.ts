/** A file as Playwright describes one (setInputFiles), for a multipart request. */
export interface FilePayload {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

export interface ApiResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

/** The Accept-Encoding Debian's Chromium sends, for a client that should be answered as a browser is. */
export const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

/**
 * A small JSON client for the API tests, acting as the browser app would; `headers` go with every
 * request (the benches send a browser's Accept-Encoding, which Node's fetch does not).
 */
export function apiClient(baseUrl: string, token?: string, headers: Record<string, string> = {}) {
  const auth: Record<string, string> = { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) };
  async function answer<T>(res: Response): Promise<ApiResponse<T>> {
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON: keep the text
    }
    return { status: res.status, body: parsed as T, headers: res.headers };
  }
  async function call<T = any>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<ApiResponse<T>> {
    const res = await fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        ...auth,
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      ...(body !== undefined ? { body: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
    });
    return answer<T>(res);
  }
  return {
    get: <T = any>(path: string) => call<T>('GET', path),
    post: <T = any>(path: string, body?: unknown, headers?: Record<string, string>) => call<T>('POST', path, body, headers),
    patch: <T = any>(path: string, body?: unknown) => call<T>('PATCH', path, body),
    delete: <T = any>(path: string) => call<T>('DELETE', path),
    call,
    /** A multipart/form-data request (fetch writes the boundary). */
    form: async <T = any>(method: string, path: string, form: FormData) => answer<T>(await fetch(`${baseUrl}${path}`, { method, headers: auth, body: form })),
    /** A multipart/form-data request from its fields: text, or one or several files. */
    multipart: async <T = any>(path: string, method: string, fields: Record<string, string | FilePayload | FilePayload[]>) => {
      const form = new FormData();
      for (const [name, value] of Object.entries(fields)) {
        if (typeof value === 'string') form.append(name, value);
        else for (const file of [value].flat()) form.append(name, new Blob([new Uint8Array(file.buffer)], { type: file.mimeType }), file.name);
      }
      return answer<T>(await fetch(`${baseUrl}${path}`, { method, headers: auth, body: form }));
    },
    /** A request whose body is raw bytes (a file upload). */
    bytes: async <T = any>(method: string, path: string, body: Uint8Array, headers: Record<string, string> = {}) =>
      answer<T>(await fetch(`${baseUrl}${path}`, { method, headers: { ...auth, ...headers }, body: new Uint8Array(body) })),
    /** A GET whose answer is kept as bytes (a file). */
    download: async (path: string, headers: Record<string, string> = {}) => {
      const res = await fetch(`${baseUrl}${path}`, { headers: { ...auth, ...headers } });
      return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()), headers: res.headers };
    },
  };
}
