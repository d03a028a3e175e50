import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods, RouteOptions } from 'fastify';
import type { z, ZodType } from 'zod';
// request.isMultipart() and request.parts(): @fastify/multipart, registered in server/app.ts.
import type {} from '@fastify/multipart';
import { Readable } from 'node:stream';
import type { FileUse } from '../../core/rules/file-type.ts';
import { FILE_TOO_LARGE_MESSAGE, filenameSchema } from '../../core/schema/file.ts';
import { checkAccess, checkSectionForReads, isWebsiteAccess, type Access } from '../auth/access.ts';
import type { Principal } from '../auth/principal.ts';
import type { MutationRef, Writer, WriteScope } from '../db/write.ts';
import type { LiveEventInput } from '../stream/live-events.ts';
import { discard, type ReceivedFile } from '../files/receive.ts';
import type { FileStore, KeptFile } from '../files/store.ts';
import type { UploadGate } from '../files/upload-gate.ts';
import { MUTATION_HEADER, REVISION_HEADER } from './sync-headers.ts';
import { HttpError, zodErrorBody } from './errors.ts';
import { findTextFault, MAX_DEPTH, textFaultMessage } from './text-check.ts';

/**
 * One write transaction in the caller's organization, bound to the pushed mutation (recorded with the
 * change, so a retry never applies twice); the answer carries the revision it took (REVISION_HEADER).
 */
export type RouteWrite = <T>(fn: (scope: WriteScope<LiveEventInput>) => Promise<T>) => Promise<T>;

/** A file of a multipart request, received, judged for its field's use and kept in the file store. */
export interface UploadedPart {
  /** The form field it came in. */
  field: string;
  filename: string;
  file: KeptFile;
}

/** What a multipart request brought: its files in order, and its text fields as `fields` parsed them. */
export interface MultipartInput<F> {
  files: UploadedPart[];
  fields: F;
}

/**
 * A route that also takes a multipart/form-data body (RouteDef.multipart): the files of each named
 * field (at most `most`, each judged for `use`), and the text fields, checked by `fields` as a JSON
 * body is. A JSON request to the same route is checked by `body` as ever.
 */
export interface MultipartDef<F extends ZodType | undefined = ZodType | undefined> {
  files: Record<string, { most: number; use: FileUse }>;
  fields?: F;
}

export interface RouteContext<P, Q, B, M = null> {
  params: P;
  query: Q;
  /** The JSON body (undefined when a route that takes multipart got a multipart request). */
  body: B;
  /** The files and fields of a multipart request (RouteDef.multipart); null for any other request. */
  multipart: M;
  /** The body of a route that takes a file's bytes (RouteDef.rawBody), received but not kept; null otherwise or when empty. */
  received: ReceivedFile | null;
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
   * The body is a file's bytes, of any Content-Type, up to the upload limit (past it: 413 with
   * FILE_TOO_LARGE_MESSAGE), streamed into a temporary file the route gets as `received`. It is
   * registered in a context of its own whose one parser hands the stream on, so no other route's
   * parsing changes.
   */
  rawBody?: true;
}

type Out<T> = T extends ZodType ? z.output<T> : undefined;
type BodyOut<B, M> = M extends MultipartDef ? Out<B> | undefined : Out<B>;
type MultipartOut<M> = M extends MultipartDef<infer F> ? MultipartInput<Out<F>> | null : null;

