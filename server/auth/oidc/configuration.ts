import { errors, interactionPolicy, type ClientMetadata, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import type { ServerConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { GRANT_CLAIM } from '../grant.ts';
import { accountFor, claimsFor, findActiveUser, SCOPE_CLAIMS } from './accounts.ts';
import { drizzleAdapter } from './adapter.ts';
import { messagePage, PAGE_HEADERS, signOutPage } from './pages.ts';
import type { OidcSecrets } from './secrets.ts';

/** `aud` of the access tokens for the product API (server/auth/verify.ts expects it). */
export const API_AUDIENCE = 'fleet-api';
const API_SCOPE = 'openid profile email';

const MINUTE = 60;
const DAY = 24 * 60 * MINUTE;
export const ACCESS_TOKEN_TTL = 5 * MINUTE;
/** Absolute: rotation keeps the first token's expiry, so a stolen chain cannot live forever. */
const REFRESH_TOKEN_TTL = 14 * DAY;
/** Sliding with every authorization request; signing in again silently works while it lasts. */
const SESSION_TTL = 30 * DAY;
const GRANT_TTL = 30 * DAY;

export interface OidcUrls {
  issuer: string;
  /** The resource indicator of the product API. */
  apiResource: string;
  /** Where the sign-in page lives, as the browser sees it: `/oidc/interaction/<uid>`. */
  interactionPath: (uid: string) => string;
}

export function oidcUrls(config: ServerConfig): OidcUrls {
  const issuer = `${config.publicUrl}/oidc`;
  const issuerPath = new URL(issuer).pathname.replace(/\/$/, '');
  return {
    issuer,
    apiResource: `${config.publicUrl}/data`,
    interactionPath: (uid) => `${issuerPath}/interaction/${uid}`,
  };
}

const originOf = (uri: string) => {
  try {
    return new URL(uri).origin;
  } catch {
    return undefined;
  }
};

/** The one client: the web app, public (PKCE), allowed on its own origin and the configured extras. */
export function webClient(config: ServerConfig): ClientMetadata {
  const redirectUris = [...new Set([`${config.publicUrl}/signin-callback`, `${config.publicUrl}/silent-callback`, ...config.extraRedirectUris])];
  const origins = new Set([config.publicUrl, ...config.extraRedirectUris.map(originOf).filter((o) => o !== undefined)]);
  return {
    client_id: config.oidcClientId,
    client_name: config.productName,
    application_type: 'web',
    token_endpoint_auth_method: 'none',
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    redirect_uris: redirectUris,
    post_logout_redirect_uris: [...origins].map((origin) => `${origin}/`),
  };
}

export interface ConfigurationDeps {
  db: Db;
  config: ServerConfig;
  secrets: OidcSecrets;
  urls: OidcUrls;
}

export function buildConfiguration({ db, config, secrets, urls }: ConfigurationDeps): Configuration {
  const secure = config.publicUrl.startsWith('https:');
  const cookie = { httpOnly: true, sameSite: 'lax' as const, secure };
  const backToApp = { href: `${config.publicUrl}/`, text: `Back to ${config.productName}` };

  const policy = interactionPolicy.base();
  // A session whose user was deactivated or deleted meanwhile must sign in again (and will fail).
  policy
    .get('login')!
    .checks.add(
      new interactionPolicy.Check('account_unavailable', 'The signed-in account is no longer available', (ctx) =>
        Boolean(ctx.oidc.session?.accountId && !ctx.oidc.account),
      ),
    );

  return {
    adapter: drizzleAdapter(db),
    clients: [webClient(config)],
    jwks: { keys: secrets.signingKeys as NonNullable<Configuration['jwks']>['keys'] },
    cookies: {
      keys: secrets.cookieKeys,
      long: cookie,
      short: cookie,
      names: { session: 'fleet_oidc_session', interaction: 'fleet_oidc_interaction', resume: 'fleet_oidc_resume' },
    },
    scopes: ['openid', 'offline_access', 'profile', 'email'],
    claims: Object.fromEntries(Object.entries(SCOPE_CLAIMS).map(([scope, names]) => [scope, [...names]])),
    pkce: { required: () => true },
    clientBasedCORS: (_ctx, origin, client) => client.redirectUris?.some((uri) => originOf(uri) === origin) ?? false,

    async findAccount(_ctx, sub) {
      const user = await findActiveUser(db, sub);
      return user ? accountFor(user, config.roleGroupPrefix) : undefined;
    },
    // The API authorizes from the access token alone, so it carries every sign-in claim.
    async extraTokenClaims(_ctx, token) {
      const accountId = 'accountId' in token ? token.accountId : undefined;
      if (!accountId) return undefined;
      const user = await findActiveUser(db, accountId);
      if (!user) return undefined;
      const { sub: _sub, ...claims } = claimsFor(user, config.roleGroupPrefix);
      // The grant the token was issued under: the API refuses the token once its sign-in ended.
      const grantId = 'grantId' in token && typeof token.grantId === 'string' ? token.grantId : undefined;
      return grantId ? { ...claims, [GRANT_CLAIM]: grantId } : claims;
    },

    // First-party app: no consent screen; the grant covers whatever it asks for.
    loadExistingGrant: (ctx) => loadOrCreateGrant(ctx),
    issueRefreshToken: (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    // Tokens live and die with the browser session: signing out revokes the refresh token too.
    expiresWithSession: () => true,
    rotateRefreshToken: true,

    ttl: {
      AccessToken: ACCESS_TOKEN_TTL,
      AuthorizationCode: MINUTE,
      IdToken: 60 * MINUTE,
      Interaction: 60 * MINUTE,
      Session: SESSION_TTL,
      Grant: GRANT_TTL,
      RefreshToken: (ctx) => {
        const rotated = ctx?.oidc?.entities.RotatedRefreshToken;
        return rotated ? Math.max(1, rotated.remainingTTL) : REFRESH_TOKEN_TTL;
      },
    },

    interactions: { policy, url: (_ctx, interaction) => urls.interactionPath(interaction.uid) },

    features: {
      devInteractions: { enabled: false },
      dPoP: { enabled: false },
      pushedAuthorizationRequests: { enabled: false },
      userinfo: { enabled: true },
      revocation: {
        enabled: true,
        allowedPolicy: (ctx, client, token) => token.clientId === client.clientId,
      },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource(ctx, form) {
          ctx.set(PAGE_HEADERS);
          ctx.body = signOutPage(config.productName, form);
        },
        postLogoutSuccessSource(ctx) {
          ctx.set(PAGE_HEADERS);
          ctx.body = messagePage({
            productName: config.productName,
            heading: 'You are signed out',
            message: `You have signed out of ${config.productName}.`,
            link: { href: `${config.publicUrl}/`, text: `Sign in to ${config.productName}` },
          });
        },
      },
      resourceIndicators: {
        enabled: true,
        // A plain authorization request (no `resource`) is for the API, and gets a JWT for it.
        defaultResource: (_ctx, _client, oneOf) => (oneOf && !oneOf.includes(urls.apiResource) ? oneOf : urls.apiResource),
        useGrantedResource: () => true,
        getResourceServerInfo(_ctx, resource) {
          if (resource !== urls.apiResource) throw new errors.InvalidTarget();
          return {
            scope: API_SCOPE,
            audience: API_AUDIENCE,
            accessTokenTTL: ACCESS_TOKEN_TTL,
            accessTokenFormat: 'jwt',
            jwt: { sign: { alg: 'RS256' } },
          };
        },
      },
    },

    renderError(ctx, out) {
      ctx.set(PAGE_HEADERS);
      ctx.body = messagePage({
        productName: config.productName,
        heading: 'Sign-in could not continue',
        message: errorMessage(out.error, out.error_description),
        details: out.error === 'server_error' ? undefined : [out.error, out.error_description].filter(Boolean).join(': '),
        link: backToApp,
      });
    },
  };
}

function errorMessage(error: string, description: string | undefined): string {
  if (error === 'server_error') return 'Something went wrong on the server. Try again; if it keeps happening, tell your administrator.';
  if (/session|expired|cookie/i.test(description ?? '')) return 'This sign-in page has expired. Go back to the app and sign in again.';
  if (error === 'invalid_client' || error === 'invalid_redirect_uri') return 'This app is not allowed to sign in here.';
  if (error === 'access_denied') return 'Sign-in was refused. Go back to the app and try again.';
  return 'The sign-in request was not valid. Go back to the app and sign in again.';
}

/**
 * The session's grant for the client, extended to what this request asks for, or a new one. A grant
 * nearer its end than a refresh token's lifetime is replaced, so no refresh token outlives its grant.
 */
async function loadOrCreateGrant(ctx: KoaContextWithOIDC) {
  const { oidc } = ctx;
  const client = oidc.client!;
  const accountId = oidc.session!.accountId!;
  const grantId = oidc.result?.consent?.grantId ?? oidc.session!.grantIdFor(client.clientId);
  let grant = grantId ? await oidc.provider.Grant.find(grantId) : undefined;
  if (grant && (grant.accountId !== accountId || grant.remainingTTL < REFRESH_TOKEN_TTL)) grant = undefined;
  grant ??= new oidc.provider.Grant({ clientId: client.clientId, accountId });

  grant.addOIDCScope(oidc.requestParamOIDCScopes);
  if (oidc.requestParamClaims.size) grant.addOIDCClaims(oidc.requestParamClaims);
  for (const [indicator, server] of Object.entries(oidc.resourceServers ?? {})) {
    const scopes = [...oidc.requestParamScopes].filter((s) => server.scopes.has(s));
    if (scopes.length) grant.addResourceScope(indicator, scopes);
  }
  await grant.save();
  return grant;
}
