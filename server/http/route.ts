import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods, RouteOptions } from 'fastify';
import type { z, ZodType } from 'zod';
// request.isMultipart() and request.parts(): @fastify/multipart, registered in server/app.ts.
import type {} from '@fastify/multipart';
import { FILE_TOO_LARGE_MESSAGE, filenameSchema } from '../../core/schema/file.ts';
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

/** A file of a multipart request, read whole (at most the upload limit). */
export interface UploadedPart {
  /** The form field it came in. */
  field: string;
  filename: string;
  bytes: Buffer;
}

/** What a multipart request brought: its files in order, and its text fields as `fields` parsed them. */
export interface MultipartInput<F> {
  files: UploadedPart[];
  fields: F;
}

/**
 * A route that also takes a multipart/form-data body (RouteDef.multipart): the files of each named
 * field (at most as many as given), and the text fields, checked by `fields` as a JSON body is. A
 * JSON request to the same route is checked by `body` as ever.
 */
export interface MultipartDef<F extends ZodType | undefined = ZodType | undefined> {
  files: Record<string, number>;
  fields?: F;
}

export interface RouteContext<P, Q, B, M = null> {
  params: P;
  query: Q;
  /** The JSON body (undefined when a route that takes multipart got a multipart request). */
  body: B;
  /** The files and fields of a multipart request (RouteDef.multipart); null for any other request. */
  multipart: M;
  /** The raw body of a route that takes one (RouteDef.rawBody); empty otherwise. */
  bytes: Buffer;
  principal: Principal;
  request: FastifyRequest;
  reply: FastifyReply;
  /** Every write route writes through this (RouteWrite). */
  write: RouteWrite;
}

export interface RouteDef<P extends ZodType, Q extends ZodType, B extends ZodType, M extends MultipartDef | undefined = undefined> {
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
  /** The route also takes multipart/form-data (MultipartDef); without it a multipart body is refused with 415. */
  multipart?: M;
  /**
   * The body is a file's bytes, of any Content-Type, up to `limitBytes` (past it: 413 with
   * FILE_TOO_LARGE_MESSAGE). The route gets them as `bytes`; it is registered in a context of its own
   * whose one parser takes every type, so no other route's parsing changes.
   */
  rawBody?: { limitBytes: number };
}

type Out<T> = T extends ZodType ? z.output<T> : undefined;
type BodyOut<B, M> = M extends MultipartDef ? Out<B> | undefined : Out<B>;
type MultipartOut<M> = M extends MultipartDef<infer F> ? MultipartInput<Out<F>> | null : null;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The body is a file (RouteDef.rawBody): past its limit it is answered with FILE_TOO_LARGE_MESSAGE. */
    fileUpload?: boolean;
  }
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

const MULTIPART_ERRORS: Record<string, [number, string]> = {
  FST_REQ_FILE_TOO_LARGE: [413, FILE_TOO_LARGE_MESSAGE],
  FST_PARTS_LIMIT: [400, 'The form has too many parts'],
  FST_FIELDS_LIMIT: [400, 'The form has too many fields'],
  FST_PROTO_VIOLATION: [400, 'A form field may not be named after a property of every object (__proto__, constructor, ...)'],
  FST_INVALID_JSON_FIELD_ERROR: [400, 'A form field declared as JSON is not valid JSON'],
};

/** A failure while reading a multipart body, as an answer: the form's fault (400, 413), never a 500. */
function multipartError(error: unknown, maxFiles: number): HttpError {
  if (error instanceof HttpError) return error;
  const code = (error as { code?: string }).code;
  if (code === 'FST_FILES_LIMIT') return new HttpError(400, `Send at most ${maxFiles} ${maxFiles === 1 ? 'file' : 'files'} at once`);
  const known = code ? MULTIPART_ERRORS[code] : undefined;
  if (known) return new HttpError(known[0], known[1]);
  return new HttpError(400, `The multipart form could not be read: ${(error as Error).message ?? String(error)}`);
}

