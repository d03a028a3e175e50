import { MirrorDb, type FeedTables } from '../../../src/db/mirror.ts';
import type { FeedName } from '../../../core/schema/feeds.ts';
import { benchState, type ReadBatch } from './bench-state.ts';

let open: ReadBatch | null = null;

/** The batch of the current synchronous run: the hook's Promise.all makes all its calls in one. */
function currentBatch(): ReadBatch {
  if (!open) {
    const batch: ReadBatch = { feeds: [], start: performance.now(), end: 0, pending: 0 };
    benchState.reads.push(batch);
    open = batch;
    queueMicrotask(() => (open = null));
  }
  return open;
}

/** The app's mirror, with each feed's toArray timed; everything else reaches Dexie unchanged. */
export class TimedMirror extends MirrorDb {
  override feed<N extends FeedName>(name: N): FeedTables[N] {
    const table = super.feed(name);
    return new Proxy(table, {
      get(target, prop) {
        const value: unknown = Reflect.get(target, prop, target);
        if (typeof value !== 'function') return value;
        if (prop !== 'toArray') return value.bind(target);
        return () => {
          const batch = currentBatch();
          batch.feeds.push(name);
          batch.pending++;
          const answer = target.toArray();
          void answer.then(() => {
            batch.pending--;
            batch.end = performance.now();
          });
          return answer;
        };
      },
    });
  }
}

/** The hook's read: the last complete batch that read the inspections. */
export function lastFleetRead(): ReadBatch | null {
  const batch = benchState.reads.findLast((b) => b.feeds.includes('inspections'));
  return batch && batch.pending === 0 ? batch : null;
}
