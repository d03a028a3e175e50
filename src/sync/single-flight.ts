/**
 * Wraps a task so it never runs twice at once. A call while it runs asks for one more run after the
 * current one (the caller's news may have come too late for it) and resolves when that run ends.
 */
export function singleFlight(task: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | null = null;
  let again = false;
  return () => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      try {
        do {
          again = false;
          await task();
        } while (again);
      } finally {
        running = null;
      }
    })();
    return running;
  };
}
