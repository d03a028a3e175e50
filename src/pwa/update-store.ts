import { useSyncExternalStore } from 'react';
import { registerServiceWorker, type UpdateState } from './register.ts';

let state: UpdateState | null = null;
const listeners = new Set<() => void>();

/** Starts the service worker once, at boot; a waiting update is kept here for the prompt. */
export function startServiceWorker(): void {
  registerServiceWorker((next) => {
    state = next;
    for (const l of listeners) l();
  });
}

export function useWaitingUpdate(): UpdateState | null {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => state,
  );
}
