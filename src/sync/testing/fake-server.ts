import type { MutationResult, PullResponse, PushBody, PushMutation } from '../../../core/schema/sync.ts';
import type { FeedRow } from '../../../core/schema/feeds.ts';
import type { InspectionResult } from '../../../core/schema/inspection.ts';
import { ANSWERS_LIMIT_DEFAULT, answersPath, type AnswersPage } from '../../../core/schema/sync-answers.ts';
import { settingRowId } from '../../../core/schema/settings.ts';
import * as feedRows from '../../../core/testing/feed-rows.ts';
import type { ApiClient } from '../api.ts';
import { ApiError, OfflineError } from '../errors.ts';

interface StoredRow {
  t: string;
  id: string;
  rev: number;
  /** null: a tombstone. */
  data: Record<string, unknown> | null;
}

interface Recorded {
  rev: number | null;
  status: number;
  message?: string;
}

interface Position {
  rev: number;
  t: string | null;
  id: string | null;
}

function parseCursor(cursor: string): Position {
  if (!cursor) return { rev: 0, t: null, id: null };
  const [rev, t, id] = cursor.split(':');
  return { rev: Number(rev), t: t ?? null, id: id ?? null };
}

const feedOrder = (a: StoredRow, b: StoredRow) => a.rev - b.rev || (a.t < b.t ? -1 : a.t > b.t ? 1 : 0) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** A row as a pull shows it: an inspection without its answers when they come later. */
function shown(row: StoredRow, answersLater: boolean): Record<string, unknown> {
  return answersLater && row.t === 'inspections' ? { ...row.data, results: null } : row.data!;
}

function after(row: StoredRow, pos: Position): boolean {
  if (row.rev !== pos.rev || pos.t === null || pos.id === null) return row.rev > pos.rev;
  return row.t > pos.t || (row.t === pos.t && row.id > pos.id);
}

/** The users row the fake server writes: an admin VCO without a section. */
export function userRow(userId: string, firstName: string, lastName: string): FeedRow<'users'> {
  return feedRows.userRow({ userId, firstName, lastName, email: `${userId.toLowerCase()}@example.test`, role: 'vco', isAdmin: true, sectionId: null });
}

/**
 * An in-memory server implementing the sync contract of docs/architecture.md: a feed ordered by
 * (rev, table, id) with `rev` and `rev:table:id` cursors, tombstones skipped on a first pull, a horizon
 * that answers `reset`, acks per clientId, and a push that records every mutation id so a repeat
 * answers `duplicate`. It knows the two routes the mutators call.
 */
export class FakeSyncServer {
  rev = 0;
  horizon = 0;
  readonly rows = new Map<string, StoredRow>();
  readonly recorded = new Map<string, Recorded>();
  /** How often each mutation id changed data: must never exceed 1. */
  readonly applied = new Map<string, number>();
  readonly requests: string[] = [];
  /** Answers the next N pushes with 503 before applying anything. */
  failNextPushes = 0;
  /** Applies the next N pushes but loses their answers (the client sees a network failure). */
  loseNextAnswers = 0;
  offline = false;
  /** Refuses a mutation as its route would (4xx). */
  rejectWhen: (m: PushMutation) => { status: number; message: string; response?: unknown } | undefined = () => undefined;
  /** Stops the batch at this mutation with a 503, as a route failing transiently does. */
  transientWhen: (m: PushMutation) => boolean = () => false;
  /** Stops the batch at this mutation with a 401, as when the caller's token runs out. */
  unauthorizedWhen: (m: PushMutation) => boolean = () => false;
  /** Refuses the whole push (400, 413) before applying anything, as a body the server cannot take. */
  refuseBatchWhen: (body: PushBody) => { status: number; message: string } | undefined = () => undefined;
  /** Every push body received, in order. */
  readonly pushes: PushBody[] = [];

