import { useState } from 'react';
import { Button } from '@mantine/core';
import { IconFileTypePdf } from '@tabler/icons-react';
import { VehicleAf1800Modal } from './VehicleAf1800Modal.tsx';

/** The vehicle page's way to its current AF1800 (the monthly ones open from the inspections). */
export function CurrentAf1800Button({ vehicleId, regNumber }: { vehicleId: string; regNumber: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="default" leftSection={<IconFileTypePdf size={18} aria-hidden />} onClick={() => setOpen(true)}>
        Current AF1800
      </Button>
      {open ? <VehicleAf1800Modal target={{ vehicleId, regNumber, month: 'current' }} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
