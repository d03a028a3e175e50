import type { FastifyInstance } from 'fastify';
import { MUTATION_HEADER } from '../../server/http/sync-headers.ts';

/**
 * Faults of the network between one simulated device and the real server, injected by the `fetch`
 * the device's ApiClient is given, and faults inside a push (the server's dispatch of one batch).
 *
 * - lostRequest: the request never reaches the server (fetch throws).
 * - lostAnswer: the server handles the request; its answer is lost (fetch throws after it).
 * - duplicate: the same request is sent twice at once (a retrying proxy); the first answer is returned
 *   while the second may still be running.
 * - resend: the request is sent, its answer lost, and sent again; the second answer is returned.
 * - expiredToken: the request carries a token the server no longer takes (401).
 * - crash: the request reaches the server and the tab dies: fetch never settles for it.
 * - expiresMidBatch (push only): the token runs out while the server applies the batch: from the
 *   n-th mutation on, the routes the dispatcher calls see an expired token.
 * - routeFails (push only): the n-th mutation's route fails with a 500 (a lost database connection).
 */
export const REQUEST_FAULTS = ['lostRequest', 'lostAnswer', 'duplicate', 'resend', 'expiredToken', 'crash'] as const;
export const BATCH_FAULTS = ['expiresMidBatch', 'routeFails'] as const;
export type RequestFault = (typeof REQUEST_FAULTS)[number];
export type BatchFault = (typeof BATCH_FAULTS)[number];
export type Fault = RequestFault | BatchFault;

export type RequestKind = 'push' | 'pull' | 'other';

export interface ArmedFault {
  fault: Fault;
  /** Which requests it hits. */
  kind: RequestKind | 'any';
  /** Requests of that kind let through before it strikes (e.g. 1: the second page of a pull). */
  skip: number;
  /** For the batch faults: mutations of the batch applied before it strikes. */
  after?: number;
}

/** What a token the server no longer takes looks like to it: not a valid JWT. */
export const EXPIRED_BEARER = 'Bearer eyJhbGciOiJSUzI1NiJ9.expired.token';

export function requestKind(url: string): RequestKind {
  if (url.includes('/data/v1/sync/push')) return 'push';
  if (url.includes('/data/v1/sync/pull')) return 'pull';
  return 'other';
}

const offline = () => new TypeError('fetch failed (simulated: no network)');

type InjectFn = (opts?: unknown, cb?: unknown) => unknown;

interface BatchFaultState {
  fault: BatchFault;
  /** The pushing device: its dispatched mutations carry `x-sync-mutation: clientId mutationId`. */
  clientId: string;
  after: number;
  seen: number;
  struck: boolean;
}

/** Header by which a push lends its verified caller to the routes it dispatches (server/auth/identity.ts, where the server has it). */
const IDENTITY_HEADER = 'x-internal-identity';

/**
 * Faults inside a push: wraps the server's `app.inject`, through which the push dispatcher applies
 * each mutation (server/sync/push.ts), recognized by its `x-sync-mutation` header. expiresMidBatch
 * makes the credentials stop working for the rest of the batch: the dispatched request carries an
 * expired bearer token and no lent identity, so the route answers 401 as it would once the token ran
 * out (a server that verifies the token once per push and lends the identity makes that rarer, not
 * impossible: the route still answers 401 when the loan is gone). Installed once per server; armed by
 * a device's network for one push request at a time.
 */
export class PushFaults {
  private state: BatchFaultState | null = null;
  private original: InjectFn | null = null;

  constructor(private readonly app: FastifyInstance) {}

  install(): void {
    if (this.original) return;
    const target = this.app as unknown as { inject: InjectFn };
    const original = target.inject.bind(this.app) as InjectFn;
    this.original = original;
    target.inject = (opts?: unknown, cb?: unknown) => {
      const state = this.state;
      if (!state || cb !== undefined || !opts || typeof opts !== 'object') return original(opts, cb);
      const o = opts as { headers?: Record<string, string> };
      const headers = o.headers ?? {};
      if (!headers[MUTATION_HEADER]?.startsWith(`${state.clientId} `)) return original(opts, cb);
      const index = state.seen++;
      if (index < state.after) return original(opts, cb);
      if (state.fault === 'expiresMidBatch') {
        state.struck = true;
        const { [IDENTITY_HEADER]: _lent, ...rest } = headers;
        return original({ ...o, headers: { ...rest, authorization: EXPIRED_BEARER } }, cb);
      }
      if (state.struck) return original(opts, cb);
      state.struck = true;
      const payload = JSON.stringify({ errorMessage: 'Simulated: the database connection was lost' });
      return Promise.resolve({
        statusCode: 500,
        payload,
        body: payload,
        headers: { 'content-type': 'application/json' },
        json: () => JSON.parse(payload) as unknown,
      });
    };
  }

  uninstall(): void {
    if (!this.original) return;
    (this.app as unknown as { inject: InjectFn }).inject = this.original;
    this.original = null;
  }