/** Reads a multipart body whole: every file into memory (each at most the upload limit), the text fields as text. */
async function readMultipart(request: FastifyRequest, def: MultipartDef): Promise<MultipartInput<unknown>> {
  const allowed = new Map(Object.entries(def.files));
  const maxFiles = [...allowed.values()].reduce((a, b) => a + b, 0);
  const names = [...allowed.keys()].join(' or ');
  const files: UploadedPart[] = [];
  const fields: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  const counts = new Map<string, number>();
  try {
    for await (const part of request.parts({ limits: { files: maxFiles } })) {
      if (part.type === 'field') {
        if (typeof part.value !== 'string') throw new HttpError(400, `${part.fieldname}: Send form fields as text`);
        if (part.valueTruncated) throw new HttpError(400, `${part.fieldname}: The field is too long`);
        fields[part.fieldname] = part.value;
        continue;
      }
      const most = allowed.get(part.fieldname);
      if (most === undefined) throw new HttpError(400, `Send files in the field ${names}, not ${part.fieldname}`);
      const count = (counts.get(part.fieldname) ?? 0) + 1;
      if (count > most) throw new HttpError(400, `Send at most ${most} ${most === 1 ? 'file' : 'files'} in the field ${part.fieldname}`);
      counts.set(part.fieldname, count);
      const filename = filenameSchema.safeParse(part.filename ?? '');
      if (!filename.success) throw new HttpError(400, `${part.fieldname}: ${filename.error.issues[0]!.message}`);
      files.push({ field: part.fieldname, filename: filename.data, bytes: await part.toBuffer() });
    }
  } catch (error) {
    throw multipartError(error, maxFiles);
  }
  return { files, fields: parse(def.fields, fields, '') };
}

/**
 * Declares a route whose params, query and body are validated with zod schemas from core/schema and
 * whose caller is authenticated and checked against `access` before the handler runs. A route may
 * also take multipart bodies (`multipart`) or a file's raw bytes (`rawBody`); either is read only
 * after the caller, the params and the query passed.
 */
export function route<P extends ZodType, Q extends ZodType, B extends ZodType, M extends MultipartDef | undefined = undefined>(
  app: FastifyInstance,
  def: RouteDef<P, Q, B, M>,
  handler: (ctx: RouteContext<Out<P>, Out<Q>, BodyOut<B, M>, MultipartOut<M>>) => Promise<unknown>,
): void {
  const reads = def.method === 'GET' || def.method === 'HEAD';
  const options: RouteOptions = {
    method: def.method,
    url: def.url,
    config: { ...(def.envelope ? { maxBodyDepth: ENVELOPE_MAX_DEPTH } : {}), ...(def.rawBody ? { fileUpload: true } : {}) },
    handler: async (request, reply) => {
      const isPublic = 'public' in def.access && def.access.public;
      const principal = isPublic ? (undefined as unknown as Principal) : await app.principalOf(request);
      if (!isPublic) checkAccess(principal, def.access);
      if (reads && isWebsiteAccess(def.access)) checkSectionForReads(principal);
      const params = parse(def.params, request.params, 'Path ');
      const query = parse(def.query, request.query, 'Query ');
      const isMultipart = !def.rawBody && request.isMultipart();
      if (isMultipart && !def.multipart) throw new HttpError(415, 'Send the request body as application/json');
      const multipart = isMultipart ? await readMultipart(request, def.multipart!) : null;
      const body = multipart || def.rawBody ? undefined : parse(def.body, request.body ?? (def.body ? undefined : null), '', !def.envelope);
      const bytes = def.rawBody && Buffer.isBuffer(request.body) ? request.body : EMPTY;
      const mutation = isPublic ? undefined : mutationOf(request, principal);
      const write: RouteWrite = async (fn) => {
        const { value, rev } = await app.writer(principal.orgId, mutation, fn);
        reply.header(REVISION_HEADER, String(rev));
        return value;
      };
      const ctx = { params, query, body, multipart, bytes, principal, request, reply, write };
      const result = await handler(ctx as RouteContext<Out<P>, Out<Q>, BodyOut<B, M>, MultipartOut<M>>);
      if (reply.sent) return reply;
      if (result === undefined) return reply.status(204).send();
      return result;
    },
  };
  if (!def.rawBody) {
    app.route(options);
    return;
  }
  const { limitBytes } = def.rawBody;
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: limitBytes }, (_request, payload, done) => done(null, payload));
    scope.route(options);
  });
}

const EMPTY = Buffer.alloc(0);
