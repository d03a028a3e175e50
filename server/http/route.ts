import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import type { z, ZodType } from 'zod';
import { checkAccess, checkSectionForReads, isWebsiteAccess, type Access } from '../auth/access.ts';
import type { Principal } from '../auth/principal.ts';
import type { MutationRef, Writer, WriteScope } from '../db/write.ts';
import type { LiveEventInput } from '../stream/live-events.ts';
import { MUTATION_HEADER, REVISION_HEADER } from './sync-headers.ts';
import { HttpError, zodErrorBody } from './errors.ts';
import { findTextFault, MAX_DEPTH, textFaultMessage } from './text-check.ts';

/**
 * One write transaction in the caller's organization, bound to the pushed mutation (recorded with the
 * change, so a retry never applies twice); the answer carries the revision it took (REVISION_HEADER).
 */
export type RouteWrite = <T>(fn: (scope: WriteScope<LiveEventInput>) => Promise<T>) => Promise<T>;

export interface RouteContext<P, Q, B> {
  params: P;
  query: Q;
  body: B;
  principal: Principal;
  request: FastifyRequest;
  reply: FastifyReply;
  /** Every write route writes through this (RouteWrite). */
  write: RouteWrite;
}

export interface RouteDef<P extends ZodType, Q extends ZodType, B extends ZodType> {
  method: HTTPMethods;
  url: string;
  access: Access;
  params?: P;
  query?: Q;
  body?: B;
  /**
   * The body carries requests for other routes (the sync push). Each carried request is checked by the
   * route it is dispatched to, so that one bad request is refused alone: here only the schema checks
   * the envelope, and the body may nest up to ENVELOPE_MAX_DEPTH.
   */
  envelope?: boolean;
}

type Out<T> = T extends ZodType ? z.output<T> : undefined;

declare module 'fastify' {
  interface FastifyInstance {
    /** Resolves the caller of a request (see server/auth/authenticate.ts). */
    principalOf(request: FastifyRequest): Promise<Principal>;
    /** The one writer of the server (server/db/write.ts). */
    writer: Writer<LiveEventInput>;
  }
}

/**
 * How deep an envelope body (RouteDef.envelope) may nest: room for the envelope's own levels and for
 * a carried body nested past MAX_DEPTH, which the route it is dispatched to then refuses alone.
 */
export const ENVELOPE_MAX_DEPTH = 2 * MAX_DEPTH;

function parse<T extends ZodType>(schema: T | undefined, value: unknown, where: string, checkText = true): Out<T> {
  if (!schema) return undefined as Out<T>;
  const fault = checkText ? findTextFault(value) : null;
  if (fault) {
    const message = textFaultMessage(fault, where);
    throw new HttpError(400, message, { errors: [{ message, path: fault.path }] });
  }
  const result = schema.safeParse(value);
  if (!result.success) {
    const body = zodErrorBody(result.error, where);
    throw new HttpError(400, body.errorMessage, { errors: body.errors });
  }
  return result.data as Out<T>;
}

/** The pushed mutation a request applies, from the header the push dispatcher sets. */
export function mutationOf(request: FastifyRequest, p: Principal): MutationRef | undefined {
  const header = request.headers[MUTATION_HEADER];
  if (typeof header !== 'string') return undefined;
  const [clientId, mutationId] = header.split(' ');
  if (!clientId || !mutationId) return undefined;
  return { userId: p.userId, clientId, mutationId };
}

/**
 * Declares a route whose params, query and body are validated with zod schemas from core/schema and
 * whose caller is authenticated and checked against `access` before the handler runs.
 */
export function route<P extends ZodType, Q extends ZodType, B extends ZodType>(
  app: FastifyInstance,
  def: RouteDef<P, Q, B>,
  handler: (ctx: RouteContext<Out<P>, Out<Q>, Out<B>>) => Promise<unknown>,
): void {
  const reads = def.method === 'GET' || def.method === 'HEAD';
  app.route({
    method: def.method,
    url: def.url,
    ...(def.envelope ? { config: { maxBodyDepth: ENVELOPE_MAX_DEPTH } } : {}),
    handler: async (request, reply) => {
      const isPublic = 'public' in def.access && def.access.public;
      const principal = isPublic ? (undefined as unknown as Principal) : await app.principalOf(request);
      if (!isPublic) checkAccess(principal, def.access);
      if (reads && isWebsiteAccess(def.access)) checkSectionForReads(principal);
      const params = parse(def.params, request.params, 'Path ');
      const query = parse(def.query, request.query, 'Query ');
      const body = parse(def.body, request.body ?? (def.body ? undefined : null), '', !def.envelope);
      const mutation = isPublic ? undefined : mutationOf(request, principal);
      const write: RouteWrite = async (fn) => {
        const { value, rev } = await app.writer(principal.orgId, mutation, fn);
        reply.header(REVISION_HEADER, String(rev));
        return value;
      };
      const result = await handler({ params, query, body, principal, request, reply, write });
      if (reply.sent) return reply;
      if (result === undefined) return reply.status(204).send();
      return result;
    },
  });
}
