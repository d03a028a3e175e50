import { notifications } from '@mantine/notifications';
import type { Mutator } from '../sync/mutator.ts';
import { dismissRejected, useMirror } from '../sync/react.tsx';
import { useMutateWithOutcome } from './use-mutate-with-outcome.ts';

/** What a change made without a connection says: it is kept, and when it goes. */
export const SAVED_ON_DEVICE_MESSAGE = 'Saved on this device. It will be sent when the device is back online.';

/** Tells the user a change was kept on the device for later. */
export const showSavedOnDevice = () => notifications.show({ message: SAVED_ON_DEVICE_MESSAGE });

/**
 * Makes a change and waits a few seconds for the server. A refusal throws the server's message (the
 * dialog or notification shows it) after the rollback has put back the server's copy, and leaves the
 * refused changes list, since the message is already in view: part 2 §4 "organization update fails:
 * the organization data is reloaded". Offline, the change is shown at once and waits in the outbox.
 */
export function useChangeWithVerdict(): <A>(mutator: Mutator<A>, args: A) => Promise<void> {
  const db = useMirror();
  const run = useMutateWithOutcome();
  return async (mutator, args) => {
    const { mutationId, outcome, waited } = await run(mutator, args);
    if (outcome.kind === 'rejected') {
      await dismissRejected(db, mutationId);
      throw new Error(outcome.message);
    }
    if (outcome.kind === 'queued' && !waited) showSavedOnDevice();
  };
}
