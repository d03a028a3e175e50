import { Badge } from '@mantine/core';
import { VEHICLE_STATUS_LABELS, type VehicleStatus } from '../../core/schema/vehicle.ts';
import { StatusIcon } from '../shared/StatusIcon.tsx';

/** A vehicle's status as the website draws it (its icon and colour), with its name, large enough to read at arm's length. */
export function StatusBadge({ status }: { status: VehicleStatus }) {
  return (
    <Badge
      variant="default"
      size="lg"
      radius="sm"
      tt="none"
      leftSection={
        <span aria-hidden style={{ display: 'inline-flex' }}>
          <StatusIcon status={status} size={20} />
        </span>
      }
    >
      {VEHICLE_STATUS_LABELS[status]}
    </Badge>
  );
}
