import { ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconCircleX, IconTool, type Icon } from '@tabler/icons-react';
import { VEHICLE_STATUS_LABELS, type VehicleStatus } from '../../../core/schema/vehicle.ts';

/** Part 2 §9 chart colours: FMC green, warning yellow, inoperable red, in Mx grey. */
const STATUS_LOOK: Record<VehicleStatus, { icon: Icon; color: string }> = {
  valid: { icon: IconCircleCheck, color: 'green.8' },
  warning: { icon: IconAlertTriangle, color: 'yellow.6' },
  invalid: { icon: IconCircleX, color: 'red.8' },
  inMx: { icon: IconTool, color: 'gray.7' },
};

/** A vehicle status as an icon with its name for assistive technology (FMC, Warning, Inoperable, In Mx). */
export function StatusIcon({ status, size = 26 }: { status: VehicleStatus; size?: number }) {
  const { icon: StatusGlyph, color } = STATUS_LOOK[status];
  const label = VEHICLE_STATUS_LABELS[status];
  return (
    <ThemeIcon variant="transparent" color={color} size={size} role="img" aria-label={label} title={label}>
      <StatusGlyph size={size - 4} aria-hidden />
    </ThemeIcon>
  );
}
