import type { FastifyServerOptions } from 'fastify';

/** Where log lines go (pino's destination): stdout by default, a test's buffer in tests. */
export interface LogStream {
  write(line: string): void;
}

type LoggerOptions = Exclude<FastifyServerOptions['logger'], boolean | undefined>;

/**
 * What the server log may hold: no password, hash, token, cookie, ticket or SQL parameter. Every log
 * line's object is copied with the values of secret keys replaced, errors turned into plain objects
 * without their query parameters (a failed insert's parameters hold the argon2 hash), and strings
 * scrubbed of argon2 hashes, JWTs and bearer tokens; the message and any string argument too.
 */

export const REDACTED = '[redacted]';

/** Keys whose values never reach the log, at any depth (compared without case, `-` and `_`). */
const SECRET_KEYS = new Set(
  [
    'password',
    'passwordHash',
    'newPassword',
    'currentPassword',
    'secret',
    'clientSecret',
    'token',
    'accessToken',
    'refreshToken',
    'idToken',
    'idTokenHint',
    'authorization',
    'proxyAuthorization',
    'cookie',
    'setCookie',
    'ticket',
    'codeVerifier',
    'xInternalIdentity',
    'apiKey',
    'privateKey',
    'cookieKeys',
    'signingKeys',
  ].map((k) => normalizeKey(k)),
);

/** Keys dropped from errors: SQL parameters (drizzle's `params`, PGlite's `params` and `queryOptions`). */
const DROPPED_ERROR_KEYS = new Set(['params', 'parameters', 'queryoptions', 'values']);

/** Query string parameters whose values are replaced in logged URLs. */
const SECRET_QUERY = /([?&](?:ticket|code|token|access_token|refresh_token|id_token_hint|code_verifier|password)=)[^&#]*/gi;

function normalizeKey(key: string): string {
  return key.replace(/[-_]/g, '').toLowerCase();
}

export function isSecretKey(key: string): boolean {
  return SECRET_KEYS.has(normalizeKey(key));
}

/**
 * An argon2 hash in PHC form, `$argon2id$v=19$m=19456,t=2,p=1$<salt>$<digest>`, whole: its parameters
 * hold commas, so it does not end at the first one. Anything else starting `$argon2` up to a separator.
 */
const ARGON2 = /\$argon2(?:id|i|d)(?:\$v=\d+)?(?:\$[a-z]+=[\w/+.-]*(?:,[a-z]+=[\w/+.-]*)*)?(?:\$[A-Za-z0-9+/]+={0,2}){0,2}|\$argon2[^\s,)'"\]}]*/g;
const JWT = /\beyJ[\w-]{4,}\.[\w-]{4,}\.[\w-]*/g;
const BEARER = /\b(Bearer|Basic)\s+[\w.~+/=-]+/gi;

/** Cuts the parameters out of a drizzle "Failed query: ...\nparams: ..." message or stack. */
function withoutParams(text: string): string {
  const i = text.indexOf('\nparams: ');
  if (i < 0) return text;
  const rest = text.slice(i + 1);
  const at = rest.search(/\n\s+at /);
  return `${text.slice(0, i)}\nparams: ${REDACTED}${at >= 0 ? rest.slice(at) : ''}`;
}

export function scrubText(text: string): string {
  return withoutParams(text)
    .replace(/Failing row contains \([\s\S]*?\)(?=\.?(\n|$))/g, `Failing row contains (${REDACTED})`)
    .replace(ARGON2, REDACTED)
    .replace(JWT, REDACTED)
    .replace(BEARER, `$1 ${REDACTED}`)
    .replace(SECRET_QUERY, `$1${REDACTED}`);
}

/**
 * The last pass over each finished JSON line (the message pino takes from an error is not seen by the
 * other passes): hashes, tokens and drizzle's `\nparams: ...` within a JSON string.
 */
export function scrubLine(line: string): string {
  return line
    .replace(/\\nparams: (?:[^"\\]|\\.)*?(?=\\n|")/g, `\\nparams: ${REDACTED}`)
    .replace(ARGON2, REDACTED)
    .replace(JWT, REDACTED)
    .replace(BEARER, `$1 ${REDACTED}`);
}

const MAX_DEPTH = 8;
const MAX_ITEMS = 100;

/** A copy of a log value that is safe to write; never throws, whatever the input. */
export function redact(value: unknown, depth = 0, seen = new WeakSet<object>()): unknown {
  if (typeof value === 'string') return scrubText(value);
  if (value === null || typeof value !== 'object') return value;
  if (seen.has(value)) return '[circular]';
  if (depth >= MAX_DEPTH) return '[nested]';
  seen.add(value);
  try {
    if (value instanceof Error) return serializeError(value, depth, seen);
    if (Array.isArray(value)) return value.slice(0, MAX_ITEMS).map((item) => redact(item, depth + 1, seen));
    if (ArrayBuffer.isView(value) || value instanceof ArrayBuffer) return `[${value.byteLength} bytes]`;
    if (value instanceof Date || value instanceof URL) return scrubText(String(value));
    if (value instanceof Map) return redact(Object.fromEntries(value), depth, seen);
    if (value instanceof Set) return redact([...value], depth, seen);
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value)) {
      const inner = (value as Record<string, unknown>)[key];
      out[key] = isSecretKey(key) && inner !== undefined && inner !== null ? REDACTED : redact(inner, depth + 1, seen);
    }
    return out;
  } catch {
    return '[unreadable]';
  } finally {
    seen.delete(value);
  }
}

