import { useCallback, useState } from 'react';
import { Modal } from '@mantine/core';
import { useMirror, useServerRead } from '../../sync/react.tsx';
import { Af1800PdfBody } from './Af1800PdfBody.tsx';
import { loadVehicleForm, pdfFileName, vehicleFormTitle, type VehicleAf1800Target } from './af1800-data.ts';
import { useAf1800Pdf } from './use-af1800-pdf.ts';

/** 'Current AF1800 for {reg}' or '{month}/{year} AF1800 for {reg}' (part 1 §2): one vehicle's form. */
export function VehicleAf1800Modal({ target, onClose }: { target: VehicleAf1800Target; onClose(): void }) {
  const db = useMirror();
  const read = useServerRead();
  const title = vehicleFormTitle(target.regNumber, target.month);
  // Fixed when the modal opens (it mounts per target): the form is what the records said then.
  const [now] = useState(() => new Date());
  const load = useCallback(async () => [await loadVehicleForm(db, read, target.vehicleId, target.month, now)], [db, read, target, now]);
  const state = useAf1800Pdf(load, title);
  return (
    <Modal opened onClose={onClose} title={title} size="auto" centered>
      <Af1800PdfBody state={state} fileName={pdfFileName(title)} />
    </Modal>
  );
}
