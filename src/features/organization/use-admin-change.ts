import { notifications } from '@mantine/notifications';
import type { Mutator } from '../../sync/mutator.ts';
import { dismissRejected, useMirror } from '../../sync/react.tsx';
import { useMutateWithOutcome } from '../../shared/use-mutate-with-outcome.ts';

/**
 * Makes an administration change and waits a few seconds for the server. A refusal throws the
 * server's message (the dialog keeps it in view) after the rollback has put back the server's copy:
 * part 2 §4 "organization update fails: the organization data is reloaded". Offline, the change is
 * shown at once and waits in the outbox.
 */
export function useAdminChange(): <A>(mutator: Mutator<A>, args: A) => Promise<void> {
  const db = useMirror();
  const run = useMutateWithOutcome();
  return async (mutator, args) => {
    const { mutationId, outcome, waited } = await run(mutator, args);
    if (outcome.kind === 'rejected') {
      await dismissRejected(db, mutationId);
      throw new Error(outcome.message);
    }
    if (outcome.kind === 'queued' && !waited) notifications.show({ message: 'Saved on this device. It will be sent when the device is back online.' });
  };
}
