/** Exclusive Web Locks for several "tabs" in one test: the next waiter gets the lock on release. */
export function fakeLocks() {
  const queues = new Map<string, { grant: () => void }[]>();
  const held = new Set<string>();

  function next(name: string) {
    const waiter = queues.get(name)?.shift();
    if (waiter) waiter.grant();
  }

  const locks = {
    request(name: string, options: { signal?: AbortSignal }, callback: () => Promise<void>): Promise<void> {
      return new Promise<void>((resolve, reject) => {
        const waiter = {
          grant: () => {
            held.add(name);
            callback().then(resolve, reject).finally(() => {
              held.delete(name);
              next(name);
            });
          },
        };
        options.signal?.addEventListener('abort', () => {
          const queue = queues.get(name) ?? [];
          const at = queue.indexOf(waiter);
          if (at >= 0) {
            queue.splice(at, 1);
            reject(new DOMException('aborted', 'AbortError'));
          }
        });
        if (held.has(name)) queues.set(name, [...(queues.get(name) ?? []), waiter]);
        else waiter.grant();
      });
    },
  };
  return locks as unknown as Pick<LockManager, 'request'>;
}