  arm(fault: BatchFault, clientId: string, after: number): void {
    this.state = { fault, clientId, after, seen: 0, struck: false };
  }

  /** Whether the armed fault struck, and disarms it. */
  disarm(): boolean {
    const struck = this.state?.struck ?? false;
    this.state = null;
    return struck;
  }
}

/**
 * The network of one device. `fetch` goes to the real server unless the device is offline or a fault
 * is armed for the request. Requests that go on after the fetch returned (the second of a duplicate,
 * the request of a crashed tab) are tracked, so the test can wait for them.
 */
export class FaultyNetwork {
  online = true;
  private armed: ArmedFault | null = null;
  private seenOfKind = 0;
  private readonly background = new Set<Promise<unknown>>();
  private readonly hung = new Set<(error: Error) => void>();
  private crashListeners: (() => void)[] = [];
  /** One line per fault that struck, for the failure report. */
  readonly struck: string[] = [];
  /** Requests that left the device, by kind. */
  readonly sent: Record<RequestKind, number> = { push: 0, pull: 0, other: 0 };
  /** Milliseconds spent waiting for the server's answers (request to last byte), by kind. */
  readonly waited: Record<RequestKind, number> = { push: 0, pull: 0, other: 0 };

  constructor(
    private readonly label: string,
    private readonly clientId: string,
    private readonly pushFaults: PushFaults,
    private readonly realFetch: typeof fetch = globalThis.fetch.bind(globalThis),
  ) {}

  arm(fault: ArmedFault): void {
    this.armed = fault;
    this.seenOfKind = 0;
  }

  /** Disarms; true when the armed fault never struck. */
  disarm(): boolean {
    const unused = this.armed !== null;
    this.armed = null;
    return unused;
  }

  /** Resolves when a request of a crashing tab has been sent (or at once if none is armed). */
  whenCrashed(): Promise<void> {
    return new Promise((resolve) => this.crashListeners.push(resolve));
  }

  /** Waits for every request still running on the server. */
  async settle(): Promise<void> {
    while (this.background.size > 0) await Promise.allSettled([...this.background]);
  }

  /** Ends the fetches of crashed tabs (with an error) once the test no longer needs them to hang. */
  releaseHung(): void {
    for (const reject of this.hung) reject(new TypeError('fetch failed (simulated: the tab is gone)'));
    this.hung.clear();
  }

  private track<T>(promise: Promise<T>): Promise<T> {
    const tracked = promise.finally(() => this.background.delete(tracked));
    tracked.catch(() => undefined);
    this.background.add(tracked);
    return tracked;
  }

  /** Sends for real and reads the whole answer, so the server has finished with it. */
  private async send(url: string, init: RequestInit | undefined): Promise<Response> {
    const started = performance.now();
    const res = await this.realFetch(url, init);
    const body = await res.arrayBuffer();
    this.waited[requestKind(url)] += performance.now() - started;
    return new Response(res.status === 204 ? null : body, { status: res.status, statusText: res.statusText, headers: res.headers });
  }

  private take(kind: RequestKind): ArmedFault | null {
    const armed = this.armed;
    if (!armed || (armed.kind !== 'any' && armed.kind !== kind)) return null;
    if (armed.fault === 'expiresMidBatch' || armed.fault === 'routeFails') {
      if (kind !== 'push') return null;
    }
    if (this.seenOfKind++ < armed.skip) return null;
    this.armed = null;
    return armed;
  }

  readonly fetch: typeof fetch = async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (!this.online) throw offline();
    const kind = requestKind(url);
    this.sent[kind]++;
    const armed = this.take(kind);
    if (!armed) return this.send(url, init);
    const path = new URL(url).pathname;
    this.struck.push(`${this.label}: ${armed.fault} on ${kind} ${path}`);
    switch (armed.fault) {
      case 'lostRequest':
        throw offline();
      case 'lostAnswer':
        await this.track(this.send(url, init));
        throw new TypeError('fetch failed (simulated: the answer was lost)');
      case 'duplicate': {
        const first = this.track(this.send(url, init));
        this.track(this.send(url, init));
        return first;
      }
      case 'resend':
        await this.track(this.send(url, init)).catch(() => undefined);
        return this.send(url, init);
      case 'expiredToken':
        return this.send(url, { ...init, headers: { ...(init?.headers as Record<string, string>), Authorization: EXPIRED_BEARER } });
      case 'crash': {
        this.track(this.send(url, init));
        const listeners = this.crashListeners;
        this.crashListeners = [];
        for (const l of listeners) l();
        return new Promise<Response>((_, reject) => this.hung.add(reject));
      }
      case 'expiresMidBatch':
      case 'routeFails': {
        this.pushFaults.arm(armed.fault, this.clientId, armed.after ?? 0);
        try {
          return await this.send(url, init);
        } finally {
          if (!this.pushFaults.disarm()) this.struck.push(`${this.label}: (${armed.fault} did not strike: the batch applied too few new mutations)`);
        }
      }
    }
  };
}
