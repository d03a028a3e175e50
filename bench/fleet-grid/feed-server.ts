// The cached feed files the bench page fills its mirror from, served from a thread of their own. Served
// by the app server's thread, they waited behind the database's writes: PGlite holds that thread for
// long stretches, and the first organization's fill took as long as the whole database (98 s), the
// mirror filling only once the database was done.
import { once } from 'node:events';
import { tsWorker } from '../ts-worker.ts';

export interface FeedServer {
  /** Where the page asks for an organization's feed: `${origin}/${org}/${feed}.json`. */
  origin: string;
  close(): Promise<void>;
}

export async function startFeedServer(cacheDir: string): Promise<FeedServer> {
  const worker = tsWorker(new URL('./feed-server-worker.ts', import.meta.url), { cacheDir });
  const [port] = (await Promise.race([once(worker, 'message'), once(worker, 'error').then(([error]) => Promise.reject(error))])) as [number];
  return { origin: `http://127.0.0.1:${port}`, close: () => worker.terminate().then(() => undefined) };
}
