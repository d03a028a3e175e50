import type { FastifyInstance } from 'fastify';
import { HttpError } from './errors.ts';
import { MAX_DEPTH } from './text-check.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** How deep this route's JSON body may nest, when not MAX_DEPTH (see RouteDef.envelope). */
    maxBodyDepth?: number;
  }
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPENERS = new Set([0x5b, 0x7b]);
const CLOSERS = new Set([0x5d, 0x7d]);

/**
 * Whether JSON text nests more than `max` brackets deep, counting outside strings. One pass over the
 * text, before anything is parsed: a body nested thousands of levels deep costs no more than any
 * other body of its size, and nothing recursive ever sees it.
 */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) inString = true;
    else if (OPENERS.has(c)) {
      if (++depth > max) return true;
    } else if (CLOSERS.has(c)) depth--;
  }
  return false;
}

export function tooDeepMessage(max: number): string {
  return `The request body is nested too deeply (at most ${max} levels)`;
}

/**
 * Replaces fastify's JSON parser with one that refuses a body nested past the route's limit, then
 * hands the text to fastify's own parser: the body limit, the empty-body answer and the refusal of
 * `__proto__` and `constructor.prototype` keys (secure-json-parse) stay exactly as they were.
 */
export function installJsonBodyParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser(app.initialConfig.onProtoPoisoning ?? 'error', app.initialConfig.onConstructorPoisoning ?? 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const max = request.routeOptions.config?.maxBodyDepth ?? MAX_DEPTH;
    if (nestsDeeperThan(body as string, max)) {
      done(new HttpError(400, tooDeepMessage(max)), undefined);
      return;
    }
    parse(request, body as string, done);
  });
}
