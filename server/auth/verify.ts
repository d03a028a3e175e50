import { createLocalJWKSet, createRemoteJWKSet, jwtVerify, type JSONWebKeySet, type JWTPayload } from 'jose';
import { isAdminFromGroups, roleFromGroups } from '../../core/rules/identity.ts';
import { GRANT_CLAIM } from './grant.ts';
import { HttpError } from '../http/errors.ts';
import type { Principal } from './principal.ts';

export const EMBEDDED_AUDIENCE = 'fleet-api';

export interface VerifierOptions {
  issuer: string;
  /** The embedded provider's public keys; absent for an external issuer, whose JWKS is discovered. */
  jwks?: JSONWebKeySet;
  audience?: string | undefined;
  roleGroupPrefix: string;
}

export type TokenVerifier = (authorization: string | undefined) => Promise<Principal>;

async function discoverJwks(issuer: string) {
  const res = await fetch(`${issuer}/.well-known/openid-configuration`);
  if (!res.ok) throw new Error(`OpenID discovery failed for ${issuer}: ${res.status}`);
  const doc = (await res.json()) as { jwks_uri: string };
  return createRemoteJWKSet(new URL(doc.jwks_uri));
}

function claim(payload: JWTPayload, name: string): string {
  const v = payload[name];
  return typeof v === 'string' ? v : '';
}

/** Verifies bearer JWTs with jose against the issuer's keys and reads the caller from the claims. */
export function createVerifier(options: VerifierOptions): TokenVerifier {
  let keys: ReturnType<typeof createLocalJWKSet> | Promise<ReturnType<typeof createRemoteJWKSet>> = options.jwks
    ? createLocalJWKSet(options.jwks)
    : discoverJwks(options.issuer);
  return async (authorization) => {
    const match = /^Bearer\s+(\S+)$/i.exec(authorization ?? '');
    if (!match?.[1]) throw new HttpError(401, 'Sign in first: the Authorization header needs a bearer token');
    let payload: JWTPayload;
    try {
      const resolved = await keys;
      ({ payload } = await jwtVerify(match[1], resolved, {
        issuer: options.issuer,
        ...(options.audience ? { audience: options.audience } : {}),
      }));
    } catch (err) {
      if (keys instanceof Promise) keys = discoverJwks(options.issuer);
      const expired = (err as { code?: string }).code === 'ERR_JWT_EXPIRED';
      throw new HttpError(401, expired ? 'Your session has expired; sign in again' : 'The access token is not valid; sign in again');
    }
    const groups = Array.isArray(payload.groups) ? payload.groups.filter((g): g is string => typeof g === 'string') : [];
    return {
      userId: payload.sub ?? '',
      orgId: claim(payload, 'org_id'),
      email: claim(payload, 'email'),
      givenName: claim(payload, 'given_name'),
      familyName: claim(payload, 'family_name'),
      role: roleFromGroups(groups, options.roleGroupPrefix),
      isAdmin: isAdminFromGroups(groups),
      ...(typeof payload[GRANT_CLAIM] === 'string' ? { grantId: payload[GRANT_CLAIM] } : {}),
    };
  };
}
