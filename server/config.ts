import path from 'node:path';

/** Everything the server reads from its environment, in one place (documented in README.md). */
export interface ServerConfig {
  port: number;
  host: string;
  /** Public origin of this server, without a trailing slash: issuer, redirect URIs and links derive from it. */
  publicUrl: string;
  dataDir: string;
  /** The built browser app (`vite build`'s output). */
  webDir: string;
  /** PostgreSQL connection string; when absent the embedded PGlite under dataDir is used. */
  databaseUrl: string | undefined;
  /** External OpenID issuer (e.g. a Keycloak realm); when absent the embedded provider at /oidc is used. */
  oidcIssuer: string | undefined;
  oidcClientId: string;
  /** Expected `aud` of access tokens from an external issuer; the embedded one uses `fleet-api`. */
  oidcAudience: string | undefined;
  /** Groups under this prefix carry the role: `/fleet/vco` gives role vco. */
  roleGroupPrefix: string;
  productName: string;
  /** Extra redirect URIs for the embedded provider's web client (comma separated), e.g. the Vite dev server. */
  extraRedirectUris: string[];
  /** Tombstones older than this are purged; a sync cursor from before them gets a reset. */
  tombstoneDays: number;
  bodyLimitBytes: number;
  /**
   * The largest file an upload may carry (UPLOAD_LIMIT_BYTES, default 25 MiB): a larger one is answered
   * 413 with the message the app shows (docs/files.md).
   */
  uploadLimitBytes: number;
  /**
   * The most bytes the files of one multipart request may carry together (UPLOAD_REQUEST_LIMIT_BYTES,
   * default 256 MiB: ten files at the upload limit); past it 413.
   */
  uploadRequestLimitBytes: number;
  /**
   * Which peers may speak for the client through X-Forwarded-For, -Host and -Proto: false (none, the
   * default), true (every peer: only when nothing but the proxy can reach the server) or a list of
   * addresses and subnets (`127.0.0.1`, `10.0.0.0/8`, `loopback`, ...).
   */
  trustProxy: boolean | string[];
  /**
   * MAX_CONCURRENT_REQUESTS: API calls in flight past which another is answered 503 with Retry-After
   * (server/http/load-shed.ts); 0 turns shedding off. Default 4 on PGlite, whose queries run one at
   * a time on the event loop (with 8 running /healthz waited over 100 ms, and more add no throughput),
   * and 10 on PostgreSQL, the pool's connections (more only wait for one): `npm run bench -- load`,
   * docs/performance.md.
   */
  maxConcurrentRequests: number;
  /** Skip seeding an empty database at start. */
  seedOnEmpty: boolean;
  /**
   * E2E_ORG_FACTORY=1: POST /test/organizations seeds a new demo organization and answers its slug, so
   * each end-to-end spec runs in an organization of its own. Only for test servers: it is unauthenticated.
   */
  orgFactory: boolean;
  logLevel: string;
}

function int(value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number.parseInt(value, 10);
  if (!Number.isFinite(n)) throw new Error(`Expected a whole number, got "${value}"`);
  return n;
}

function positive(name: string, n: number): number {
  if (n < 1) throw new Error(`${name} must be at least 1, got ${n}`);
  return n;
}

/** TRUST_PROXY: unset, `false` or empty trusts no one; `true` every peer; else a comma-separated list. */
export function trustProxy(value: string | undefined): boolean | string[] {
  const v = (value ?? '').trim();
  if (v === '' || /^(false|no|off|0)$/i.test(v)) return false;
  if (/^(true|yes|on)$/i.test(v)) return true;
  const list = v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  // A hop count cannot tell a proxy from a client that sends the headers itself.
  if (list.some((s) => /^\d+$/.test(s))) throw new Error(`TRUST_PROXY takes true, false or proxy addresses, not a hop count ("${v}")`);
  return list;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = int(env.PORT, 8080);
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, '');
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    publicUrl,
    dataDir: path.resolve(env.DATA_DIR ?? './data'),
    webDir: path.resolve(env.WEB_DIR ?? './dist'),
    databaseUrl: env.DATABASE_URL || undefined,
    oidcIssuer: env.OIDC_ISSUER?.replace(/\/+$/, '') || undefined,
    oidcClientId: env.OIDC_CLIENT_ID ?? 'fleet-web',
    oidcAudience: env.OIDC_AUDIENCE || undefined,
    roleGroupPrefix: env.ROLE_GROUP_PREFIX ?? '/fleet/',
    productName: env.PRODUCT_NAME ?? 'Fleet Readiness',
    extraRedirectUris: (env.OIDC_EXTRA_REDIRECT_URIS ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    tombstoneDays: int(env.TOMBSTONE_DAYS, 30),
    bodyLimitBytes: int(env.BODY_LIMIT_BYTES, 1_048_576),
    uploadLimitBytes: positive('UPLOAD_LIMIT_BYTES', int(env.UPLOAD_LIMIT_BYTES, 25 * 1024 * 1024)),
    uploadRequestLimitBytes: positive('UPLOAD_REQUEST_LIMIT_BYTES', int(env.UPLOAD_REQUEST_LIMIT_BYTES, 256 * 1024 * 1024)),
    trustProxy: trustProxy(env.TRUST_PROXY),
    maxConcurrentRequests: int(env.MAX_CONCURRENT_REQUESTS, env.DATABASE_URL ? 10 : 4),
    seedOnEmpty: env.SEED_ON_EMPTY !== 'false',
    orgFactory: env.E2E_ORG_FACTORY === '1',
    logLevel: env.LOG_LEVEL ?? 'info',
  };
}
