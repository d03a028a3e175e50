import { useState } from 'react';
import { TextInput } from '@mantine/core';
import { editRegNumberError, limitRegNumberInput, REG_NUMBER_MAX, regNumberChanged } from '../../../../core/rules/vehicle-form.ts';
import type { Vehicle } from '../../../../core/schema/vehicle.ts';
import { useSession } from '../../../auth/session-context.ts';
import { FormModal } from '../../../components/FormModal.tsx';
import { updateVehicle } from '../../../data/vehicles/update-vehicle.ts';
import { dismissRejected, useMirror } from '../../../sync/react.tsx';
import { useKnownVehicles } from '../../../shared/use-known-vehicles.ts';
import { useMutateWithOutcome } from '../../../shared/use-mutate-with-outcome.ts';

export interface EditRegNumberDialogProps {
  vehicle: Vehicle;
  onClose: () => void;
  /** The change was made (or queued): the page moves to the new registration. */
  onSaved: (regNumber: string) => void;
}

/**
 * The registration number (part 1 §5): the format, no clash with another vehicle of the organization
 * (trimmed, case-insensitive), typing limited to 15, Save only when changed. Online, the dialog waits
 * a few seconds for the server and keeps its refusal in view.
 */
export function EditRegNumberDialog({ vehicle, onClose, onSaved }: EditRegNumberDialogProps) {
  const db = useMirror();
  // Every vehicle of the organization, for the clash check: read while this dialog is open only.
  const vehicles = useKnownVehicles();
  const { user } = useSession();
  const run = useMutateWithOutcome();
  const [value, setValue] = useState(vehicle.regNumber);
  const [failure, setFailure] = useState<string | null>(null);

  const changed = regNumberChanged(value, vehicle.regNumber);
  const error = changed ? editRegNumberError(value, vehicle.vehicleId, vehicles) : null;

  const submit = async () => {
    setFailure(null);
    const regNumber = value.trim();
    const { mutationId, outcome } = await run(updateVehicle, { vehicleId: vehicle.vehicleId, changes: { regNumber }, userId: user.userId });
    if (outcome.kind === 'rejected') {
      await dismissRejected(db, mutationId);
      setFailure(outcome.message);
      return;
    }
    onSaved(regNumber);
    onClose();
  };

  return (
    <FormModal
      opened
      onClose={onClose}
      title="Edit Registration Number"
      onSubmit={submit}
      submitLabel="Save"
      canSubmit={changed && error === null}
      closeOnSuccess={false}
      error={failure}
      dirty={changed}
    >
      <TextInput
        label="Registration Number"
        required
        value={value}
        maxLength={REG_NUMBER_MAX}
        onChange={(event) => setValue(limitRegNumberInput(event.currentTarget.value))}
        error={error}
        description={`4 to ${REG_NUMBER_MAX} letters or digits; single spaces, hyphens or underscores between them`}
        autoComplete="off"
        data-autofocus
      />
    </FormModal>
  );
}