  /** One write transaction: every change gets the same new revision. */
  write(changes: { t: string; id: string; data: Record<string, unknown> | null }[]): number {
    const rev = ++this.rev;
    for (const c of changes) this.rows.set(`${c.t}:${c.id}`, { ...c, rev });
    return rev;
  }

  row(t: string, id: string): Record<string, unknown> | null | undefined {
    return this.rows.get(`${t}:${id}`)?.data;
  }

  pull(cursor: string, limit: number, clientId?: string, answersLater = false): PullResponse {
    const pos = parseCursor(cursor);
    if (pos.rev > 0 && pos.rev < this.horizon) return { cursor: '', hasMore: true, reset: true, changes: [], acks: [] };
    const feed = [...this.rows.values()].filter((r) => after(r, pos) && (pos.rev > 0 || r.data !== null)).sort(feedOrder);
    const page = feed.slice(0, limit);
    const hasMore = feed.length > limit;
    const last = page.at(-1);
    const next: Position = hasMore && last ? { rev: last.rev, t: last.t, id: last.id } : { rev: Math.max(this.rev, pos.rev), t: null, id: null };
    const fromRev = pos.t ? pos.rev - 1 : pos.rev;
    const toRev = hasMore ? next.rev - 1 : next.rev;
    const acks = [...this.recorded.entries()]
      .filter(([key, r]) => clientId && key.startsWith(`${clientId}:`) && r.rev !== null && r.rev > fromRev && r.rev <= toRev)
      .map(([key]) => key.slice(clientId!.length + 1));
    return {
      cursor: next.t ? `${next.rev}:${next.t}:${next.id}` : String(next.rev),
      hasMore,
      reset: false,
      changes: page.map((r) => (r.data ? { t: r.t, op: 'put' as const, id: r.id, data: shown(r, answersLater) } : { t: r.t, op: 'delete' as const, id: r.id })),
      acks,
      // As the server: the first page of a pull from the start says how many rows the pull brings.
      ...(pos.rev === 0 && !pos.t ? { total: feed.length } : {}),
    };
  }

  /**
   * GET /data/v1/sync/answers: the stored inspections' answers (every live inspection with answers
   * stands for one in the mirror's months), in id order, `limit` at a time.
   */
  answers(after: string, limit: number): AnswersPage {
    const all = [...this.rows.values()]
      .filter((r) => r.t === 'inspections' && r.data !== null && Array.isArray(r.data.results) && r.id > after)
      .sort((a, b) => (a.id < b.id ? -1 : 1));
    const page = all.slice(0, limit).map((r) => ({
      inspectionId: r.id,
      vehicleId: r.data!.vehicleId as string,
      inspectionDate: r.data!.inspectionDate as string,
      lastModificationDate: r.data!.lastModificationDate as string,
      results: r.data!.results as InspectionResult[],
    }));
    return { answers: page, next: all.length > limit ? page.at(-1)!.inspectionId : null, ...(after === '' ? { total: all.length } : {}) };
  }

  push(body: PushBody): MutationResult[] {
    const results: MutationResult[] = [];
    for (const m of [...body.mutations].sort((a, b) => a.seq - b.seq)) {
      const key = `${body.clientId}:${m.id}`;
      const before = this.recorded.get(key);
      if (before) {
        results.push({
          id: m.id,
          status: before.status >= 400 ? 'rejected' : 'duplicate',
          httpStatus: before.status,
          rev: before.rev,
          ...(before.message ? { message: before.message } : {}),
        });
        continue;
      }
      if (this.transientWhen(m)) throw new ApiError(503, { errorMessage: 'Retry the batch', errors: [{ message: 'Retry the batch' }], results });
      if (this.unauthorizedWhen(m)) throw new ApiError(401, { errorMessage: 'Sign in again', errors: [{ message: 'Sign in again' }], results });
      const refusal = this.rejectWhen(m);
      if (refusal) {
        this.recorded.set(key, { rev: null, status: refusal.status, message: refusal.message });
        results.push({
          id: m.id,
          status: 'rejected',
          httpStatus: refusal.status,
          message: refusal.message,
          ...(refusal.response ? { response: refusal.response } : {}),
        });
        continue;
      }
      const rev = this.route(m);
      this.applied.set(m.id, (this.applied.get(m.id) ?? 0) + 1);
      this.recorded.set(key, { rev, status: 200 });
      results.push({ id: m.id, status: 'applied', httpStatus: 200, rev });
    }
    return results;
  }

