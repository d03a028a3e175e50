import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ZodError, type core } from 'zod';
import { FILE_TOO_LARGE_MESSAGE } from '../../core/schema/file.ts';
import { DuplicateMutationError } from '../db/errors.ts';

/** An error with the HTTP status and body the caller should see. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string, extra?: Record<string, unknown>) => new HttpError(400, message, extra);
export const forbidden = (message = 'You do not have permission to do this') => new HttpError(403, message);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);

export function errorBody(message: string, errors: { message: string }[] = [{ message }], extra: Record<string, unknown> = {}) {
  return { errorMessage: message, errors, ...extra };
}

function issueMessage(issue: core.$ZodIssue, where: string): string {
  const path = issue.path.map(String).join('.');
  return path ? `${where}${path}: ${issue.message}` : `${where}${issue.message}`.trim();
}

/** Zod issues as the API's error body: the first message up front, each issue in `errors`. */
export function zodErrorBody(error: ZodError, where = '') {
  const errors = error.issues.map((issue) => ({ message: issueMessage(issue, where), path: issue.path.map(String) }));
  return { errorMessage: errors[0]?.message ?? 'Invalid request', errors };
}

const FASTIFY_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Send the request body as application/json',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty but a JSON body was announced',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The Content-Length header does not match the body',
};

/**
 * What the database refused, by SQLSTATE, as the caller should hear it. The routes check their input
 * first and say which field is wrong; this is the backstop for a bound one of them misses, which would
 * otherwise answer 500, and a change sent through the sync push would be retried for ever (a 5xx is
 * "try again"), holding back every change after it.
 */
const DATABASE_REFUSALS: Record<string, [status: number, message: string]> = {
  '22001': [400, 'A text in the request is too long to store'],
  '22003': [400, 'A number in the request is too large to store'],
  '22007': [400, 'A date in the request is not valid'],
  '22008': [400, 'A date in the request is out of range'],
  '22P02': [400, 'A value in the request is not in the form expected'],
  '23503': [409, 'The request names a record that does not exist (any more)'],
  '23505': [409, 'A record with this id or name exists already'],
  '54000': [400, 'A value in the request is too large to store'],
};

/** The SQLSTATE of a database error, on it or on its cause (Drizzle wraps the driver's error). */
function sqlStateOf(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 3 && current && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** One place that turns every failure into `{errorMessage, errors}`; nothing leaks a stack trace. */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError | DuplicateMutationError | ZodError, request, reply) => {
    if (error instanceof HttpError) {
      // A 429 says when to come back (the device's queues wait that long), in the header and the body.
      if (error.status === 429 && typeof error.extra.retryAfterSeconds === 'number') reply.header('retry-after', String(error.extra.retryAfterSeconds));
      return reply.status(error.status).send(errorBody(error.message, undefined, error.extra));
    }
    if (error instanceof DuplicateMutationError) {
      return reply.status(409).send(errorBody(error.message, undefined, { code: error.code }));
    }
    if (error instanceof ZodError) {
      return reply.status(400).send(zodErrorBody(error));
    }
    const status = (error as FastifyError).statusCode ?? 500;
    const code = (error as FastifyError).code;
    if (status >= 400 && status < 500) {
      let message = (code && FASTIFY_MESSAGES[code]) || error.message;
      if (code === 'FST_ERR_CTP_BODY_TOO_LARGE') message = `${message} (limit ${app.initialConfig.bodyLimit} bytes)`;
      // A file past the upload limit, cut by the form's reader: the words the app shows.
      if (code === 'FST_REQ_FILE_TOO_LARGE') message = FILE_TOO_LARGE_MESSAGE;
      if (error instanceof SyntaxError || /JSON/.test(error.message)) message = 'The request body is not valid JSON';
      return reply.status(status).send(errorBody(message));
    }
    const refusal = DATABASE_REFUSALS[sqlStateOf(error) ?? ''];
    if (refusal) {
      request.log.warn({ err: error }, 'the database refused the request');
      return reply.status(refusal[0]).send(errorBody(refusal[1]));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send(errorBody('Something went wrong on the server. Try again; if it keeps happening, tell your administrator.'));
  });
  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send(errorBody(`No such route: ${request.method} ${request.url.split('?')[0]}`));
  });
}

const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_BAD_URL: 'The request path holds an invalid percent-escape',
  FST_ERR_MAX_PARAM_LENGTH: 'A segment of the request path is too long',
};

/**
 * Fastify's `frameworkErrors` option: what the router refuses before any route, hook or error
 * handler runs (a path with a broken percent-escape, a path parameter past `maxParamLength`), in
 * the one error format. Without it Fastify answers `{error, code, message, statusCode}`.
 */
export function frameworkErrorHandler(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  const message = (error.code && FRAMEWORK_MESSAGES[error.code]) || 'The request could not be routed';
  // The router has no route context here: the body goes out as text, already JSON.
  void reply
    .status(status)
    .type('application/json; charset=utf-8')
    .send(JSON.stringify(errorBody(message)));
}

/**
 * Fastify's `clientErrorHandler` option: a request Node's HTTP parser refuses (bytes no request line
 * may hold, oversized headers, a timeout) is answered on the socket, in the one error format.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'The request took too long to arrive']
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'The request headers are too large']
        : [400, 'The request is not valid HTTP'];
  const body = JSON.stringify(errorBody(message));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
