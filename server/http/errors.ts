import type { FastifyError, FastifyInstance } from 'fastify';
import { ZodError, type core } from 'zod';

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

/** One place that turns every failure into `{errorMessage, errors}`; nothing leaks a stack trace. */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError | ZodError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.status(error.status).send(errorBody(error.message, undefined, error.extra));
    }
    if (error instanceof ZodError) {
      return reply.status(400).send(zodErrorBody(error));
    }
    const status = (error as FastifyError).statusCode ?? 500;
    const code = (error as FastifyError).code;
    if (status >= 400 && status < 500) {
      let message = (code && FASTIFY_MESSAGES[code]) || error.message;
      if (code === 'FST_ERR_CTP_BODY_TOO_LARGE') message = `${message} (limit ${app.initialConfig.bodyLimit} bytes)`;
      if (error instanceof SyntaxError || /JSON/.test(error.message)) message = 'The request body is not valid JSON';
      return reply.status(status).send(errorBody(message));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send(errorBody('Something went wrong on the server. Try again; if it keeps happening, tell your administrator.'));
  });
  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send(errorBody(`No such route: ${request.method} ${request.url.split('?')[0]}`));
  });
}
