import type { IncomingMessage, ServerResponse } from 'node:http';
import { createLocalJWKSet, jwtVerify, type JWK } from 'jose';
import type { Db } from '../../db/client.ts';
import { claimsFor, claimsForScopes, findActiveUser } from './accounts.ts';
import { API_AUDIENCE } from './configuration.ts';

export interface UserinfoDeps {
  db: Db;
  issuer: string;
  jwks: { keys: JWK[] };
  roleGroupPrefix: string;
  allowedOrigins: ReadonlySet<string>;
}

const JWT_BEARER = /^Bearer\s+([\w-]+\.[\w-]+\.[\w-]+)$/i;

/**
 * Userinfo for the JWT access tokens. oidc-provider answers userinfo only for opaque tokens without
 * an audience, but every token here is a JWT for the API (that is what the app holds), so this
 * answers those itself, as Keycloak does; anything else still goes to the provider.
 */
export function createJwtUserinfo(deps: UserinfoDeps) {
  const keys = createLocalJWKSet(deps.jwks);

  function bearer(req: IncomingMessage): string | undefined {
    if (req.method !== 'GET' && req.method !== 'POST') return undefined;
    const header = req.headers.authorization;
    return header ? JWT_BEARER.exec(header)?.[1] : undefined;
  }

  function send(req: IncomingMessage, res: ServerResponse, status: number, body: unknown, error?: string): void {
    const origin = req.headers.origin;
    if (origin && deps.allowedOrigins.has(origin)) {
      res.setHeader('access-control-allow-origin', origin);
      res.setHeader('access-control-expose-headers', 'WWW-Authenticate');
      res.setHeader('vary', 'Origin');
    }
    if (error) res.setHeader('www-authenticate', `Bearer error="invalid_token", error_description="${error}"`);
    res.statusCode = status;
    res.setHeader('content-type', 'application/json; charset=utf-8');
    res.setHeader('cache-control', 'no-store');
    res.end(JSON.stringify(body));
  }

  async function respond(req: IncomingMessage, res: ServerResponse, token: string): Promise<void> {
    let sub: string | undefined;
    let scope = '';
    try {
      const { payload } = await jwtVerify(token, keys, {
        issuer: deps.issuer,
        audience: API_AUDIENCE,
        typ: 'at+jwt',
        algorithms: ['RS256'],
      });
      sub = payload.sub;
      scope = typeof payload.scope === 'string' ? payload.scope : '';
    } catch {
      // Reported below, like any other unusable token.
    }
    const user = sub ? await findActiveUser(deps.db, sub) : undefined;
    if (!user) {
      const description = 'invalid token provided';
      send(req, res, 401, { error: 'invalid_token', error_description: description }, description);
      return;
    }
    const claims = claimsFor(user, deps.roleGroupPrefix);
    send(req, res, 200, { ...claimsForScopes(claims, new Set(scope.split(' '))), sub: claims.sub });
  }

  return {
    /** Answers the request when it is a userinfo call with a JWT; false leaves it to the provider. */
    handle(req: IncomingMessage, res: ServerResponse, path: string, onError: (err: unknown) => void): boolean {
      if (path !== '/me') return false;
      const token = bearer(req);
      if (!token) return false;
      respond(req, res, token).catch((err: unknown) => {
        onError(err);
        if (!res.headersSent) send(req, res, 500, { error: 'server_error', error_description: 'oops! something went wrong' });
      });
      return true;
    },
  };
}
