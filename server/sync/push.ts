import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { syncMutations } from '../db/schema/index.ts';
import { DUPLICATE_MUTATION } from '../db/write.ts';
import type { Principal } from '../auth/principal.ts';
import type { MutationResult, PushBody, PushMutation } from '../../core/schema/sync.ts';
import { HttpError } from '../http/errors.ts';

/** Header by which the push dispatcher tells a route which pushed mutation it is applying. */
export const MUTATION_HEADER = 'x-sync-mutation';

export function mutationHeader(clientId: string, mutationId: string): string {
  return `${clientId} ${mutationId}`;
}

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

/**
 * Applies a batch in order, each mutation through its own REST route (same validation, same
 * authorization), and records every outcome per client. A transient failure stops the batch with
 * a 503 so the client retries it; what was applied before answers `duplicate` on the retry.
 */
export async function push(app: FastifyInstance, db: Db, p: Principal, authorization: string, body: PushBody): Promise<MutationResult[]> {
  const results: MutationResult[] = [];
  const ordered = [...body.mutations].sort((a, b) => a.seq - b.seq);
  for (const m of ordered) {
    const before = await recorded(db, p, body.clientId, m.id);
    if (before) {
      results.push(duplicateOf(before));
      continue;
    }
    const result = await apply(app, db, p, authorization, body.clientId, m);
    if (result === 'transient') throw new HttpError(503, 'The server could not apply every change just now; retry the batch', { results });
    results.push(result);
  }
  return results;
}

async function apply(app: FastifyInstance, db: Db, p: Principal, authorization: string, clientId: string, m: PushMutation): Promise<MutationResult | 'transient'> {
  const res = await app.inject({
    method: m.request.method,
    url: m.request.path,
    headers: {
      authorization,
      [MUTATION_HEADER]: mutationHeader(clientId, m.id),
      ...(m.request.body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(m.request.body !== undefined ? { payload: JSON.stringify(m.request.body) } : {}),
  });
  const response = parseJson(res.payload);
  if (res.statusCode === 409 && (response as { code?: string } | undefined)?.code === DUPLICATE_MUTATION) {
    const row = await recorded(db, p, clientId, m.id);
    if (row) return duplicateOf(row);
  }
  if (isTransient(res.statusCode)) return 'transient';
  const stored = response === undefined ? null : response;
  if (res.statusCode < 400) {
    // The route recorded the mutation inside its transaction when it wrote; a route that changed
    // nothing did not, so the outcome is recorded here.
    await db
      .insert(syncMutations)
      .values({ userId: p.userId, clientId, mutationId: m.id, orgId: p.orgId, rev: null, status: res.statusCode, response: stored })
      .onConflictDoUpdate({
        target: [syncMutations.userId, syncMutations.clientId, syncMutations.mutationId],
        set: { status: res.statusCode, response: stored },
      });
    const row = await recorded(db, p, clientId, m.id);
    return { id: m.id, status: 'applied', httpStatus: res.statusCode, rev: row?.rev ?? null, ...(stored !== null ? { response: stored } : {}) };
  }
  await db
    .insert(syncMutations)
    .values({ userId: p.userId, clientId, mutationId: m.id, orgId: p.orgId, rev: null, status: res.statusCode, response: stored })
    .onConflictDoNothing();
  return { id: m.id, status: 'rejected', httpStatus: res.statusCode, message: messageOf(response) ?? `Refused with status ${res.statusCode}`, ...(stored !== null ? { response: stored } : {}) };
}
