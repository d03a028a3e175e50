import { pushMutationSchema, type PushMutation } from '../../core/schema/sync.ts';
import { errorBody, zodErrorBody } from '../http/errors.ts';
import { findTextFault, textFaultMessage } from '../http/text-check.ts';

export type CheckedMutation =
  { ok: true; mutation: PushMutation; url: string } | { ok: false; response: { errorMessage: string; errors: { message: string; path?: string[] }[] } };

const BASE = 'http://mutation.invalid';
const SYNC_API = /^\/data\/v1\/sync\//i;
const MUTATION_ROOTS = /^\/(data|auth)\//;

function refused(message: string, path?: string[]): CheckedMutation {
  return { ok: false, response: errorBody(message, [{ message, ...(path ? { path } : {}) }]) };
}

/**
 * One pushed mutation's own fields (not its body: the route it calls checks that, as for any
 * request). A fault here rejects this mutation alone. The path is judged as the router will see it,
 * dot segments resolved and escapes decoded, so `/data/x/../v1/sync/push` cannot reach the sync API.
 */
export function checkMutation(raw: Record<string, unknown>): CheckedMutation {
  const request = raw.request && typeof raw.request === 'object' && !Array.isArray(raw.request) ? raw.request : undefined;
  const requestFields = request && Object.fromEntries(Object.entries(request).filter(([key]) => key !== 'body'));
  const fault = findTextFault(requestFields ? { ...raw, request: requestFields } : raw);
  if (fault) return refused(textFaultMessage(fault, ''), fault.path);

  const parsed = pushMutationSchema.safeParse(raw);
  if (!parsed.success) {
    const { errorMessage, errors } = zodErrorBody(parsed.error);
    return { ok: false, response: { errorMessage, errors } };
  }
  const mutation = parsed.data;
  let url: URL;
  let decoded: string;
  try {
    url = new URL(mutation.request.path, BASE);
    decoded = decodeURIComponent(url.pathname);
  } catch {
    return refused('request.path: The path is not a valid URL path', ['request', 'path']);
  }
  if (url.origin !== BASE || !MUTATION_ROOTS.test(url.pathname)) {
    return refused('request.path: A mutation calls a /data/ or /auth/ route', ['request', 'path']);
  }
  if (SYNC_API.test(decoded)) return refused(`Mutation ${mutation.id} calls the sync API itself, which a mutation cannot do`, ['request', 'path']);
  return { ok: true, mutation, url: `${url.pathname}${url.search}` };
}
