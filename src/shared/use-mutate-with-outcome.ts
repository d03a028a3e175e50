import { useCallback } from 'react';
import type { Mutator } from '../sync/mutator.ts';
import { awaitOutcome, type MutationOutcome } from '../sync/outcome.ts';
import { useMirror, useMutate, useSyncFact } from '../sync/react.tsx';

/** How long a dialog waits for the server's verdict while the device can reach it (part 1 §4, §8). */
export const OUTCOME_WAIT_MS = 6_000;

export interface MutationWithOutcome {
  mutationId: string;
  outcome: MutationOutcome;
  /** False when the device could not reach the server, so the dialog did not wait at all. */
  waited: boolean;
}

/** Makes a change and waits a few seconds for the server's verdict; offline it does not wait. */
export function useMutateWithOutcome(): <A>(mutator: Mutator<A>, args: A) => Promise<MutationWithOutcome> {
  const db = useMirror();
  const mutate = useMutate();
  const online = useSyncFact((s) => s.online);
  const signInRequired = useSyncFact((s) => s.signInRequired);
  const reachable = online && !signInRequired;
  return useCallback(
    async <A>(mutator: Mutator<A>, args: A): Promise<MutationWithOutcome> => {
      const { id: mutationId } = await mutate(mutator, args);
      const outcome = await awaitOutcome(db, mutationId, { timeoutMs: reachable ? OUTCOME_WAIT_MS : 0 });
      return { mutationId, outcome, waited: reachable };
    },
    [db, mutate, reachable],
  );
}
