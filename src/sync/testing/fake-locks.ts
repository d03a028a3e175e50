export type FakeLocks = Pick<LockManager, 'request'> & {
  /**
   * While true, a tab whose lock is stolen does not hear of it (its request's promise stays pending)
   * until `deliverStealNotices`: a frozen tab, whose tasks wait until it runs again.
   */
  holdStealNotices: boolean;
  deliverStealNotices(): void;
};

interface Grant {
  steal(): void;
}

/**
 * Exclusive Web Locks for several "tabs" in one test: the next waiter gets the lock on release. A
 * request with `steal` takes the lock at once, ahead of the line; the holder's request then rejects
 * with an AbortError while its callback runs on (as in browsers).
 */
export function fakeLocks(): FakeLocks {
  const queues = new Map<string, { grant: () => void }[]>();
  const holders = new Map<string, Grant>();
  const heldNotices: (() => void)[] = [];

  function next(name: string) {
    const waiter = queues.get(name)?.shift();
    if (waiter) waiter.grant();
  }

  const locks: FakeLocks = {
    holdStealNotices: false,
    deliverStealNotices() {
      for (const notice of heldNotices.splice(0)) notice();
    },
    request(name: string, ...rest: unknown[]): Promise<unknown> {
      const [options, callback] = (rest.length === 1 ? [{}, rest[0]] : rest) as [LockOptions, () => unknown];
      return new Promise<unknown>((resolve, reject) => {
        const waiter = {
          grant: () => {
            let stolen = false;
            const grant: Grant = {
              steal: () => {
                stolen = true;
                const notice = () => reject(new DOMException('The lock was stolen', 'AbortError'));
                if (locks.holdStealNotices) heldNotices.push(notice);
                else notice();
              },
            };
            holders.set(name, grant);
            let result: Promise<unknown>;
            try {
              result = Promise.resolve(callback());
            } catch (error) {
              result = Promise.reject(error);
            }
            const finish = () => {
              if (holders.get(name) !== grant) return;
              holders.delete(name);
              next(name);
            };
            result.then(
              (value) => {
                if (!stolen) resolve(value);
                finish();
              },
              (error: unknown) => {
                if (!stolen) reject(error);
                finish();
              },
            );
          },
        };
        if (options.steal) {
          const current = holders.get(name);
          holders.delete(name);
          current?.steal();
          waiter.grant();
          return;
        }
        if (options.signal?.aborted) {
          reject(new DOMException('aborted', 'AbortError'));
          return;
        }
        options.signal?.addEventListener('abort', () => {
          const queue = queues.get(name) ?? [];
          const at = queue.indexOf(waiter);
          if (at >= 0) {
            queue.splice(at, 1);
            reject(new DOMException('aborted', 'AbortError'));
          }
        });
        if (holders.has(name)) queues.set(name, [...(queues.get(name) ?? []), waiter]);
        else waiter.grant();
      });
    },
  } as FakeLocks;
  return locks;
}
