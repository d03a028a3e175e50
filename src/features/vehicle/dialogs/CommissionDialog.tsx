import { Text } from '@mantine/core';
import { FormModal } from '../../../components/FormModal.tsx';

export interface CommissionDialogProps {
  regNumber: string;
  /** The vehicle is decommissioned now: the dialog puts it back in commission. */
  decommissioned: boolean;
  onClose: () => void;
  onConfirm: () => Promise<void>;
}

/** Decommission (after confirmation) or Re-commission a vehicle (part 1 §4). */
export function CommissionDialog({ regNumber, decommissioned, onClose, onConfirm }: CommissionDialogProps) {
  return decommissioned ? (
    <FormModal opened onClose={onClose} title={`Re-commission ${regNumber}?`} onSubmit={onConfirm} submitLabel="Re-commission">
      <Text>{regNumber} will be in commission again and shown in Fleet Details and the Overview.</Text>
    </FormModal>
  ) : (
    <FormModal opened onClose={onClose} title={`Decommission ${regNumber}?`} onSubmit={onConfirm} submitLabel="Decommission">
      <Text>
        Are you sure you want to decommission {regNumber}? Decommissioned vehicles drop out of Fleet Details and the Overview; you can re-commission it from this
        page.
      </Text>
    </FormModal>
  );
}
