import { cmp, type DBCoreCursor, type DBCoreTransaction } from 'dexie';

/** One step of a cursor: the index key, the primary key and the row. */
export interface CursorEntry {
  key: unknown;
  primaryKey: unknown;
  value: unknown;
}

/**
 * A DBCore cursor over entries already read and ordered (src/db/month-buckets.ts answers a cursor on a
 * bucketed table this way), behaving as Dexie's cursor over IndexedDB does: `start` calls back once
 * per step until the callback stops, or the entries end; `continue`, `continuePrimaryKey` and
 * `advance` move it (`continue` to a key moves in the entries' direction).
 */
export function arrayCursor(trans: DBCoreTransaction, entries: readonly CursorEntry[], values: boolean): DBCoreCursor | null {
  if (entries.length === 0) return null;
  const descending = entries.length > 1 && cmp(entries[0]!.key, entries.at(-1)!.key) > 0;
  const before = (a: number) => (descending ? a > 0 : a < 0);
  let at = 0;
  let moved = false;
  let callback: (() => void) | null = null;
  let finish: ((value?: unknown) => void) | null = null;
  let fail: ((error: Error) => void) | null = null;

  const notStarted = () => {
    throw new Error('Cursor not started');
  };
  let running = false;
  const move = (to: number) => {
    if (!callback) notStarted();
    at = to;
    moved = true;
    // A callback that moves later (after awaiting something) goes on from there.
    if (!running) queueMicrotask(run);
  };
  /** The first entry at or past `from` for which `stillBefore` is false. */
  const seek = (stillBefore: (e: CursorEntry) => boolean) => {
    let i = at + 1;
    while (i < entries.length && stillBefore(entries[i]!)) i++;
    return i;
  };

  /** Calls back once for each step the callback asks for, in a loop rather than one call inside another. */
  function run(): void {
    running = true;
    try {
      while (callback) {
        if (at >= entries.length) {
          cursor.done = true;
          cursor.stop();
          return;
        }
        moved = false;
        try {
          callback();
        } catch (error) {
          cursor.fail(error as Error);
          return;
        }
        if (!moved) return;
      }
    } finally {
      running = false;
    }
  }

  const cursor = {
    trans,
    done: false,
    get key() {
      return entries[at]?.key;
    },
    get primaryKey() {
      return entries[at]?.primaryKey;
    },
    get value() {
      return values ? entries[at]?.value : undefined;
    },
    continue(key?: unknown) {
      move(key === undefined ? at + 1 : seek((e) => before(cmp(e.key, key))));
    },
    continuePrimaryKey(key: unknown, primaryKey: unknown) {
      move(seek((e) => before(cmp(e.key, key)) || (cmp(e.key, key) === 0 && before(cmp(e.primaryKey, primaryKey)))));
    },
    advance(count: number) {
      move(at + count);
    },
    stop(value?: unknown) {
      const done = finish;
      callback = null;
      finish = null;
      done?.(value);
    },
    fail(error: Error) {
      const failed = fail;
      callback = null;
      finish = null;
      failed?.(error);
    },
    start(onNext: () => void): Promise<unknown> {
      return new Promise((resolve, reject) => {
        callback = onNext;
        finish = resolve;
        fail = reject;
        run();
      });
    },
    next(): Promise<DBCoreCursor> {
      let gotOne = 1;
      return cursor.start(() => (gotOne-- ? cursor.continue() : cursor.stop())).then(() => cursor as unknown as DBCoreCursor);
    },
  };
  return cursor as unknown as DBCoreCursor;
}
