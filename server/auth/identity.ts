import { randomBytes, timingSafeEqual } from 'node:crypto';
import { Socket } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../http/errors.ts';
import type { Principal } from './principal.ts';
import type { TokenVerifier } from './verify.ts';

/** Header by which the push dispatcher passes the caller it has verified to the routes it calls. */
export const IDENTITY_HEADER = 'x-internal-identity';

/** The loan of a verified identity to the requests one push dispatches. */
export interface IdentityLoan {
  headers: Record<string, string>;
  release(): void;
}

/**
 * Who a request comes from, as its bearer token proves it (the users table is consulted after, in
 * authenticate.ts). A push verifies the token once and lends that identity to the requests it
 * dispatches in-process, so a token that expires while a long batch is applied cannot turn its
 * later mutations into refusals.
 */
export interface Identities {
  of(request: FastifyRequest): Promise<Principal>;
  lend(identity: Principal): IdentityLoan;
  /** Whether the request was dispatched by a push (and so must not push again). */
  isLent(request: FastifyRequest): boolean;
}

/**
 * The header holds a per-process secret and a per-push key: only this process can make one, and a
 * key is good only while its push runs. `guardIdentityHeader` drops the header from every request
 * that came over the network, so it cannot even be tried from outside.
 */
export function createIdentities(verify: TokenVerifier): Identities {
  const secret = randomBytes(32);
  const loans = new Map<string, Principal>();
  const verified = new WeakMap<FastifyRequest, Promise<Principal>>();

  function lentTo(request: FastifyRequest): Principal | undefined {
    const header = request.headers[IDENTITY_HEADER];
    if (header === undefined) return undefined;
    const [secretPart, key] = typeof header === 'string' ? header.split('.') : [];
    const given = Buffer.from(secretPart ?? '', 'base64url');
    const identity = key ? loans.get(key) : undefined;
    if (given.length !== secret.length || !timingSafeEqual(given, secret) || !identity) {
      throw new HttpError(401, 'The request carries an identity that is not valid here; sign in again');
    }
    return identity;
  }

  return {
    of(request) {
      let identity = verified.get(request);
      if (!identity) {
        identity = (async () => lentTo(request) ?? verify(request.headers.authorization))();
        verified.set(request, identity);
      }
      return identity;
    },
    lend(identity) {
      const key = randomBytes(16).toString('base64url');
      loans.set(key, identity);
      return { headers: { [IDENTITY_HEADER]: `${secret.toString('base64url')}.${key}` }, release: () => loans.delete(key) };
    },
    isLent(request) {
      return lentTo(request) !== undefined;
    },
  };
}

/** Removes the identity header from requests that arrived over a socket: only `inject` may carry it. */
export function guardIdentityHeader(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (request.raw.socket instanceof Socket) delete request.raw.headers[IDENTITY_HEADER];
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    identities: Identities;
  }
}