/** An error as a plain object: type, message, stack, its own fields and cause, all redacted. */
export function serializeError(err: Error, depth = 0, seen = new WeakSet<object>()): Record<string, unknown> {
  const out: Record<string, unknown> = {
    type: err.constructor?.name || err.name || 'Error',
    message: scrubText(String(err.message ?? '')),
  };
  if (typeof err.stack === 'string') out.stack = scrubText(err.stack);
  for (const key of Object.keys(err)) {
    if (key === 'message' || key === 'stack' || key === 'cause') continue;
    if (DROPPED_ERROR_KEYS.has(key.toLowerCase())) continue;
    const inner = (err as unknown as Record<string, unknown>)[key];
    out[key] = isSecretKey(key) && inner !== undefined && inner !== null ? REDACTED : redact(inner, depth + 1, seen);
  }
  const cause = (err as { cause?: unknown }).cause;
  if (cause !== undefined) out.cause = redact(cause, depth + 1, seen);
  return out;
}

/** The `err` serializer: an error, or an already redacted one (a plain object) as it is. */
function errSerializer(err: unknown): unknown {
  return err instanceof Error ? serializeError(err) : err;
}

interface LoggedRequest {
  method?: string;
  url?: string;
  host?: string;
  hostname?: string;
  ip?: string;
  socket?: { remotePort?: number };
  routeOptions?: { url?: string };
}

/** Fastify's request line, with secret query values replaced (a stream ticket travels in the URL). */
function reqSerializer(req: LoggedRequest): Record<string, unknown> {
  return {
    method: req.method,
    url: req.url === undefined ? undefined : scrubText(req.url),
    host: req.host ?? req.hostname,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}

/** Fastify's answer line: the status only. */
function resSerializer(res: { statusCode?: number } | undefined): Record<string, unknown> {
  return { statusCode: res?.statusCode };
}

/**
 * Keys the serializers turn into small safe objects (Fastify's request and reply): passed to them as
 * they are, since a copy would lose what they read (the method, URL and status are getters).
 */
const SERIALIZED_KEYS = new Set(['req', 'res']);

/** A log line's object, redacted (pino runs this before the serializers). */
export function redactLogObject(object: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(object)) {
    const inner = object[key];
    if (SERIALIZED_KEYS.has(key) && inner !== null && typeof inner === 'object') out[key] = inner;
    else out[key] = isSecretKey(key) && inner !== undefined && inner !== null ? REDACTED : redact(inner, 1);
  }
  return out;
}

/** Logger options for Fastify (pino), with every line redacted; `stream` is for tests. */
export function loggerOptions(level: string, stream?: LogStream): LoggerOptions {
  const options: LoggerOptions = {
    level,
    serializers: { err: errSerializer, error: errSerializer, req: reqSerializer, res: resSerializer } as unknown as LoggerOptions['serializers'],
    formatters: { log: redactLogObject },
    hooks: {
      logMethod(args, method) {
        const safe = args.map((a) => (typeof a === 'string' ? scrubText(a) : a)) as Parameters<typeof method>;
        return method.apply(this, safe);
      },
      streamWrite: scrubLine,
    },
  };
  if (stream) options.stream = stream;
  return options;
}