  /** The two REST routes the mutators call; returns the revision, or null when nothing changed. */
  private route(m: PushMutation): number | null {
    const { path, body } = m.request;
    const settings = /^\/auth\/users\/([^/]+)\/settings$/.exec(path);
    if (settings) {
      const userId = decodeURIComponent(settings[1]!);
      const ops = body as { path: string; value: unknown }[];
      return this.write(
        ops.map((op) => {
          const field = op.path.slice(1);
          const id = settingRowId(userId, field);
          return { t: 'userSettings', id, data: { settingId: id, userId, field, value: op.value } };
        }),
      );
    }
    if (m.request.method === 'POST' && path === '/auth/users') {
      const { userId, firstName, lastName } = body as { userId: string; firstName: string; lastName: string };
      return this.write([{ t: 'users', id: userId, data: userRow(userId, firstName, lastName) }]);
    }
    const user = /^\/auth\/users\/([^/]+)$/.exec(path);
    if (user) {
      const userId = decodeURIComponent(user[1]!);
      const current = this.row('users', userId);
      // Only the fields sent change, as the real route does.
      const { userId: _u, orgId: _o, ...changes } = body as Record<string, unknown>;
      const merged = { ...current, ...changes } as Record<string, unknown>;
      if (current && Object.keys(changes).every((k) => current[k] === changes[k])) return null;
      const names = userRow(userId, String(merged.firstName ?? ''), String(merged.lastName ?? ''));
      const { firstName, lastName, givenName, familyName, fullName } = names;
      return this.write([{ t: 'users', id: userId, data: { ...names, ...merged, firstName, lastName, givenName, familyName, fullName } }]);
    }
    throw new Error(`The fake server has no route ${m.request.method} ${path}`);
  }

  /** The API as src/sync sees it, talking to this server. */
  api(): ApiClient {
    return {
      request: async (method, path, body) => {
        this.requests.push(`${method} ${path}`);
        await Promise.resolve();
        if (this.offline) throw new OfflineError();
        const url = new URL(path, 'http://fake.test');
        if (method === 'GET' && url.pathname === '/data/v1/sync/pull') {
          const q = url.searchParams;
          return this.pull(q.get('cursor') ?? '', Number(q.get('limit') ?? 1000), q.get('clientId') ?? undefined, q.get('answers') === 'later');
        }
        if (method === 'GET' && url.pathname === answersPath) {
          const q = url.searchParams;
          return this.answers(q.get('after') ?? '', Number(q.get('limit') ?? ANSWERS_LIMIT_DEFAULT));
        }
        if (method === 'POST' && url.pathname === '/data/v1/sync/push') {
          if (this.failNextPushes > 0) {
            this.failNextPushes--;
            throw new ApiError(503, { errorMessage: 'The server is busy' });
          }
          this.pushes.push(body as PushBody);
          const refused = this.refuseBatchWhen(body as PushBody);
          if (refused) throw new ApiError(refused.status, { errorMessage: refused.message, errors: [{ message: refused.message }] });
          const results = this.push(body as PushBody);
          if (this.loseNextAnswers > 0) {
            this.loseNextAnswers--;
            throw new OfflineError();
          }
          return { results };
        }
        if (method === 'GET' && url.pathname === '/stream/ticket') return { ticket: `ticket-${this.requests.length}`, expiresIn: 30 };
        throw new ApiError(404, { errorMessage: `No such route: ${method} ${url.pathname}` });
      },
    };
  }
}
