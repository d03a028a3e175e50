import '../zod-jitless.ts';
import '../data/install-mutators.ts';
import { MirrorDb } from '../db/mirror.ts';
import { createApiClient } from '../sync/api.ts';
import { ANSWERS_BUDGET_MS } from '../sync/constants.ts';
import { pullOnce } from '../sync/pull.ts';
import { serializeError, type FromPullWorker, type ToPullWorker } from '../sync/pull-protocol.ts';

/**
 * Runs pulls off the main thread: parsing and writing thousands of rows here keeps the page
 * responsive during a bootstrap. Tokens stay with the page's session (it refreshes them under its
 * lock), so the worker asks for one per request. Dexie tells the page's live queries about every
 * write made here.
 */
// The app compiles against the DOM lib only; this is the slice of the worker scope used here.
interface WorkerScope {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<ToPullWorker>) => void): void;
}
const scope = self as unknown as WorkerScope;
const post = (message: FromPullWorker) => scope.postMessage(message);

const databases = new Map<string, MirrorDb>();
const tokenWaiters = new Map<number, (token: string | null) => void>();
let nextTokenRequest = 1;

function askToken(): Promise<string | null> {
  const tokenRequestId = nextTokenRequest++;
  return new Promise((resolve) => {
    tokenWaiters.set(tokenRequestId, resolve);
    post({ type: 'token', tokenRequestId });
  });
}

async function pull(message: Extract<ToPullWorker, { type: 'pull' }>): Promise<void> {
  let db = databases.get(message.dbName);
  if (!db) {
    db = new MirrorDb(message.dbName);
    databases.set(message.dbName, db);
  }
  const api = createApiClient({ baseUrl: message.baseUrl, getAccessToken: askToken, onForbidden: () => post({ type: 'forbidden' }) });
  try {
    const result = await pullOnce({ db, api, clientId: message.clientId, answersBudgetMs: ANSWERS_BUDGET_MS });
    post({ type: 'done', requestId: message.requestId, result });
  } catch (error) {
    post({ type: 'failed', requestId: message.requestId, error: serializeError(error) });
  }
}

scope.addEventListener('message', (event: MessageEvent<ToPullWorker>) => {
  const message = event.data;
  if (message.type === 'token') {
    tokenWaiters.get(message.tokenRequestId)?.(message.token);
    tokenWaiters.delete(message.tokenRequestId);
  } else {
    void pull(message);
  }
});
