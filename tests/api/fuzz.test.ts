/**
 * Issue 13, "No 500 on any input": a property-based fuzz (fast-check) of every JSON route, as the
 * signed-in administrator of an organization with sections, workflows, vehicles, notes and users.
 * Routes are read from their declarations (`route(app, {...})` under server/); the valid inputs of
 * each are in tests/support/fuzz-routes.ts, the odd ones in tests/support/fuzz-values.ts. Each
 * request is valid, a valid one with one field changed to something odd (or removed, nested, an
 * extra or prototype key added), or odd throughout: wrong types, huge strings and numbers, values
 * nested around and past the limits, bodies around and past the size limit, NUL, lone surrogates,
 * RTL marks, emoji, combining marks, malformed JSON, odd content types, odd path segments and query
 * strings. The push envelope carries such requests as mutations. Checked for every answer:
 *   1. never a 5xx;
 *   2. every 4xx is JSON `{errorMessage}` with a message (and no answer holds a stack trace);
 *   3. a refusal changed nothing: the revisions of every organization (org_clocks, which every write
 *      takes) are the same after a 4xx as before it; a read never changes them; a push that rejects
 *      some of its mutations takes at most one revision per applied one.
 *
 * Default: a fixed seed and per-route run counts (RouteSpec.runs), about 3,200 requests, about 30 s
 * on PGlite on a quiet machine. Longer or other runs (docs/performance.md, "Fuzzing"):
 *   FUZZ_RUNS=1000 npx vitest run --project api tests/api/fuzz.test.ts   # 1,000 runs per route, a new seed
 *   FUZZ_SEED=123 FUZZ_ROUTE='PATCH /data/v2/vehicles/:vehicleId' npx vitest run --project api tests/api/fuzz.test.ts
 *   FUZZ_PATH=... (with FUZZ_SEED and FUZZ_ROUTE) replays the one counterexample a failure printed.
 *   FUZZ_STATS=1 prints the answers by route and status; FUZZ_DEBUG='<part of a route>' every answer of it.
 * A failure prints the seed, the replay command, the (shrunk) request and the answer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { count, sql } from 'drizzle-orm';
import { orgClocks } from '../../server/db/schema/index.ts';
import { mutationResultSchema } from '../../core/schema/sync.ts';
import { refresh } from '../support/sign-in.ts';
import { useServerWithOrg } from '../support/session.ts';
import { answerProblem, closeFuzzAgent, describeRequest, sendRaw, type RawAnswer, type RawRequest } from '../support/fuzz-http.ts';
import { buildWorld, declaredRoutes, routeKey, routeSpecs, wireRequest, type DeclaredRoute, type FuzzWorld } from '../support/fuzz-routes.ts';
import { objectOf, toJsonText, type FuzzValue } from '../support/fuzz-values.ts';

const FUZZ_RUNS = process.env.FUZZ_RUNS ? Number(process.env.FUZZ_RUNS) : undefined;
/** Fixed for the default run (the same requests every time); a long run explores with a new seed unless FUZZ_SEED names one. */
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : FUZZ_RUNS ? Date.now() % 2 ** 31 : 20_260_513;
const ONLY = process.env.FUZZ_ROUTE;
const REPLAY_PATH = process.env.FUZZ_PATH;
/** The access token lives 5 minutes; a long run refreshes it before then. */
const TOKEN_MAX_AGE_MS = 3 * 60_000;

const env = useServerWithOrg();
const routes = declaredRoutes();
const specs = routeSpecs(routes);
let world: FuzzWorld;
let token: { value: string; refreshToken: string; at: number };
/** Answers by route and status, printed with FUZZ_STATS=1 (how often the valid inputs get through). */
const stats = new Map<string, Map<number, number>>();

beforeAll(async () => {
  world = await buildWorld(env.server, env.org);
  token = { value: env.org.admin.tokens.accessToken, refreshToken: env.org.admin.tokens.refreshToken, at: Date.now() };
});

afterAll(() => {
  closeFuzzAgent();
  if (process.env.FUZZ_STATS) {
    for (const [key, byStatus] of stats)
      console.log(
        `${key}: ${[...byStatus]
          .sort(([a], [b]) => a - b)
          .map(([s, n]) => `${s}×${n}`)
          .join(' ')}`,
      );
  }
});

