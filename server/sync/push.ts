import { MUTATION_HEADER, mutationHeader, REVISION_HEADER } from '../http/sync-headers.ts';
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { syncMutations } from '../db/schema/index.ts';
import { DUPLICATE_MUTATION } from '../db/errors.ts';
import type { Principal } from '../auth/principal.ts';
import type { MutationResult, PushEnvelope } from '../../core/schema/sync.ts';
import { HttpError } from '../http/errors.ts';
import { checkMutation } from './mutation-check.ts';

/** A route's answer that says nothing about the mutation itself: the batch stops, nothing is recorded. */
type Stop = { stop: 'unauthorized'; message: string | undefined } | { stop: 'transient' };

const isTransient = (status: number) => status >= 500 || status === 408 || status === 429;

function messageOf(body: unknown): string | undefined {
  if (body && typeof body === 'object' && 'errorMessage' in body && typeof body.errorMessage === 'string') return body.errorMessage;
  return undefined;
}

function parseJson(payload: string): unknown {
  if (!payload) return undefined;
  try {
    return JSON.parse(payload);
  } catch {
    return payload;
  }
}

async function recorded(db: Db, p: Principal, clientId: string, id: string) {
  const [row] = await db
    .select()
    .from(syncMutations)
    .where(and(eq(syncMutations.userId, p.userId), eq(syncMutations.clientId, clientId), eq(syncMutations.mutationId, id)));
  return row;
}

function duplicateOf(row: NonNullable<Awaited<ReturnType<typeof recorded>>>): MutationResult {
  const rejected = row.status >= 400;
  const message = messageOf(row.response);
  return {
    id: row.mutationId,
    status: rejected ? 'rejected' : 'duplicate',
    httpStatus: row.status,
    rev: row.rev,
    ...(row.response !== null ? { response: row.response } : {}),
    ...(rejected && message ? { message } : {}),
  };
}

/** JSON-escaped NUL or lone surrogate (JSON.stringify escapes exactly these), not itself an escaped backslash. */
const UNSTORABLE_ESCAPE = /(?<!\\)((?:\\\\)*)\\u(0000|d[89a-f][0-9a-f]{2})/gi;

/**
 * A route's answer as it can be stored (jsonb holds no NUL and no lone surrogate): such characters
 * become the text of their escape. An answer that could not be stored would fail the whole push, and
 * every retry of it, wedging the device's outbox.
 */
export function storable(response: unknown): unknown {
  if (response === undefined || response === null) return null;
  const text = JSON.stringify(response);
  const escaped = text.replace(UNSTORABLE_ESCAPE, '$1\\\\u$2');
  return escaped === text ? response : JSON.parse(escaped);
}

/**
 * A refusal is recorded like any outcome, so the retry of a batch answers it the same way. When another
 * copy of the same mutation (a second tab's, a retry racing the first) was recorded meanwhile, that
 * outcome stands and is answered: a copy refused after the first one applied must not tell the device
 * its change was refused, or it would undo a change the server has.
 */
export async function refuse(db: Db, p: Principal, clientId: string, id: string, status: number, response: unknown): Promise<MutationResult> {
  const stored = storable(response);
  const inserted = await db
    .insert(syncMutations)
    .values({ userId: p.userId, clientId, mutationId: id, orgId: p.orgId, rev: null, status, response: stored })
    .onConflictDoNothing()
    .returning({ id: syncMutations.mutationId });
  if (inserted.length === 0) {
    const before = await recorded(db, p, clientId, id);
    if (before) return duplicateOf(before);
  }
  return {
    id,
    status: 'rejected',
    httpStatus: status,
    message: messageOf(stored) ?? `Refused with status ${status}`,
    ...(stored !== null ? { response: stored } : {}),
  };
}

/** Mutations in `seq` order; one without a usable `seq` is answered first (it is rejected, so applies nothing). */
function inOrder(mutations: PushEnvelope['mutations']) {
  const seqOf = (m: Record<string, unknown>) => (Number.isSafeInteger(m.seq) && (m.seq as number) >= 0 ? (m.seq as number) : -1);
  return [...mutations].sort((a, b) => seqOf(a) - seqOf(b));
}

/**
 * Applies a batch in order, each mutation through its own REST route (same validation, same
 * authorization), and records every outcome per client: one bad mutation is rejected alone. The
 * dispatched requests carry the identity the push verified (`identityHeaders`), not the token.
 * A 401 or a transient failure says nothing about the mutation, so it stops the batch unrecorded: a
 * 401 answers the push with 401 (the client signs in again), a transient one with 503 (it retries);
 * both carry the results so far, and what was applied answers `duplicate` on the retry.
 */
export async function push(app: FastifyInstance, db: Db, p: Principal, identityHeaders: Record<string, string>, body: PushEnvelope): Promise<MutationResult[]> {
  const results: MutationResult[] = [];
  for (const raw of inOrder(body.mutations)) {
    const before = await recorded(db, p, body.clientId, raw.id);
    if (before) {
      results.push(duplicateOf(before));
      continue;
    }
    const checked = checkMutation(raw);
    const outcome = checked.ok
      ? await apply(app, db, p, identityHeaders, body.clientId, checked.mutation.id, checked.url, checked.mutation.request)
      : await refuse(db, p, body.clientId, raw.id, 400, checked.response);
    if ('stop' in outcome) {
      if (outcome.stop === 'unauthorized') throw new HttpError(401, outcome.message ?? 'Sign in again to send your changes', { results });
      throw new HttpError(503, 'The server could not apply every change just now; retry the batch', { results });
    }
    results.push(outcome);
  }
  return results;
}

async function apply(
  app: FastifyInstance,
  db: Db,
  p: Principal,
  identityHeaders: Record<string, string>,
  clientId: string,
  id: string,
  url: string,
  request: { method: 'POST' | 'PUT' | 'PATCH' | 'DELETE'; body?: unknown },
): Promise<MutationResult | Stop> {
  const res = await app.inject({
    method: request.method,
    url,
    headers: {
      ...identityHeaders,
      [MUTATION_HEADER]: mutationHeader(clientId, id),
      ...(request.body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(request.body !== undefined ? { payload: JSON.stringify(request.body) } : {}),
  });
  const response = parseJson(res.payload);
  if (res.statusCode === 409 && (response as { code?: string } | undefined)?.code === DUPLICATE_MUTATION) {
    const row = await recorded(db, p, clientId, id);
    if (row) return duplicateOf(row);
  }
  if (res.statusCode === 401) return { stop: 'unauthorized', message: messageOf(response) };
  if (isTransient(res.statusCode)) return { stop: 'transient' };
  if (res.statusCode >= 400) return refuse(db, p, clientId, id, res.statusCode, response);
  const stored = storable(response);
  // The route recorded the mutation inside its transaction when it wrote, and answered the revision
  // it took; a route that changed nothing did neither, so the outcome is recorded here.
  const header = res.headers[REVISION_HEADER];
  const rev = typeof header === 'string' && /^\d+$/.test(header) ? Number(header) : null;
  await db
    .insert(syncMutations)
    .values({ userId: p.userId, clientId, mutationId: id, orgId: p.orgId, rev, status: res.statusCode, response: stored })
    .onConflictDoUpdate({
      target: [syncMutations.userId, syncMutations.clientId, syncMutations.mutationId],
      set: { status: res.statusCode, response: stored },
    });
  return { id, status: 'applied', httpStatus: res.statusCode, rev, ...(stored !== null ? { response: stored } : {}) };
}