/** What routes that take files need (server/app.ts decorates the server with it). */
export interface Uploads {
  files: FileStore;
  gate: UploadGate;
  /** The most bytes one request's files may carry together (UPLOAD_REQUEST_LIMIT_BYTES). */
  requestLimitBytes: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    uploads: Uploads;
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

/** Text fields a form may have beside its files. */
const MAX_FORM_FIELDS = 20;

/** A failure while reading a multipart body, as an answer: the form's fault (400, 413), never a 500. */
function multipartError(error: unknown, maxFiles: number): HttpError {
  if (error instanceof HttpError) return error;
  const code = (error as { code?: string }).code;
  if (code === 'FST_FILES_LIMIT') return new HttpError(400, `Send at most ${maxFiles} ${maxFiles === 1 ? 'file' : 'files'} at once`);
  const known = code ? MULTIPART_ERRORS[code] : undefined;
  if (known) return new HttpError(known[0], known[1]);
  return new HttpError(400, `The multipart form could not be read: ${(error as Error).message ?? String(error)}`);
}

const mib = (bytes: number) => `${Math.floor(bytes / (1024 * 1024))} MiB`;
const requestTooLarge = (limit: number) => new HttpError(413, `The files of one request may carry at most ${mib(limit)} together. Send fewer at once.`);

/** The bytes a request says it carries; a chunked one is taken at the most it may carry. */
function declaredBytes(request: FastifyRequest, most: number): number {
  const length = Number(request.headers['content-length']);
  return Number.isFinite(length) && length >= 0 ? length : most;
}

/**
 * Reads a multipart body as it arrives: each file streamed into a temporary file (each at most the
 * upload limit, all at most the request's limit), the text fields as text. Only once the whole form
 * is there and its fields and every file's type passed are the files kept in the store; `temporary`
 * collects the temporary files for the caller to remove, whatever happens.
 */
async function readMultipart(request: FastifyRequest, def: MultipartDef, uploads: Uploads, temporary: string[]): Promise<MultipartInput<unknown>> {
  const allowed = new Map(Object.entries(def.files));
  const maxFiles = [...allowed.values()].reduce((a, b) => a + b.most, 0);
  const names = [...allowed.keys()].join(' or ');
  const received: { field: string; filename: string; file: ReceivedFile }[] = [];
  const fields: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  const counts = new Map<string, number>();
  const budget = { bytesLeft: uploads.requestLimitBytes, error: () => requestTooLarge(uploads.requestLimitBytes) };
  try {
    for await (const part of request.parts({ limits: { files: maxFiles, fields: MAX_FORM_FIELDS, parts: maxFiles + MAX_FORM_FIELDS } })) {
      if (part.type === 'field') {
        if (typeof part.value !== 'string') throw new HttpError(400, `${part.fieldname}: Send form fields as text`);
        if (part.valueTruncated) throw new HttpError(400, `${part.fieldname}: The field is too long`);
        fields[part.fieldname] = part.value;
        continue;
      }
      const rule = allowed.get(part.fieldname);
      if (rule === undefined) throw new HttpError(400, `Send files in the field ${names}, not ${part.fieldname}`);
      const count = (counts.get(part.fieldname) ?? 0) + 1;
      if (count > rule.most) throw new HttpError(400, `Send at most ${rule.most} ${rule.most === 1 ? 'file' : 'files'} in the field ${part.fieldname}`);
      counts.set(part.fieldname, count);
      const filename = filenameSchema.safeParse(part.filename ?? '');
      if (!filename.success) throw new HttpError(400, `${part.fieldname}: ${filename.error.issues[0]!.message}`);
      const file = await uploads.files.receive(part.file, budget);
      temporary.push(file.path);
      received.push({ field: part.fieldname, filename: filename.data, file });
    }
  } catch (error) {
    throw multipartError(error, maxFiles);
  }
  // A client gone between two parts ends the form early without an error: what came is not the form.
  if (!request.raw.complete) throw new HttpError(400, 'The form was cut off before its end; send it again');
  const checked = parse(def.fields, fields, '');
  for (const part of received) uploads.files.judge(part.file, allowed.get(part.field)!.use);
  const files: UploadedPart[] = [];
  for (const part of received) files.push({ field: part.field, filename: part.filename, file: await uploads.files.keep(part.file, allowed.get(part.field)!.use) });
  return { files, fields: checked };
}

/** A file's bytes as the body (RouteDef.rawBody), into a temporary file; null for an empty body. */
async function readRawBody(request: FastifyRequest, uploads: Uploads, temporary: string[]): Promise<ReceivedFile | null> {
  if (!(request.body instanceof Readable)) return null;
  let file: ReceivedFile;
  try {
    file = await uploads.files.receive(request.body);
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw new HttpError(400, 'The file did not arrive whole; send it again');
  }
  temporary.push(file.path);
  return file.sizeBytes === 0 ? null : file;
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
    config: def.envelope ? { maxBodyDepth: ENVELOPE_MAX_DEPTH } : {},
    handler: async (request, reply) => {
      const isPublic = 'public' in def.access && def.access.public;
      const principal = isPublic ? (undefined as unknown as Principal) : await app.principalOf(request);
      if (!isPublic) checkAccess(principal, def.access);
      if (reads && isWebsiteAccess(def.access)) checkSectionForReads(principal);
      const params = parse(def.params, request.params, 'Path ');
      const query = parse(def.query, request.query, 'Query ');
      const isMultipart = !def.rawBody && request.isMultipart();
      if (isMultipart && !def.multipart) throw new HttpError(415, 'Send the request body as application/json');
      const isUpload = Boolean(def.rawBody) || isMultipart;
      const temporary: string[] = [];
      let release: (() => void) | undefined;
      try {
        let multipart: MultipartInput<unknown> | null = null;
        let received: ReceivedFile | null = null;
        if (isUpload) {
          const { uploads } = app;
          const most = def.rawBody ? uploads.files.limitBytes : uploads.requestLimitBytes;
          const declared = declaredBytes(request, most);
          // Refused before a byte is read: a body that says it is too large, or one upload too many.
          if (declared > most) throw def.rawBody ? new HttpError(413, FILE_TOO_LARGE_MESSAGE) : requestTooLarge(most);
          release = uploads.gate.admit(principal.userId, principal.orgId, declared);
          if (isMultipart) multipart = await readMultipart(request, def.multipart!, uploads, temporary);
          else received = await readRawBody(request, uploads, temporary);
        }
        const body = isUpload ? undefined : parse(def.body, request.body ?? (def.body ? undefined : null), '', !def.envelope);
        const mutation = isPublic ? undefined : mutationOf(request, principal);
        const write: RouteWrite = async (fn) => {
          const { value, rev } = await app.writer(principal.orgId, mutation, fn);
          reply.header(REVISION_HEADER, String(rev));
          return value;
        };
        const ctx = { params, query, body, multipart, received, principal, request, reply, write };
        const result = await handler(ctx as RouteContext<Out<P>, Out<Q>, BodyOut<B, M>, MultipartOut<M>>);
        if (reply.sent) return reply;
        if (result === undefined) return reply.status(204).send();
        return result;
      } finally {
        release?.();
        // Answered before the body's end (a refusal): the client stops sending, and nobody reuses a half-read connection.
        if (isUpload && !request.raw.complete && !reply.sent) reply.header('connection', 'close');
        // Kept files were moved; the rest (a refusal, a client gone) go.
        await Promise.all(temporary.map(discard));
      }
    },
  };
  if (!def.rawBody) {
    app.route(options);
    return;
  }
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    // The body stays a stream: the handler reads it into a temporary file once the caller passed.
    scope.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
    scope.route(options);
  });
}