async function accessToken(): Promise<string> {
  if (Date.now() - token.at > TOKEN_MAX_AGE_MS) {
    const t = await refresh(env.server.baseUrl, token.refreshToken);
    token = { value: t.accessToken, refreshToken: t.refreshToken, at: Date.now() };
  }
  return token.value;
}

/** Every organization's revision: every write takes one, so equal snapshots mean nothing was written. */
async function revisions(): Promise<{ clocks: number; total: number }> {
  const [row] = await env.server.ctx.db.select({ clocks: count(), total: sql<string>`coalesce(sum(${orgClocks.rev}), 0)::text` }).from(orgClocks);
  return { clocks: Number(row?.clocks ?? 0), total: Number(row?.total ?? 0) };
}

/** For a push answered 200: every verdict well formed, and no more revisions taken than mutations applied. */
function pushProblems(answer: RawAnswer, taken: number): string[] {
  let results: unknown;
  try {
    results = (JSON.parse(answer.text) as { results?: unknown }).results;
  } catch {
    return ['the push answer is not JSON'];
  }
  if (!Array.isArray(results)) return ['the push answer has no results'];
  const problems: string[] = [];
  let applied = 0;
  for (const r of results) {
    const parsed = mutationResultSchema.safeParse(r);
    if (!parsed.success) {
      problems.push(`a malformed verdict ${JSON.stringify(r).slice(0, 200)}`);
      continue;
    }
    if (parsed.data.httpStatus >= 500) problems.push(`mutation ${parsed.data.id} answered ${parsed.data.httpStatus}`);
    if (parsed.data.status === 'rejected' && !parsed.data.message?.trim()) problems.push(`mutation ${parsed.data.id} rejected without a message`);
    if (parsed.data.status === 'applied') applied++;
  }
  if (taken > applied) problems.push(`${taken} revisions taken for ${applied} applied mutations: a rejected mutation wrote`);
  return problems;
}

/** Sends the request and throws, with the request and the answer, when any check fails. */
async function check(route: DeclaredRoute, req: RawRequest): Promise<RawAnswer> {
  const before = await revisions();
  const answer = await sendRaw(env.server.baseUrl, await accessToken(), req);
  const after = await revisions();
  if (process.env.FUZZ_DEBUG && routeKey(route).includes(process.env.FUZZ_DEBUG)) console.log(answer.status, answer.text.slice(0, 300));
  const byStatus = stats.get(routeKey(route)) ?? new Map<number, number>();
  stats.set(routeKey(route), byStatus.set(answer.status, (byStatus.get(answer.status) ?? 0) + 1));
  const problems: string[] = [];
  const problem = answerProblem(answer);
  if (problem) problems.push(problem);
  // The administrator is signed in throughout: a 401 means the run lost its session, not a finding about the input.
  if (answer.status === 401) problems.push('answered 401 to the signed-in administrator');
  const unchanged = after.clocks === before.clocks && after.total === before.total;
  if (answer.status >= 400 && !unchanged)
    problems.push(`refused, yet revisions moved (${before.total} → ${after.total}, clocks ${before.clocks} → ${after.clocks})`);
  if (route.method === 'GET' && !unchanged) problems.push(`a read moved revisions (${before.total} → ${after.total})`);
  if (route.url === '/data/v1/sync/push' && answer.status === 200) problems.push(...pushProblems(answer, after.total - before.total));
  if (problems.length > 0) {
    throw new Error(`${problems.join('; ')}\n  ${describeRequest(req)}\n  → ${answer.status} ${answer.contentType}\n  ${answer.text.slice(0, 800)}`);
  }
  return answer;
}

/** A seed of the route's own, derived from SEED, so one route replays alone (FUZZ_ROUTE) with the same requests. */
function routeSeed(key: string): number {
  let h = SEED | 0;
  for (let i = 0; i < key.length; i++) h = (Math.imul(h, 31) + key.charCodeAt(i)) | 0;
  return h;
}

