import type { MirrorDb } from '../db/mirror.ts';
import type { ApiClient } from './api.ts';
import { ANSWERS_BUDGET_MS } from './constants.ts';
import { pullOnce, type PullResult } from './pull.ts';
import { deserializeError, type FromPullWorker, type ToPullWorker } from './pull-protocol.ts';

export interface PullRunner {
  pull(clientId: string): Promise<PullResult>;
  dispose(): void;
}

export interface PullRunnerOptions {
  db: MirrorDb;
  /** Used when pulling in the page. */
  api: ApiClient;
  baseUrl: string;
  getAccessToken(): Promise<string | null>;
  onForbidden(): void;
}

/** The API origin as an absolute URL: a worker resolves relative URLs against its script, not the page. */
function absoluteBase(baseUrl: string): string {
  return new URL(baseUrl || '/', globalThis.location.href).href.replace(/\/+$/, '');
}

/**
 * Pulls in a module worker where the browser has workers, else (tests, old browsers) in the page. A
 * worker that fails to start is given up for the page's life and the pull runs here instead.
 */
export function createPullRunner(options: PullRunnerOptions): PullRunner {
  const inPage: PullRunner = {
    pull: (clientId) => pullOnce({ db: options.db, api: options.api, clientId, answersBudgetMs: ANSWERS_BUDGET_MS }),
    dispose: () => undefined,
  };
  if (typeof Worker === 'undefined') return inPage;

  let worker: Worker | null;
  try {
    worker = new Worker(new URL('../workers/pull-worker.ts', import.meta.url), { type: 'module' });
  } catch {
    return inPage;
  }
  const waiting = new Map<number, { clientId: string; resolve(r: PullResult): void; reject(e: Error): void }>();
  let nextRequest = 1;
  const send = (message: ToPullWorker) => worker?.postMessage(message);

  worker.addEventListener('message', (event: MessageEvent<FromPullWorker>) => {
    const message = event.data;
    if (message.type === 'token') {
      options.getAccessToken().then(
        (token) => send({ type: 'token', tokenRequestId: message.tokenRequestId, token }),
        () => send({ type: 'token', tokenRequestId: message.tokenRequestId, token: null }),
      );
    } else if (message.type === 'forbidden') {
      options.onForbidden();
    } else {
      const waiter = waiting.get(message.requestId);
      waiting.delete(message.requestId);
      if (message.type === 'done') waiter?.resolve(message.result);
      else waiter?.reject(deserializeError(message.error));
    }
  });
  worker.addEventListener('error', (event) => {
    event.preventDefault();
    console.warn('The pull worker failed; pulling in the page instead', event.message);
    worker?.terminate();
    worker = null;
    for (const waiter of waiting.values()) inPage.pull(waiter.clientId).then(waiter.resolve, waiter.reject);
    waiting.clear();
  });

  return {
    pull(clientId) {
      if (!worker) return inPage.pull(clientId);
      const requestId = nextRequest++;
      return new Promise<PullResult>((resolve, reject) => {
        waiting.set(requestId, { clientId, resolve, reject });
        send({ type: 'pull', requestId, dbName: options.db.name, baseUrl: absoluteBase(options.baseUrl), clientId });
      });
    },
    dispose() {
      worker?.terminate();
      worker = null;
      for (const waiter of waiting.values()) waiter.reject(new Error('Sync stopped'));
      waiting.clear();
    },
  };
}
