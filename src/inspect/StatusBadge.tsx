import { Badge } from '@mantine/core';
import { VEHICLE_STATUS_LABELS, type VehicleStatus } from '../../core/schema/vehicle.ts';

const COLORS: Record<VehicleStatus, string> = { valid: 'teal', warning: 'yellow', invalid: 'red', inMx: 'blue' };

export function StatusBadge({ status }: { status: VehicleStatus }) {
  return (
    <Badge color={COLORS[status]} variant="light" c="dark.9" size="lg" radius="sm">
      {VEHICLE_STATUS_LABELS[status]}
    </Badge>
  );
}