describe('fuzz: no 5xx, a JSON error for every refusal, nothing changed by a refusal', () => {
  it('finds the routes and knows a valid body for every route that takes one', () => {
    expect(routes.length).toBeGreaterThan(20);
    for (const r of routes) expect(env.server.app.hasRoute({ method: r.method as 'GET', url: r.url }), `${routeKey(r)} (${r.file}) is not registered`).toBe(true);
    const missing = routes.filter((r) => r.hasBody && !specs.get(routeKey(r))?.body).map((r) => `${routeKey(r)} (${r.file})`);
    expect(missing, 'add a valid body for these routes to tests/support/fuzz-routes.ts').toEqual([]);
  });

  // Writes first, then the push, then reads: the reads (Fleet Details, AF1800, the pull) then run over
  // everything the fuzz made (odd names and notes, many vehicles and types, settings of any shape).
  const rank = (r: DeclaredRoute) => (r.method === 'GET' ? 2 : r.url === '/data/v1/sync/push' ? 1 : 0);
  for (const route of [...routes].sort((a, b) => rank(a) - rank(b))) {
    const key = routeKey(route);
    if (ONLY && (routes.some((r) => routeKey(r) === ONLY) ? key !== ONLY : !key.includes(ONLY))) continue;
    const runs = FUZZ_RUNS ?? specs.get(key)?.runs ?? 60;
    it(
      key,
      async () => {
        const seed = routeSeed(key);
        const property = fc.asyncProperty(wireRequest(route, specs.get(key), world, env.server.ctx.config.bodyLimitBytes), async (req) => {
          await check(route, req);
        });
        try {
          await fc.assert(property, { seed, numRuns: runs, includeErrorInReport: true, ...(REPLAY_PATH ? { path: REPLAY_PATH } : {}) });
        } catch (err) {
          const message = (err as Error).message;
          const path = /path: "([^"]+)"/.exec(message)?.[1];
          const replay = `FUZZ_SEED=${SEED} ${FUZZ_RUNS ? `FUZZ_RUNS=${FUZZ_RUNS} ` : ''}FUZZ_ROUTE='${key}'${path ? ` FUZZ_PATH='${path}'` : ''} npx vitest run --project api tests/api/fuzz.test.ts`;
          throw new Error(`${key}: seed ${SEED} (route seed ${seed}); replay: ${replay}\n${message}`);
        }
      },
      Math.max(60_000, runs * 2_000),
    );
  }
});

/** Inputs the fuzz found answered with a 5xx, kept as focused cases (each was a 500 before its fix). */
describe('fuzz regressions', () => {
  const pushRoute: DeclaredRoute = { method: 'POST', url: '/data/v1/sync/push', file: 'server/sync/routes.ts', hasBody: true, hasQuery: false };

  // The refusal's message named the key holding the NUL or lone surrogate verbatim; storing the
  // refusal (sync_mutations.response, jsonb) then failed, and the whole push answered 500 (and so
  // would every retry). Now the key is named escaped (`\ud800`), and push stores only storable text.
  it('rejects alone, and records, a pushed mutation whose body or own fields hold a NUL or lone surrogate in a key', async () => {
    const mutation = (id: string, request: FuzzValue, extra: [string, FuzzValue][] = []) =>
      objectOf([['id', id], ['seq', 0], ['name', 'fuzz'], ['request', request], ...extra]);
    const cases: [FuzzValue, RegExp][] = [
      [mutation('regSurrogateKey', { method: 'POST', path: '/auth/users', body: objectOf([['\uD800', { prototype: { isAdmin: true } }]]) }), /^\\ud800: /],
      [mutation('regNulKey', { method: 'PATCH', path: `/data/v2/vehicles/${world.vehicleIds[0]}`, body: objectOf([['a\u0000', 1]]) }), /^a\\u0000: /],
      [mutation('regMutationKey', { method: 'POST', path: '/auth/users', body: {} }, [['\uDC00x', 1]]), /^\\udc00x: /],
    ];
    for (const [m, message] of cases) {
      const req: RawRequest = { method: 'POST', path: '/data/v1/sync/push', body: toJsonText({ clientId: 'fuzzRegressions', mutations: [m] }) };
      const first = await check(pushRoute, req);
      expect(first.status).toBe(200);
      const [result] = JSON.parse(first.text).results;
      expect(result).toMatchObject({ status: 'rejected', httpStatus: 400, message: expect.stringMatching(message) });
      // The retry is answered from the record, the same way.
      const again = await check(pushRoute, req);
      expect(JSON.parse(again.text).results[0]).toMatchObject(result);
    }
  });
});
